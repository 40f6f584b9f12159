"""Public decks and my decks: filters (game, format, legal only, owner) and sorting."""

import re
from pathlib import Path

import pytest

from cards.models import Game
from decks.services import deck_create, deck_import

STRONG = Path("rulebook/neopets/sample_decks/strong.txt").read_text()


def listed(html: str) -> list[str]:
    return re.findall(r'<td><a href="/decks/[\w-]+/">([^<]+)</a></td>', html)


@pytest.fixture
def decks(samples, alice, charlie):
    neopets, keeper = Game.objects.get(slug="neopets"), Game.objects.get(slug="keeper")
    deck_import(owner=alice, game=neopets, name="Alpha Legal", text=STRONG, visibility="public")
    deck_create(owner=alice, game=neopets, name="Beta Empty", lines=[], visibility="public")
    deck_create(owner=charlie, game=keeper, name="Charlie Keeper", lines=[], visibility="public")
    deck_create(owner=alice, game=neopets, name="Secret", lines=[])


def test_it_lists_public_decks_only(client, decks):
    assert sorted(listed(client.get("/decks/").content.decode())) == [
        "Alpha Legal",
        "Beta Empty",
        "Charlie Keeper",
    ]


def test_it_filters_by_game_owner_and_legality(client, decks):
    assert listed(client.get("/decks/", {"game": "keeper"}).content.decode()) == ["Charlie Keeper"]
    by_alice = listed(client.get("/decks/", {"owner": "alice", "sort": "name"}).content.decode())
    assert by_alice == ["Alpha Legal", "Beta Empty"]
    legal = listed(client.get("/decks/", {"legal": "on"}).content.decode())
    assert legal == ["Alpha Legal"]


def test_it_sorts_by_name_or_newest(client, decks):
    by_name = listed(client.get("/decks/", {"sort": "name"}).content.decode())
    assert by_name == ["Alpha Legal", "Beta Empty", "Charlie Keeper"]
    newest = listed(client.get("/decks/", {"sort": "created"}).content.decode())
    assert newest == ["Charlie Keeper", "Beta Empty", "Alpha Legal"]


def test_it_lists_all_my_decks_whatever_their_visibility(alice_client, decks):
    mine = listed(alice_client.get("/decks/mine/", {"sort": "name"}).content.decode())
    assert mine == ["Alpha Legal", "Beta Empty", "Secret"]


def test_the_format_filter_is_a_choice_of_the_formats_there_are(client, decks):
    from decks.models import Deck
    from rules.models import Format

    standard = Format.objects.get(game__slug="neopets", slug="standard")
    Deck.objects.filter(name="Alpha Legal").update(format=standard)
    html = client.get("/decks/", {"format": "standard"}).content.decode()
    assert listed(html) == ["Alpha Legal"]
    assert '<option value="standard" selected>' in html
    # an unknown format is not read as free text that silently matches nothing
    assert "Select a valid choice" in client.get("/decks/", {"format": "Standard"}).content.decode()
