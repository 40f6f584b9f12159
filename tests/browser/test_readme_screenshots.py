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
