"""The deck editor never loses work (issue 15 items 3 and 4), in Chromium: a tab opened before
another tab saved cannot save over it and is told what changed; cards added and left unsaved
are kept server-side, marked, restored when the page is opened again, and leaving the page
with them asks first."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import expect

from cards.models import Game
from decks.services import deck_import
from tests.browser.htmx import redrawn

STRONG = Path("rulebook/neopets/sample_decks/strong.txt").read_text()


def alice_deck(user):
    neopets = Game.objects.get(slug="neopets")
    deck = deck_import(owner=user, game=neopets, name="Strong", text=STRONG)
    return f"/decks/{deck.address}/"


def rename(page, name: str) -> None:
    """Type a new name and leave the box: the editor redraws on the change."""
    page.get_by_label("Name", exact=True).fill(name)
    with redrawn(page):
        page.get_by_label("Name", exact=True).press("Tab")


def test_a_second_tab_cannot_save_over_the_first(page, sample_cards, logged_in, shot):
    url = alice_deck(logged_in("alice"))
    page.goto(url)
    tab_b = page.context.new_page()
    tab_b.goto(url)
    rename(page, "Strong A")
    with redrawn(page):
        page.get_by_role("button", name="Save version").click()
    expect(page.locator(".messages")).to_contain_text("Saved: version 2")
    with redrawn(tab_b):  # a redraw after A saved must not adopt A's revision
        tab_b.get_by_role("button", name="Check again").click()
    rename(tab_b, "Strong B")
    with redrawn(tab_b):
        tab_b.get_by_role("button", name="Save version").click()
    expect(tab_b.locator("#conflict")).to_contain_text("Name: Strong → Strong A")
    expect(tab_b.locator(".messages")).to_contain_text("Not saved")
    conflict_shot = shot("editor-conflict").with_name("editor-conflict-tab-b.png")
    tab_b.screenshot(path=str(conflict_shot), full_page=True)
    tab_b.close()


def test_unsaved_cards_survive_leaving_and_are_restored(page, sample_cards, logged_in, shot):
    url = alice_deck(logged_in("alice"))
    page.goto(url)
    for name in ("Green Slorg", "Green Poogle"):  # Enter adds, with the draft note shown too
        page.get_by_label("Card name").fill(name)
        page.get_by_label("Section", exact=True).select_option(label="Neopet Deck")
        with redrawn(page):
            page.get_by_label("Card name").press("Enter")
        expect(page.locator("#unsaved")).to_have_text("Unsaved changes")
    expect(page.locator(".section-table").get_by_text("Green Poogle", exact=True)).to_be_visible()
    shot("editor-unsaved")
    asked = []
    page.on("dialog", lambda dialog: (asked.append(dialog.type), dialog.accept()))
    page.get_by_role("link", name="Versions").click()
    page.wait_for_url("**/versions/")
    assert asked == ["beforeunload"]
    page.goto(url)
    expect(page.locator("#draft-note")).to_contain_text("Restored your unsaved changes")
    expect(page.locator(".section-table").get_by_text("Green Slorg", exact=True)).to_be_visible()
    shot("editor-restored")
    with redrawn(page):
        page.get_by_role("button", name="Discard them").click()
    expect(page.locator("#unsaved")).to_have_count(0)
    expect(page.locator(".section-table").get_by_text("Green Slorg", exact=True)).to_have_count(0)


def test_a_public_deck_shows_others_a_private_card_without_its_name(
    page, sample_cards, logged_in, django_user_model, shot
):
    from cards.services.user_cards import KeeperCardDraft, keeper_card_save
    from decks.models import Deck
    from decks.resolution import DeckLine
    from decks.services import deck_create

    alice = django_user_model.objects.create_user("alice", password="a long password 1")
    oracle = keeper_card_save(
        owner=alice, draft=KeeperCardDraft("Zanzibar Oracle", "Spell", "Draw 2 cards.", edition=11)
    )
    deck = deck_create(
        owner=alice,
        game=Game.objects.get(slug="keeper"),
        name="Open",
        lines=[DeckLine("deck", oracle, 3)],
        visibility=Deck.Visibility.PUBLIC,
    )
    logged_in("charlie")
    page.goto(f"/decks/{deck.pk}/")
    expect(page.locator(".section-table")).to_contain_text("A private card")
    expect(page.locator("body")).not_to_contain_text("Zanzibar")
    expect(page.get_by_role("img", name="Deck by cost no cards")).to_be_visible()  # no cost 0
    shot("deck-private-card")


def add_card(page, name: str, section: str = "Main Deck") -> None:
    page.get_by_label("Card name").fill(name)
    page.get_by_label("Section", exact=True).select_option(label=section)
    with redrawn(page):
        page.get_by_role("button", name="Add", exact=True).click()


def test_two_tabs_unsaved_cards_are_both_kept(page, sample_cards, logged_in, shot):
    """Issue 27 item 1: open the deck in tab B, then A; add a card in A, another in B: B is
    told what A changed, both cards are in the draft, and reopening shows both."""
    url = alice_deck(logged_in("alice"))
    tab_b = page.context.new_page()
    tab_b.goto(url)
    page.goto(url)
    add_card(page, "Green Slorg")
    add_card(tab_b, "Green Poogle")
    expect(tab_b.locator("#other-tab")).to_contain_text("+ 1 Green Slorg (Main Deck)")
    for name in ("Green Slorg", "Green Poogle"):
        expect(tab_b.locator(".section-table").get_by_text(name, exact=True)).to_be_visible()
    tab_b.screenshot(path=str(shot("editor-other-tab").with_name("editor-other-tab-b.png")))
    tab_b.set_viewport_size({"width": 360, "height": 800})
    tab_b.screenshot(path=str(shot("editor-other-tab").with_name("editor-other-tab-b-360.png")))
    tab_b.close()
    page.goto(url)
    for name in ("Green Slorg", "Green Poogle"):
        expect(page.locator(".section-table").get_by_text(name, exact=True)).to_be_visible()
