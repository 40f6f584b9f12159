"""Issue 40, items 2 and 3 in a browser, at desktop width and at a 360 px phone: a pasted list's
Maybeboard is read into the deck's maybeboard (never the Main Deck's 50, Neopets CR 8.3.1), a
card goes into and out of it with one click, and the whole deck is edited as text: previewed
(how each line was read, the changes per section) and saved as the same deck's next version."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

STRONG = Path("rulebook/neopets/sample_decks/strong.txt").read_text()
WIDTHS = pytest.mark.parametrize("width", [1280, 360], ids=["desktop", "phone-360"])


def import_strong(page) -> None:
    page.goto("/decks/import/?game=neopets")
    page.get_by_label("Name").fill("Strong")
    page.get_by_label("Decklist").fill(f"{STRONG}\nMaybeboard:\n2 Omelette\n")
    page.get_by_role("button", name="Import").click()
    page.wait_for_url("**/decks/*/")


@WIDTHS
def test_a_card_goes_into_the_maybeboard_and_back_with_one_click(
    page, sample_cards, logged_in, fits, shot, width
):
    page.set_viewport_size({"width": width, "height": 900})
    logged_in("alice")
    import_strong(page)
    expect(page.locator("#import-readout")).to_contain_text("Maybeboard")
    maybeboard = page.locator("#maybeboard-panel")
    expect(maybeboard).to_contain_text("Omelette")
    expect(page.locator("#legality-status")).to_contain_text("Legal")  # 50, the 2 aside

    page.get_by_role("button", name="Move Hot Dog to the maybeboard").click()
    expect(maybeboard).to_contain_text("Hot Dog")
    expect(page.locator("#legality-status")).to_contain_text("Not legal")  # 48 (8.3.1)
    fits()
    shot(f"maybeboard-{width}")
    page.get_by_role("button", name="Move Hot Dog into the Main Deck").click()
    expect(maybeboard).not_to_contain_text("Hot Dog")
    expect(page.get_by_label("Copies of Hot Dog in Main Deck")).to_have_value("2")
    expect(page.locator("#legality-status")).to_contain_text("Legal")
    fits()


@WIDTHS
def test_the_deck_edited_as_text_is_previewed_then_saved_as_its_next_version(
    page, sample_cards, logged_in, fits, shot, width
):
    page.set_viewport_size({"width": width, "height": 900})
    logged_in("alice")
    import_strong(page)
    deck_url = page.url
    page.get_by_role("link", name="Edit the deck as text").click()
    page.wait_for_url("**/text/")
    box = page.get_by_label("The whole deck, one card a line")
    text = box.input_value()
    assert text.endswith("Maybeboard:\n2 Omelette\n"), text
    edited = text.replace("\n2 Hot Dog\n", "\n1 Hot Dog\n1 Green Slorg\n")
    box.fill(edited.replace("2 Omelette", "1 Omelette"))
    page.get_by_role("button", name="Preview the changes").click()
    counts = page.locator("#diff-counts")
    expect(counts.get_by_role("row", name="Main Deck")).to_contain_text("1")
    expect(counts.get_by_role("row", name="Maybeboard")).to_be_visible()
    expect(page.locator("#text-diff")).to_contain_text("Hot Dog: 2 → 1")
    expect(page.locator("#import-readout")).to_contain_text("How your list was read")
    fits()
    shot(f"deck-as-text-preview-{width}")
    page.get_by_role("button", name="Save as version 2").click()
    page.wait_for_url(deck_url)
    expect(page.locator(".messages")).to_contain_text("Saved from text: version 2")
    expect(page.get_by_label("Copies of Green Slorg in Main Deck")).to_have_value("1")
    expect(page.locator("#maybeboard-panel")).to_contain_text("Omelette")
    fits()
    shot(f"deck-as-text-saved-{width}")
