"""A deck's text always reads back to the same cards: two MetaZoo Pages that share a name (the
sample set's two Chupacabras, rulebook p. 40: same name, other rules) are written with their
keys, on the site's export, the API's and the editor's "As text" box; other cards by name."""

import pytest

from cards.models import Card, Game
from decks.models import Deck
from decks.resolution import DeckLine
from decks.services import deck_create, deck_import


@pytest.fixture
def chupacabras(samples, alice) -> Deck:
    game = Game.objects.get(slug="metazoo")
    lines = [
        DeckLine("spellbook", card, 1)
        for card in Card.objects.filter(game=game, name__in=["Chupacabra", "Bigfoot"])
    ]
    return deck_create(owner=alice, game=game, name="Two Chupacabras", lines=lines)


def cards_of(deck: Deck) -> list[tuple[str, int]]:
    return sorted(deck.entries.values_list("card__key", "quantity"))


def test_the_sites_export_names_namesakes_by_key_and_reads_back(alice_client, alice, chupacabras):
    text = alice_client.get(f"/decks/{chupacabras.pk}/export.txt").content.decode()
    assert "1 Chupacabra [chupacabra-flame]" in text and "1 Bigfoot\n" in text
    again = deck_import(owner=alice, game=chupacabras.game, name="Again", text=text)
    assert cards_of(again) == cards_of(chupacabras)


def test_the_apis_text_export_and_the_editor_box_say_the_same(alice_client, chupacabras):
    from rest_framework.test import APIClient

    api = APIClient()
    api.force_authenticate(chupacabras.owner)
    exported = api.get(f"/api/v1/decks/{chupacabras.pk}/export/", {"format": "text"})
    site = alice_client.get(f"/decks/{chupacabras.pk}/export.txt").content.decode()
    assert exported.content.decode() == site
    page = alice_client.get(f"/decks/{chupacabras.pk}/").content.decode()
    assert "1 Chupacabra [chupacabra-flame]" in page
