"""The deck editor in a browser: build a legal Neopets deck from nothing, watching the live
legality panel (an error appears, then goes away)."""

from playwright.sync_api import expect

from tests.browser.htmx import redrawn

NEOPETS = ["Green Grarrl", "Red Shoyru", "Blue Korbat"]
MAIN = [
    (5, "Mau Codestone"),
    (3, "Vo Codestone"),
    (3, "Har Codestone"),
    (3, "Tai-Kai Codestone"),
    (4, "Eo Codestone"),
    (2, "Rusty Sword"),
    (2, "Wooden Shield"),
    (2, "Scarab Ring"),
    (2, "Battle Gauntlet"),
    (2, "Lucky Dice Charm"),
    (1, "Fire Faerie"),
    (1, "Earth Faerie"),
    (1, "Air Faerie"),
    (1, "Jeran"),
    (2, "Hot Dog"),
    (2, "Hot Dog of Justice"),
    (2, "Teeny Hot Dog"),
    (2, "Hubert's Special Hot Dog"),
    (2, "Korbat Defender"),
    (2, "Hubert"),
    (2, "Exploding Potion"),
    (2, "Strength Potion"),
    (2, "Fire Paint Brush"),
]  # 50 cards (8.3.1)


def add(page, name: str, section: str, copies: int = 1) -> None:
    """Add cards with the keyboard only: type the name, pick the section, Enter."""
    page.get_by_label("Card name").fill(name)
    page.get_by_label("Section", exact=True).select_option(label=section)
    page.get_by_label("Copies", exact=True).fill(str(copies))
    with redrawn(page):
        page.get_by_label("Card name").press("Enter")
    expect(page.locator(".section-table").get_by_text(name, exact=True)).to_be_visible()


def errors(page):
    return page.locator("#legality-errors li")


def test_it_builds_a_legal_neopets_deck_from_nothing(page, sample_cards, logged_in, shot):
    logged_in("alice")
    page.goto("/decks/new/?game=neopets")
    page.get_by_label("Name").fill("Kau Rush")
    page.get_by_role("button", name="Create and edit").click()
    page.wait_for_url("**/decks/*/")
    # The empty deck is reported at once, with rule numbers, drawn by the server.
    expect(page.locator("#legality-status")).to_contain_text("Not legal")
    expect(page.locator('#legality-errors [data-code="main.size"]')).to_contain_text("8.3.1")

    for name in NEOPETS:
        add(page, name, "Neopet Deck")
    expect(page.locator('#legality-errors [data-code="neopets.size"]')).to_have_count(0)
    for copies, name in MAIN:
        add(page, name, "Main Deck", copies)
    expect(page.locator("#legality-status")).to_contain_text("Legal")
    expect(errors(page)).to_have_count(0)
    expect(page.locator("#legality")).to_contain_text("Main Deck: 50")

    # One Hot Dog too many: the copy limit error appears, naming its rule ...
    page.get_by_label("Copies of Hot Dog in Main Deck").fill("4")
    page.get_by_label("Copies of Hot Dog in Main Deck").press("Tab")
    expect(page.locator('#legality-errors [data-code="copies.limit"]')).to_contain_text("Hot Dog")
    shot("deck-editor-error")
    # ... and goes away when the quantity is put back.
    page.get_by_label("Copies of Hot Dog in Main Deck").fill("2")
    page.get_by_label("Copies of Hot Dog in Main Deck").press("Tab")
    expect(page.locator("#legality-status")).to_contain_text("Legal")
    expect(errors(page)).to_have_count(0)

    page.get_by_role("button", name="Save version").click()
    expect(page.locator(".messages")).to_contain_text("Saved: version 2")
    # The sample hand (Setting Up the Game): 5 Main Deck cards, a new one, one mulligan only.
    expect(page.locator("#hand li")).to_have_count(5)
    with redrawn(page):
        page.get_by_role("button", name="New hand").click()
    expect(page.locator("#hand li")).to_have_count(5)
    with redrawn(page):
        page.get_by_role("button", name="Mulligan").click()
    expect(page.get_by_text("after 1 mulligan")).to_be_visible()
    expect(page.get_by_role("button", name="Mulligan")).to_have_count(0)
    shot("deck-editor")
    shot("deck-editor", phone=True)


def test_the_add_box_offers_card_names_while_typing(page, sample_cards, logged_in):
    logged_in("alice")
    page.goto("/decks/new/?game=neopets")
    page.get_by_label("Name").fill("Names")
    page.get_by_role("button", name="Create and edit").click()
    page.wait_for_url("**/decks/*/")
    page.get_by_label("Card name").fill("ho")
    expect(page.locator("#add-name-names option").first).to_have_attribute("value", "Hot Dog")
