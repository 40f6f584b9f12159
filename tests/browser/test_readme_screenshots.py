"""The docs' screenshots (docs/*.png, shown by docs/website.md and the README), made from the
sample cards and decks so they can be made again after a page changes: `make
readme-screenshots`. Skipped unless asked for (the other browser tests already drive these
pages), since it writes into docs/."""

import os
from pathlib import Path
from urllib.parse import urlencode

import pytest

from cards.models import Game
from decks.models import Deck
from decks.services import deck_import

DOCS = Path(__file__).resolve().parents[2] / "docs"
WIDTH = 1100

pytestmark = pytest.mark.skipif(
    not os.environ.get("DECKWARDEN_README_SCREENSHOTS"),
    reason="writes docs/*.png: run with DECKWARDEN_README_SCREENSHOTS=1 (make readme-screenshots)",
)


def save(page, name: str, height: int) -> None:
    """The top `height` pixels of the page, as the README shows it."""
    page.set_viewport_size({"width": WIDTH, "height": height})
    page.screenshot(path=str(DOCS / f"{name}.png"))


def test_it_makes_the_readme_screenshots(page, sample_cards, logged_in):
    alice = logged_in("alice")
    neopets = Game.objects.get(slug="neopets")
    decks = {}
    for sample, name in [("strong", "Kau Rush"), ("weak", "Grarrl Tempo")]:
        text = Path(f"rulebook/neopets/sample_decks/{sample}.txt").read_text()
        decks[sample] = deck_import(
            owner=alice, game=neopets, name=name, text=text, visibility=Deck.Visibility.PUBLIC
        )

    page.goto("/")
    save(page, "home", 640)
    page.goto("/cards/?" + urlencode({"q": "t:neopet", "order": "hp", "dir": "desc"}))
    save(page, "card-search", 640)
    page.goto(f"/decks/{decks['strong'].pk}/")
    save(page, "deck-editor", 760)
    query = urlencode({"seed": 7, "turn": 2, "group": ["Hot Dog", "Mau Codestone"]}, doseq=True)
    page.goto(f"/decks/{decks['strong'].pk}/playtest/?{query}")
    page.locator("#goldfish-hand > li").first.get_by_role("link").click()
    page.wait_for_url("**/playtest/?*")
    save(page, "playtest", 820)
    # Playing against the bot (seed 7), answered until the bot has just attacked: the README's
    # picture of it shows the dice and damage in words above the decision
    page.goto(f"/play/?game=neopets&deck={decks['strong'].pk}")
    page.get_by_label("Seed").fill("7")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url("**/play/*-*/")
    recent = page.locator("#play-recent")
    for _ in range(60):
        if recent.count() and "attack dice" in recent.inner_text():
            break
        before = page.locator("#decision input[name=number]").get_attribute("value")
        page.locator(".play-options button").first.click()
        page.wait_for_function(
            "(before) => document.querySelector('#decision input[name=number]')?.value !== before",
            arg=before,
        )
    save(page, "play", 900)


def test_it_makes_the_rounds_screenshot(page, sample_cards):
    """docs/events/rounds.png, the event walk-through's picture: what a player reads on the
    rounds page after three Swiss rounds of nine (a bye each) and the top cut's first round,
    their own table marked, the clock, and the standings with their tiebreakers."""
    from django.contrib.auth import get_user_model

    from events import rounds
    from tests.browser.test_events import log_in
    from tests.browser.test_rounds import nine_players

    alice = get_user_model().objects.create_user("alice", password="alice-password-1")
    event, _ = nine_players(alice)
    for cut in (None, None, None, 4):
        played = rounds.round_start(event=event, top_cut=cut, publish=True)
        for match in played.matches.filter(opponent__isnull=False):
            if played.kind == played.CUT and match.table == 2:
                continue  # the cut's second table is still playing
            wins = [[2, 1], [0, 2], [2, 0], [1, 2]][match.table % 4]
            rounds.result_report(round=played, user=alice, table=match.table, wins=wins, draws=0)
    log_in(page, "player3")
    page.goto(f"/events/{event.token}/rounds/")
    page.set_viewport_size({"width": WIDTH, "height": 900})
    page.screenshot(path=str(DOCS / "events" / "rounds.png"), full_page=True)
