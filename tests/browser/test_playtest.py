"""The playtest page in a browser, at desktop and phone widths: goldfish beyond the opening hand
(draw, next turn, put a card into play) and the exact chance of drawing any of a group of cards;
and a test-game job cancelled from its page. No page scrolls sideways on a phone."""

from pathlib import Path

from playwright.sync_api import expect

from cards.models import Game
from decks.services import deck_import
from jobs.models import SimulationJob

from .test_tools import no_broker  # noqa: F401 (a fixture)

STRONG = Path("rulebook/neopets/sample_decks/strong.txt").read_text()


def test_it_goldfishes_and_gives_the_chance_of_a_group(
    page, sample_cards, logged_in, viewport, fits, shot
):
    alice = logged_in("alice")
    neopets = Game.objects.get(slug="neopets")
    deck = deck_import(owner=alice, game=neopets, name="Strong", text=STRONG)
    page.goto(f"/decks/{deck.address}/")
    page.locator("#playtest-link").click()
    page.wait_for_url("**/playtest/")
    hand = page.locator("#goldfish-hand > li")
    # Setting Up the Game: 5 cards in the opening hand.
    expect(hand).to_have_count(5)
    page.get_by_role("link", name="Draw a card").click()
    expect(hand).to_have_count(6)
    page.get_by_role("link", name="Next turn").click()
    expect(page.locator("#goldfish-status")).to_contain_text("Turn 1")
    turn_one = hand.count()
    page.get_by_role("link", name="Next turn").click()
    expect(page.locator("#goldfish-status")).to_contain_text("Turn 2")
    expect(hand).to_have_count(turn_one + 1)  # 5.2 Draw Phase: one card a turn
    first = hand.first.inner_text().removesuffix(" Play").strip()
    hand.first.get_by_role("link").click()
    expect(page.locator("#goldfish-in-play > li")).to_have_text([first])
    expect(hand).to_have_count(turn_one)

    # The exact (hypergeometric) chance of any of a group: 2 Hot Dogs and 5 Mau Codestones
    # among 50 cards, in a 5-card opening hand: 1 - C(43, 5) / C(50, 5).
    page.get_by_label("Count Hot Dog in the group").check()
    page.get_by_label("Count Mau Codestone in the group").check()
    page.get_by_role("button", name="Chance of any card ticked").click()
    group = page.locator("#odds-group-row")
    expect(group).to_contain_text("Any of Hot Dog, Mau Codestone")
    expect(group.locator("button.figure[title='82583/151340']")).to_have_text("54.6%")
    # the goldfish game is in the address, so asking for odds kept it
    expect(page.locator("#goldfish-in-play > li")).to_have_text([first])
    fits()
    shot("playtest")


def test_a_test_game_job_is_cancelled_from_its_page(
    page,
    sample_cards,
    no_broker,  # noqa: F811 (the fixture imported above)
    viewport,
    fits,
    shot,
):
    page.goto("/tools/test-games/")
    page.get_by_label("Deck A", exact=True).select_option("sample:neopets:strong")
    page.get_by_label("Deck B", exact=True).select_option("sample:neopets:weak")
    page.get_by_label("Games").fill("40")
    page.get_by_role("button", name="Play the games").click()
    expect(page.locator("#job-progress")).to_be_visible()
    fits()
    page.get_by_role("button", name="Cancel the job").click()
    expect(page.locator(".messages")).to_contain_text("The job is cancelled")
    expect(page.get_by_role("button", name="Cancel the job")).to_have_count(0)
    assert SimulationJob.objects.get().status == SimulationJob.Status.CANCELLED
    fits()
    shot("test-game-cancelled")
