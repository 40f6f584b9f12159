"""Deck pages in a browser, at desktop and phone widths: a pasted list with an unreadable line
imported with "Import the rest", then the editor's add box ("4 Name", a key, a printing, a near
name to add instead), the -/+ buttons, rows grouped by type and the sticky legality summary; the
deck page's description and tags, likes, the public-deck list's filters, restoring a version,
comparing two decks and deleting one. No page scrolls sideways on a phone."""

import re
from pathlib import Path

from playwright.sync_api import expect

from cards.models import Game
from decks.models import Deck
from decks.services import deck_create, deck_import
from rules.models import Format

from .test_deck_editor import redrawn

DECK_PAGE = re.compile(r"/decks/(?!import/)[^/]+/$")
PASTED = """Neopet Deck:
- 1 Blue Acara
// the rest is the main deck
Main Deck:
2 x Mau Codestone
1 Hot Dgo
Total: 4
"""


def add(page, typed: str) -> None:
    page.get_by_label("Card name").fill(typed)
    page.get_by_label("Section", exact=True).select_option(label="Main Deck")
    with redrawn(page):
        page.get_by_label("Card name").press("Enter")


def copies(page, name: str):
    return page.get_by_label(f"Copies of {name} in Main Deck")


def test_it_imports_the_rest_then_adds_as_deckbuilders_type(
    page, sample_cards, logged_in, viewport, fits, shot
):
    logged_in("alice")
    page.goto("/decks/import/?game=neopets")
    page.get_by_label("Name").fill("Pasted")
    page.get_by_label("Decklist", exact=True).fill(PASTED)
    page.get_by_role("button", name="Import").click()
    # One unreadable line keeps the rest and says which line it is.
    expect(page.locator("#import-problems")).to_contain_text("Line 6")
    expect(page.locator("#import-problems")).to_contain_text("Hot Dgo")
    fits()
    shot("deck-import-problem")
    page.get_by_label("Import the rest if some lines cannot be").check()
    page.get_by_role("button", name="Import").click()
    page.wait_for_url(DECK_PAGE)  # not "**/decks/*/", which /decks/import/ itself matches
    expect(copies(page, "Mau Codestone")).to_have_value("2")

    add(page, "4 Hot Dog")
    expect(copies(page, "Hot Dog")).to_have_value("4")
    add(page, "Teeny Hot Dog (DW-NPR) 007")
    main_deck = page.locator('[aria-labelledby="section-main"]')
    expect(main_deck).to_contain_text("Teeny Hot Dog (DW-NPR) 007")
    add(page, "Vo Codestone [vo-codestone]")
    expect(copies(page, "Vo Codestone")).to_have_value("1")
    # A misspelt name offers the near name to add instead.
    add(page, "Hot Dgo")
    expect(page.locator("#add-problem")).to_be_visible()
    with redrawn(page):
        page.locator("#add-problem").get_by_role("button", name="Hot Dog", exact=True).click()
    expect(copies(page, "Hot Dog")).to_have_value("5")
    with redrawn(page):
        page.get_by_role("button", name="One fewer Hot Dog", exact=True).click()
    expect(copies(page, "Hot Dog")).to_have_value("4")
    with redrawn(page):
        page.get_by_role("button", name="One more Vo Codestone", exact=True).click()
    expect(copies(page, "Vo Codestone")).to_have_value("2")
    # Rows stand under their card type, with the copies of each.
    headings = page.locator("#section-main ~ .table-wrap .type-heading")
    expect(headings).to_have_text(["Codestone (4)", "Food (5)"])

    summary = page.locator("#sticky-summary")
    if viewport["width"] <= 390:
        # Scrolled down to the last row, the one-line verdict is still on screen.
        page.locator("#legality").scroll_into_view_if_needed()
        expect(summary).to_contain_text("Not legal")
        expect(summary).to_be_in_viewport()
        top = summary.evaluate("e => e.getBoundingClientRect().top")
        assert 0 <= top < 5, f"the summary is {top} px from the top of the screen"
    else:  # the legality panel is beside the deck on a wide screen
        expect(summary).to_be_hidden()
    fits()
    shot("deck-editor-adding")


def make_deck(owner, name: str, sample: str, format_slug: str | None = None) -> Deck:
    text = Path(f"rulebook/neopets/sample_decks/{sample}.txt").read_text()
    neopets = Game.objects.get(slug="neopets")
    chosen = Format.objects.get(game=neopets, slug=format_slug) if format_slug else None
    return deck_import(
        owner=owner,
        game=neopets,
        name=name,
        text=text,
        format=chosen,
        visibility=Deck.Visibility.PUBLIC,
    )


def test_a_decks_page_describes_likes_restores_compares_and_deletes(
    page, sample_cards, logged_in, viewport, fits, shot
):
    alice = logged_in("alice")
    strong = make_deck(alice, "Strong", "strong", format_slug="standard")
    arrow = make_deck(alice, "Arrow", "weak")

    # The description (Markdown, safely rendered) and tags.
    page.goto(f"/decks/{strong.pk}/")
    page.get_by_role("link", name="Edit the description and tags").click()
    page.get_by_label("Description or primer").fill(
        "## Plan\n\nHit **hard**.\n\n<script>document.title = 'owned'</script>"
    )
    page.get_by_label("Tags").fill("aggro, budget")
    page.get_by_role("button", name="Save").click()
    page.wait_for_url(f"**/decks/{strong.pk}/")
    primer = page.locator("#primer")
    expect(primer.get_by_role("heading", name="Plan")).to_be_visible()
    expect(primer.locator("strong")).to_have_text("hard")
    expect(primer.locator("script")).to_have_count(0)
    assert page.title() != "owned"

    # A like, counted.
    page.get_by_role("button", name="♡ Like").click()
    expect(page.locator("#like-count")).to_have_text("1 like")
    expect(page.locator("#like-button")).to_have_attribute("aria-pressed", "true")
    fits()
    shot("deck-page")

    # The public-deck list: the tag filter (from the deck's tag), "Most liked", the format.
    page.locator("#deck-tags").get_by_role("link", name="aggro").click()
    page.wait_for_url("**/decks/?tag=aggro")
    decks = page.locator("main table tbody tr td:first-child")
    expect(decks).to_have_text(["Strong"])
    page.get_by_label("Tag").fill("")
    page.get_by_label("Sort").select_option(label="Name")
    page.get_by_role("button", name="Filter").click()
    expect(decks).to_have_text(["Arrow", "Strong"])
    page.get_by_label("Sort").select_option(label="Most liked")
    page.get_by_role("button", name="Filter").click()
    expect(decks).to_have_text(["Strong", "Arrow"])
    page.get_by_label("Format").select_option("standard")  # a choice, not typed free text
    page.get_by_role("button", name="Filter").click()
    expect(decks).to_have_text(["Strong"])
    fits()
    shot("deck-list")

    # Restore an old version: version 2 drops a Hot Dog, version 1 comes back as version 3.
    page.goto(f"/decks/{strong.pk}/")
    before = copies(page, "Hot Dog").input_value()
    with redrawn(page):
        page.get_by_role("button", name="One fewer Hot Dog", exact=True).click()
    page.get_by_role("button", name="Save version").click()
    expect(page.locator(".messages")).to_contain_text("Saved: version 2")
    page.get_by_role("link", name="Versions").click()
    page.wait_for_url("**/versions/")
    fits()
    shot("deck-versions")
    page.locator("#restore-1").click()
    page.wait_for_url(f"**/decks/{strong.pk}/")
    expect(page.locator(".messages")).to_contain_text("Version 1 restored as a new version.")
    expect(copies(page, "Hot Dog")).to_have_value(before)

    # Compare two different decks.
    page.get_by_role("link", name="Compare with another deck").click()
    second = page.get_by_label("Second deck")
    # styled as the site's other boxes (an <input> without a type once was not)
    # (a retrying assertion: the click loads a page, whose stylesheet may not have applied yet)
    expect(second).to_have_css("border-top-color", "rgb(169, 178, 191)")
    second.fill(str(arrow.address))
    page.get_by_role("button", name="Compare").click()
    expect(page.locator("#diff h2")).to_have_text("From Strong to Arrow")
    fits()
    shot("deck-compare")

    # Delete a deck, after a confirmation page.
    page.goto(f"/decks/{arrow.pk}/")
    page.get_by_role("link", name="Delete this deck").click()
    page.get_by_role("button", name="Delete the deck").click()
    page.wait_for_url("**/decks/mine/")
    expect(page.locator(".messages")).to_contain_text("Deleted Arrow.")
    expect(decks).to_have_text(["Strong"])
    assert not Deck.objects.filter(pk=arrow.pk).exists()


def test_a_card_page_adds_the_card_to_my_deck(page, sample_cards, logged_in, viewport, fits):
    alice = logged_in("alice")
    neopets = Game.objects.get(slug="neopets")
    deck = deck_create(owner=alice, game=neopets, name="Dogs", lines=[])
    page.goto("/cards/neopets/hot-dog/")
    fits()
    form = page.locator("#add-to-deck")
    form.get_by_label("Deck").select_option(label="Dogs")
    form.get_by_label("Copies").fill("2")
    form.get_by_role("button", name="Add to deck").click()
    page.wait_for_url(f"**/decks/{deck.address}/")
    expect(page.get_by_role("status")).to_contain_text("Added 2 Hot Dog to Dogs (Main Deck).")
    expect(page.get_by_label("Copies of Hot Dog in Main Deck")).to_have_value("2")
