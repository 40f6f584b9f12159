"""User-made Keeper cards are edited and deleted by their author, on the site and through the
API (issue 19 item 10): an edit costs the card again and checks the decks holding it again; a
card a deck holds is not deleted (the deck would lose it silently), and the refusal says which
decks. Charlie can do neither to Alice's cards."""

from __future__ import annotations

import pytest
from django.urls import reverse

from cards.models import Card, Game
from cards.services.user_cards import KeeperCardDraft, keeper_card_save
from decks.resolution import DeckLine
from decks.services import deck_create

SAGE = KeeperCardDraft(name="Zanzibar Sage", type="Spell", text="Draw 2 cards.", edition=11)
NEW = {"name": "Zanzibar Seer", "type": "Spell", "text": "Draw 3 cards.", "edition": 11}


@pytest.fixture
def sage(alice) -> Card:
    return keeper_card_save(owner=alice, draft=SAGE)


def deck_of(owner, card: Card, copies: int = 40, name: str = "Sages"):
    keeper = Game.objects.get(slug="keeper")
    return deck_create(owner=owner, game=keeper, name=name, lines=[DeckLine("deck", card, copies)])


def test_an_edit_costs_the_card_again_and_keeps_its_key(alice_api, sage):
    key, cost = sage.key, sage.attributes["cost"]
    response = alice_api.put(f"/api/v1/keeper/cards/{sage.pk}/", NEW, format="json")
    assert response.status_code == 200, response.json()
    sage.refresh_from_db()
    assert (sage.name, sage.text, sage.key) == ("Zanzibar Seer", "Draw 3 cards.", key)
    assert sage.attributes["cost"] > cost  # three cards drawn cost more than two
    assert response.json()["card"]["name"] == "Zanzibar Seer"


def test_an_edit_checks_the_decks_holding_the_card_again(alice_api, alice, sage):
    deck = deck_of(alice, sage)
    response = alice_api.put(f"/api/v1/keeper/cards/{sage.pk}/", NEW, format="json")
    assert response.json()["decks"] == [{"id": deck.pk, "name": "Sages", "legal": True}]
    broken = {**NEW, "text": "Pay 0 hitpoints."}  # a redacted text: the card is banned
    verdict = alice_api.put(f"/api/v1/keeper/cards/{sage.pk}/", broken, format="json").json()
    report = alice_api.get(f"/api/v1/decks/{deck.pk}/validation/").json()
    assert verdict["decks"][0]["legal"] is False and report["legal"] is False


def test_an_edit_refuses_a_name_another_card_has(alice_api, alice, sage):
    keeper_card_save(owner=alice, draft=KeeperCardDraft("Other", "Spell", "Draw 1 card."))
    response = alice_api.put(
        f"/api/v1/keeper/cards/{sage.pk}/", {**NEW, "name": "other"}, format="json"
    )
    assert response.status_code == 400 and "name" in response.json()["fields"]


def test_charlie_can_neither_edit_nor_delete_alices_card(charlie_api, sage):
    url = f"/api/v1/keeper/cards/{sage.pk}/"
    assert charlie_api.put(url, NEW, format="json").status_code == 404
    assert charlie_api.delete(url).status_code == 404
    assert Card.objects.get(pk=sage.pk).name == SAGE.name


def test_a_card_no_deck_holds_is_deleted(alice_api, sage):
    assert alice_api.delete(f"/api/v1/keeper/cards/{sage.pk}/").status_code == 204
    assert not Card.objects.filter(pk=sage.pk).exists()


def test_a_card_a_deck_holds_is_not_deleted_and_the_decks_are_named(alice_api, alice, bob, sage):
    from cards.services.user_cards import user_card_share

    user_card_share(card=sage, shared=True)
    deck = deck_of(alice, sage)
    deck_of(bob, sage, name="Bob's")
    response = alice_api.delete(f"/api/v1/keeper/cards/{sage.pk}/")
    assert response.status_code == 409
    body = response.json()
    assert body["code"] == "card_in_use" and body["decks"] == [{"id": deck.pk, "name": "Sages"}]
    assert "your deck Sages and 1 deck of other users" in body["detail"]
    assert deck.entries.get().card == sage


def test_the_site_edits_and_deletes_her_card(client, alice, sage):
    client.force_login(alice)
    builder = client.get(reverse("tools:keeper-builder")).content.decode()
    assert reverse("tools:keeper-edit", args=[sage.pk]) in builder
    edit_page = client.get(reverse("tools:keeper-edit", args=[sage.pk])).content.decode()
    assert "Draw 2 cards." in edit_page and "Save changes" in edit_page
    deck_of(alice, sage)
    response = client.post(
        reverse("tools:keeper-edit", args=[sage.pk]), {**NEW, "action": "save"}, follow=True
    )
    assert "Saved Zanzibar Seer. Your decks holding it, checked again: Sages: legal" in (
        response.content.decode()
    )
    refused = client.post(reverse("tools:keeper-delete", args=[sage.pk]), follow=True)
    assert "Not deleted: Zanzibar Seer is in your deck Sages" in refused.content.decode()


def test_the_site_refuses_charlie_alices_card(client, charlie, sage):
    client.force_login(charlie)
    assert client.get(reverse("tools:keeper-edit", args=[sage.pk])).status_code == 404
    assert client.post(reverse("tools:keeper-delete", args=[sage.pk])).status_code == 404
