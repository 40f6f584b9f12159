"""Editor changes are kept server-side as the owner edits (issue 15 item 4): closing the tab
loses nothing, the page says they are unsaved and restores them on return, until they are
saved as a version or discarded. Nobody else ever sees them."""

from __future__ import annotations

import pytest

from cards.models import Game
from decks.models import Deck, DeckDraft
from decks.services import deck_import
from tests.web.test_deck_pages import STRONG, form_fields


@pytest.fixture
def deck(samples, alice) -> Deck:
    return deck_import(
        owner=alice, game=Game.objects.get(slug="neopets"), name="Strong", text=STRONG
    )


def change(client, deck: Deck, **changes) -> str:
    form = form_fields(client.get(f"/decks/{deck.pk}/").content.decode())
    response = client.post(f"/decks/{deck.pk}/", {**form, **changes}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    return response.content.decode()


def add_slorg(client, deck: Deck) -> str:
    return change(
        client, deck, action="add", add_name="Green Slorg", add_section="main", add_quantity="1"
    )


def test_an_added_card_survives_closing_the_tab(alice_client, deck):
    html = add_slorg(alice_client, deck)
    assert 'id="unsaved"' in html
    reopened = alice_client.get(f"/decks/{deck.pk}/").content.decode()
    assert "Restored your unsaved changes" in reopened and "Green Slorg" in reopened
    assert 'data-unsaved="true"' in reopened
    assert not deck.entries.filter(card__name="Green Slorg").exists()  # not saved yet


def test_saving_the_restored_draft_stores_it_and_forgets_the_draft(alice_client, deck):
    add_slorg(alice_client, deck)
    html = change(alice_client, deck, action="save")
    assert "Saved: version 2" in html and 'id="unsaved"' not in html
    assert deck.entries.filter(card__name="Green Slorg", quantity=1).exists()
    assert not DeckDraft.objects.exists()
    assert "Restored" not in alice_client.get(f"/decks/{deck.pk}/").content.decode()


def test_discarding_the_draft_shows_the_saved_deck_again(alice_client, deck):
    add_slorg(alice_client, deck)
    change(alice_client, deck, action="discard")
    reopened = alice_client.get(f"/decks/{deck.pk}/").content.decode()
    assert "Green Slorg" not in reopened and not DeckDraft.objects.exists()


def test_undoing_every_change_leaves_nothing_unsaved(alice_client, deck):
    add_slorg(alice_client, deck)
    form = form_fields(alice_client.get(f"/decks/{deck.pk}/").content.decode())
    html = change(
        alice_client,
        deck,
        remove=str(form["card"].index(str(deck.game.cards.get(name="Green Slorg").pk))),
    )
    assert 'id="unsaved"' not in html and not DeckDraft.objects.exists()


def test_a_restored_draft_is_still_checked_against_the_revision_it_started_from(alice_client, deck):
    add_slorg(alice_client, deck)
    Deck.objects.filter(pk=deck.pk).update(revision=deck.revision + 1)  # saved elsewhere
    html = change(alice_client, deck, action="save")
    assert "saved elsewhere" in html
    assert DeckDraft.objects.exists()  # the changes are still kept


def test_charlie_never_sees_alices_draft(alice_client, charlie_client, deck):
    add_slorg(alice_client, deck)
    Deck.objects.filter(pk=deck.pk).update(visibility="public")
    page = charlie_client.get(f"/decks/{deck.pk}/").content.decode()
    assert "Green Slorg" not in page and "Restored" not in page


def post(client, deck: Deck, form: dict, **changes) -> str:
    response = client.post(f"/decks/{deck.pk}/", {**form, **changes}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    return response.content.decode()


def add(name: str) -> dict:
    return {"action": "add", "add_name": name, "add_section": "main", "add_quantity": "1"}


def test_two_tabs_unsaved_cards_are_both_kept_and_the_stale_tab_is_told(alice_client, deck):
    """Issue 27 item 1: open the deck in tab B, then A; add a card in A, another in B; the
    draft keeps both, and B is told what A changed."""
    tab_b = form_fields(alice_client.get(f"/decks/{deck.pk}/").content.decode())
    tab_a = form_fields(alice_client.get(f"/decks/{deck.pk}/").content.decode())
    post(alice_client, deck, tab_a, **add("Green Slorg"))
    html_b = post(alice_client, deck, tab_b, **add("Green Poogle"))
    assert 'id="other-tab"' in html_b and "+ 1 Green Slorg (Main Deck)" in html_b
    assert "Green Poogle" in html_b and "Green Slorg" in html_b
    reopened = alice_client.get(f"/decks/{deck.pk}/").content.decode()
    assert "Green Slorg" in reopened and "Green Poogle" in reopened


def test_a_stale_tab_removing_a_card_keeps_the_other_tabs_additions(alice_client, deck):
    tab_b = form_fields(alice_client.get(f"/decks/{deck.pk}/").content.decode())
    tab_a = form_fields(alice_client.get(f"/decks/{deck.pk}/").content.decode())
    post(alice_client, deck, tab_a, **add("Green Slorg"))
    removed = tab_b["card"][0]
    post(alice_client, deck, tab_b, remove="0")
    kept = DeckDraft.objects.get()
    assert removed not in kept.form["card"]  # B's removal
    assert "Green Slorg" in alice_client.get(f"/decks/{deck.pk}/").content.decode()  # A's card


def test_a_stale_tab_cannot_discard_the_other_tabs_changes_unseen(alice_client, deck):
    tab_a = form_fields(alice_client.get(f"/decks/{deck.pk}/").content.decode())
    first = form_fields(post(alice_client, deck, tab_a, **add("Green Slorg")))
    post(alice_client, deck, first, **add("Green Poogle"))  # the same draft, changed again
    html = post(alice_client, deck, first, action="discard")  # the page one change behind
    assert "Not discarded: another tab changed these unsaved changes" in html
    assert "Green Poogle" in html and DeckDraft.objects.exists()


def test_a_tab_that_follows_the_draft_changes_it_without_a_merge(alice_client, deck):
    tab = form_fields(alice_client.get(f"/decks/{deck.pk}/").content.decode())
    tab = form_fields(post(alice_client, deck, tab, **add("Green Slorg")))
    html = post(alice_client, deck, tab, **add("Green Poogle"))
    assert 'id="other-tab"' not in html and "Green Slorg" in html and "Green Poogle" in html
