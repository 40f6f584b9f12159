"""Two tabs on one deck (issue 15 item 3): the revision a page started from is what its save is
checked against, whatever its redraws did meanwhile, and a refused save says what the other
tab changed; a deck made public asks to share its author's private cards (item 2)."""

from __future__ import annotations

import pytest

from cards.models import Game
from cards.services.user_cards import KeeperCardDraft, keeper_card_save
from decks.models import Deck
from decks.resolution import DeckLine
from decks.services import deck_create, deck_import
from tests.web.test_deck_pages import STRONG, form_fields


@pytest.fixture
def deck(samples, alice) -> Deck:
    return deck_import(
        owner=alice, game=Game.objects.get(slug="neopets"), name="Strong", text=STRONG
    )


def open_tab(client, deck: Deck) -> dict:
    return form_fields(client.get(f"/decks/{deck.pk}/").content.decode())


def post(client, deck: Deck, form: dict, **changes) -> str:
    response = client.post(f"/decks/{deck.pk}/", {**form, **changes}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    return response.content.decode()


def test_a_tab_opened_before_another_saved_cannot_save_over_it(alice_client, deck):
    tab_a, tab_b = open_tab(alice_client, deck), open_tab(alice_client, deck)
    post(alice_client, deck, tab_a, action="save", name="Strong A")
    # Tab B redraws (a format change, a new hand) after A saved: it keeps its own start.
    redrawn = form_fields(post(alice_client, deck, tab_b, action="check"))
    assert redrawn["revision"] == tab_b["revision"]
    html = post(alice_client, deck, redrawn, action="save", name="Strong B")
    deck.refresh_from_db()
    assert deck.name == "Strong A"
    assert "saved elsewhere" in html and "Name: Strong → Strong A" in html


def test_the_conflict_lists_the_cards_the_other_tab_changed(alice_client, deck):
    tab_a, tab_b = open_tab(alice_client, deck), open_tab(alice_client, deck)
    tab_a["quantity"] = ["1", *tab_a["quantity"][1:]]
    post(alice_client, deck, tab_a, action="save")
    html = post(alice_client, deck, tab_b, action="save", name="Mine")
    assert "Version 1 → 2:" in html and "→ 1" in html


def test_saving_mine_over_it_after_the_conflict_is_a_choice(alice_client, deck):
    tab_a, tab_b = open_tab(alice_client, deck), open_tab(alice_client, deck)
    post(alice_client, deck, tab_a, action="save", name="Strong A")
    post(alice_client, deck, tab_b, action="save", name="Strong B")
    deck.refresh_from_db()
    post(
        alice_client,
        deck,
        tab_b,
        action="overwrite",
        current_revision=str(deck.revision),
        name="Strong B",
    )
    deck.refresh_from_db()
    assert deck.name == "Strong B"


def test_a_save_without_the_revision_it_started_from_is_refused(alice_client, deck):
    form = open_tab(alice_client, deck)
    del form["revision"]
    post(alice_client, deck, form, action="save", name="Blind")
    deck.refresh_from_db()
    assert deck.name == "Strong"


def test_making_a_deck_public_offers_to_share_her_cards_and_shares_them(alice, alice_client):
    oracle = keeper_card_save(
        owner=alice, draft=KeeperCardDraft("Zanzibar Oracle", "Spell", "Draw 2 cards.", edition=11)
    )
    deck = deck_create(
        owner=alice,
        game=Game.objects.get(slug="keeper"),
        name="Open",
        lines=[DeckLine("deck", oracle, 2)],
        visibility=Deck.Visibility.PUBLIC,
    )
    page = alice_client.get(f"/decks/{deck.pk}/").content.decode()
    assert "Share my cards in it with everyone" in page and "Zanzibar Oracle as" in page
    form = {**form_fields(page), "visibility": "public"}
    post(alice_client, deck, form, action="save", share_cards="1")
    oracle.refresh_from_db()
    assert oracle.shared
