"""The tools' pages in a real browser: cost a Keeper card as you type, run a small test-game job
and watch its chart appear, and every tools page loads with nothing from another host."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from jobs.models import SimulationJob
from jobs.services import queue
from jobs.services.chunks import chunk_run
from rulebook.keeper.builder import card_review

COLLAPSE = "Target up to 4 cards in play. Destroy all targets."


def test_it_costs_a_keeper_card_as_it_is_typed(page, sample_cards, shot):
    page.goto("/tools/keeper/builder/")
    page.get_by_label("Type").select_option("Spell")
    page.get_by_label("Ability text").fill(f"Flying. {COLLAPSE}")
    expected = card_review(card_type="Spell", text=f"Flying. {COLLAPSE}", edition=11)["cost"]
    expect(page.locator("#card-cost")).to_have_text(str(expected))
    expect(page.locator("#review")).to_contain_text("“Flying.”")  # the part it could not read
    shot("keeper-builder")
    shot("keeper-builder", phone=True)


@pytest.fixture
def no_broker(monkeypatch) -> None:
    """Chunks are played by the test (below), not sent to a broker no worker reads."""
    monkeypatch.setattr(queue, "send_chunks", lambda chunks, **options: None)


def test_it_runs_a_small_test_game_job_and_shows_its_chart(page, sample_cards, no_broker, shot):
    page.goto("/tools/test-games/")
    page.get_by_label("Deck A", exact=True).select_option("sample:neopets:strong")
    page.get_by_label("Deck B", exact=True).select_option("sample:neopets:weak")
    page.get_by_label("Games").fill("40")
    page.get_by_label("Seed").fill("7")
    page.get_by_role("button", name="Play the games").click()
    expect(page.locator("#job-progress")).to_be_visible()
    job = SimulationJob.objects.get()
    chunks = list(job.chunks.order_by("index"))
    chunk_run(chunk_id=chunks[0].pk, worker="browser-test")
    if len(chunks) > 1:
        expect(page.locator("#job-progress")).to_have_attribute("value", str(chunks[0].count))
    for chunk in chunks[1:]:
        chunk_run(chunk_id=chunk.pk, worker="browser-test")
    chart = page.locator("#win-rate-chart svg:visible")
    expect(chart).to_be_visible()
    assert "Win rate with its 95% interval" in chart.locator("title").first.text_content()
    expect(page.locator("#card-table tbody tr").first).to_be_visible()
    assert page.url.endswith(f"/tools/test-games/{job.pk}/")  # the result's permanent link
    shot("test-game-result")
    shot("test-game-result", phone=True)


def test_it_plays_a_small_millennium_blades_table_and_draws_its_placements(
    page, sample_cards, no_broker, shot
):
    """Issue 24: a table of three sample decks from the page, each deck's placements drawn."""
    page.goto("/tools/test-games/")
    page.get_by_label("Game", exact=True).select_option("millennium-blades")
    for seat, deck in zip("ABC", ("knights", "clash", "tides"), strict=True):
        page.get_by_label(f"Deck {seat}", exact=True).select_option(
            f"sample:millennium-blades:{deck}"
        )
    page.get_by_label("Games").fill("30")
    page.get_by_label("Seed").fill("5")
    page.get_by_role("button", name="Play the games").click()
    expect(page.locator("#job-progress")).to_be_visible()
    job = SimulationJob.objects.get()
    assert job.kind == "table" and len(job.decks) == 3
    for chunk in job.chunks.order_by("index"):
        chunk_run(chunk_id=chunk.pk, worker="browser-test")
    charts = page.locator("#placements .placement-chart")  # each drawn narrow and wide
    expect(charts).to_have_count(3)
    expect(charts.locator("svg")).to_have_count(6)
    assert "Deck C: games by place" in charts.nth(2).locator("svg title").first.text_content()
    expect(page.locator("#wins-said")).to_contain_text("deck C")
    shot("test-game-table")
    shot("test-game-table", phone=True)


ODDS = (
    "/tools/neopets/battle-odds/?attacker_hp=8&attacker_attack=4&attacker_defence=3"
    "&attacker_agility=5&defender_hp=7&defender_attack=3&defender_defence=5&defender_agility=3"
)
FIX = "/tools/millennium-blades/fix/?decklist=Singles%3A%0A1+Sample+Single&seed=3"


@pytest.mark.parametrize(
    "name, path",
    [
        ("tools", "/tools/"),
        ("battle-odds", ODDS),
        ("archive-swap", "/tools/metazoo/archive-swap/"),
        ("blades-fix", FIX),
        ("test-games", "/tools/test-games/"),
    ],
)
def test_the_tools_pages_load_everything_from_this_machine(page, sample_cards, shot, name, path):
    response = page.goto(path)
    assert response is not None and response.status == 200
    assert page.evaluate("typeof htmx") == "object"
    shot(name)
    shot(name, phone=True)


def test_alice_shares_a_result_and_charlie_opens_it(
    page, browser, live_server, sample_cards, no_broker, logged_in, shot
):
    """Issue 27 item 4: the result's owner shares it by link; another user opens the link."""
    logged_in("alice")
    page.goto("/tools/test-games/")
    page.get_by_label("Games").fill("20")
    page.get_by_role("button", name="Play the games").click()
    expect(page.locator("#share")).to_contain_text("Only you can open this page")
    job = SimulationJob.objects.get()
    for chunk in job.chunks.order_by("index"):
        chunk_run(chunk_id=chunk.pk, worker="browser-test")
    expect(page.locator("#win-rate-chart svg:visible")).to_be_visible()
    page.get_by_role("button", name="Share by link").click()
    link = page.locator("#share-link")
    expect(link).to_be_visible()
    shot("test-game-shared-owner")
    shot("test-game-shared-owner", phone=True)
    page.set_viewport_size({"width": 360, "height": 780})  # the narrow charts, on screen
    expect(page.locator("#cards-chart svg.width-400")).to_be_visible()
    page.locator("#cards-chart").scroll_into_view_if_needed()
    page.screenshot(path=str(shot("test-game-charts").with_name("test-game-charts-360.png")))
    page.set_viewport_size({"width": 1280, "height": 900})
    address = link.get_attribute("href")
    stranger = browser.new_context(base_url=live_server.url).new_page()
    stranger.goto(address)
    expect(stranger.locator("#share")).to_contain_text("shared by its owner")
    expect(stranger.locator("#win-rate-chart svg:visible")).to_be_visible()
    assert stranger.goto(f"/tools/test-games/{job.pk}/").status == 404
    stranger.context.close()


def test_the_deck_pickers_follow_the_chosen_game(page, sample_cards, shot):
    page.goto("/tools/test-games/")
    deck_a = page.get_by_label("Deck A", exact=True)
    expect(deck_a.locator("option[value='sample:neopets:strong']")).to_have_count(1)
    page.get_by_label("Game", exact=True).select_option("keeper")
    expect(deck_a.locator("option[value='sample:keeper:aggro']")).to_have_count(1)
    expect(deck_a.locator("option[value^='sample:neopets:']")).to_have_count(0)
    expect(deck_a).to_have_value("sample:keeper:aggro")
