"""Issue 40, item 1 in a browser: My collection (one card, a pasted list, a CSV), "Only cards I
own" on the search page, a deck's missing cards and their list, and the share link, at desktop
width and at a 360 px phone, without sideways scroll."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

DECK = "Neopet Deck:\n1 Blue Acara\n\nMain Deck:\n2 Hot Dog\n3 Mau Codestone\n"


@pytest.mark.parametrize("width", [1280, 360], ids=["desktop", "phone-360"])
def test_a_collection_is_built_searched_and_compared_with_a_deck(
    page, sample_cards, logged_in, fits, shot, tmp_path, width
):
    page.set_viewport_size({"width": width, "height": 900})
    logged_in("alice")
    page.get_by_role("link", name="My collection").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("My collection")
    fits()
    # one by one
    page.locator("#add-game").select_option("neopets")
    page.locator("#add-card").fill("Blue Acara")
    page.locator("#add-quantity").fill("1")
    page.locator("#add-form button").click()
    expect(page.locator(".messages")).to_contain_text("You own 1 Blue Acara")
    # a pasted list
    page.locator("#import-game").select_option("neopets")
    page.locator("#import-text").fill("1 Hot Dog\n")
    page.locator("#import-form button").click()
    expect(page.locator(".messages")).to_contain_text("Added 1 card (1 different)")
    # a CSV naming an unknown card: refused by row and column, nothing added
    bad = tmp_path / "bad.csv"
    bad.write_text("Count,Name\n1,Mau Codestone\n2,Hot Dgo\n")
    page.locator("#import-game").select_option("neopets")
    page.locator("#import-file").set_input_files(str(bad))
    page.locator("#import-form button").click()
    expect(page.locator(".messages")).to_contain_text("row 3, column Name")
    expect(page.locator("#owned-cards")).not_to_contain_text("Mau Codestone")
    good = tmp_path / "good.csv"
    good.write_text("Count,Name\n1,Mau Codestone\n")
    page.locator("#import-game").select_option("neopets")
    page.locator("#import-file").set_input_files(str(good))
    page.locator("#import-form button").click()
    expect(page.locator("#owned-cards")).to_contain_text("Mau Codestone")
    fits()
    shot(f"collection-{width}")
    # search limited to owned cards
    page.goto("/cards/?game=neopets")
    page.get_by_label("Only cards I own").check()
    page.get_by_role("button", name="Search").click()
    expect(page.locator("#results tbody tr")).to_have_count(3)
    expect(page.locator("#results")).to_contain_text("owned \u00d71")
    fits()
    # a deck's missing cards
    page.goto("/decks/import/?game=neopets")
    page.get_by_label("Name").fill("Wanted")
    page.get_by_label("Decklist", exact=True).fill(DECK)
    page.get_by_role("button", name="Import").click()
    expect(page.locator("#missing-title")).to_have_text("3 of 6 cards missing")
    expect(page.locator("#missing-cards")).to_contain_text("2 Mau Codestone")
    expect(page.locator("#missing-cards")).to_contain_text("1 Hot Dog")
    fits()
    page.locator("#missing").scroll_into_view_if_needed()
    shot(f"deck-missing-{width}")
    page.get_by_role("link", name="Download the missing cards as a list").click()
    page.wait_for_url("**/missing.txt")
    assert page.locator("body").inner_text().strip().splitlines() == [
        "Main Deck:",
        "1 Hot Dog",
        "2 Mau Codestone",
    ]


def test_only_the_share_link_shows_a_collection_to_someone_else(
    page, sample_cards, logged_in, browser, live_server
):
    logged_in("alice")
    page.goto("/collection/")
    page.locator("#import-game").select_option("neopets")
    page.locator("#import-text").fill("4 Hot Dog\n")
    page.locator("#import-form button").click()
    page.get_by_role("button", name="Share by link").click()
    link = page.locator("#share-url").inner_text()
    other = browser.new_page(base_url=live_server.url)
    try:
        other.goto(link)
        expect(other.get_by_role("heading", level=1)).to_have_text("alice's collection")
        expect(other.locator("#owned-cards")).to_contain_text("Hot Dog")
        page.get_by_role("button", name="Stop sharing").click()
        assert other.goto(link).status == 404
        assert other.goto("/collection/").url.endswith("/accounts/login/?next=/collection/")
    finally:
        other.close()
