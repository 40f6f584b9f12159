"""Issue 40's rough edges in a browser, at desktop width and at a 360 px phone: the test-games
menu offers each sample deck once, and a deck whose only cards are unsaved changes says "save a
version first" where it is picked."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect


@pytest.mark.parametrize("width", [1280, 360], ids=["desktop", "phone-360"])
def test_the_test_games_menu_offers_each_sample_once_and_an_unsaved_deck_says_so(
    page, sample_decks, logged_in, fits, shot, width
):
    page.set_viewport_size({"width": width, "height": 900})
    logged_in("alice")
    page.goto("/decks/new/?game=neopets")
    page.get_by_label("Name").fill("Only a draft")
    page.get_by_role("button", name="Create and edit").click()
    page.wait_for_url("**/decks/*/")
    page.goto("/tools/test-games/?game=neopets")
    options = page.locator("#id_deck_a option").all_inner_texts()
    strong = [text for text in options if "strong" in text.lower()]
    assert strong == ["Neopets Battledome TCG sample: strong"], options
    expect(page.locator("#id_deck_a")).to_contain_text(
        "Only a draft (Neopets Battledome TCG): nothing saved yet, save a version first"
    )
    fits()
    shot(f"test-games-menu-{width}")
