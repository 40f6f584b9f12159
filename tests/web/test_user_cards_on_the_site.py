"""A card saved in the builder is usable in its author's decks on the website too: the deck
editor adds it and checks it, card search finds it; nobody else's pages see it."""

import pytest
from django.urls import reverse

from cards.models import Game
from cards.services.user_cards import KeeperCardDraft, keeper_card_save
from decks.services import deck_create

ORACLE = KeeperCardDraft(name="Alice's Oracle", type="Spell", text="Draw 2 cards.", edition=11)


@pytest.fixture
def oracle(alice):
    return keeper_card_save(owner=alice, draft=ORACLE)


def keeper_deck(owner):
    return deck_create(owner=owner, game=Game.objects.get(slug="keeper"), name="Test", lines=[])


def add(client, deck, name: str) -> str:
    body = {"action": "add", "add_name": name, "add_section": "deck", "add_quantity": "2"}
    return client.post(reverse("web:deck", args=[deck.pk]), body).content.decode()


def test_alice_adds_her_card_to_her_deck_in_the_editor(client, alice, oracle):
    client.force_login(alice)
    html = add(client, keeper_deck(alice), oracle.name)
    assert "No Keeper" not in html and "deck.size" in html  # added; the deck is just too small


def test_charlie_cannot_add_alices_private_card(client, charlie, oracle):
    client.force_login(charlie)
    html = add(client, keeper_deck(charlie), oracle.name)
    assert "is called" in html  # "No Keeper of the Cards card is called ..."


def test_card_search_shows_her_card_to_alice_only(client, alice, charlie, oracle):
    client.force_login(alice)
    assert oracle.name.replace("'", "&#x27;") in client.get("/cards/?q=oracle").content.decode()
    page = reverse("web:card", args=["keeper", oracle.key])
    assert client.get(page).status_code == 200
    client.force_login(charlie)
    assert "Oracle" not in client.get("/cards/?q=oracle").content.decode()
    assert client.get(page).status_code == 404
