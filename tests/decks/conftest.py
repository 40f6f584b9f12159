"""Decks test fixtures: a handful of invented Neopets cards (sample data) and deck helpers.

Alice owns the decks; Charlie should have no access to Alice's private ones.
"""

from __future__ import annotations

from typing import Any

import pytest

from cards.models import Card, CardSet, Game, Printing
from decks.models import Deck
from decks.resolution import entries_resolve
from decks.services import deck_create
from rulebook.core.resolve import EntryRef

_CARDS = [
    ("Hot Dog", "Food", {}),
    ("Hot Dogs", "Food", {}),
    ("Healing Potion", "Potion", {}),
    ("Wooden Sword", "Equipment", {}),
    ("Red Kau", "Neopet", {"species": "Kau", "hp": 8, "attack": 4, "defence": 3, "agility": 3}),
    (
        "Blue Kacheek",
        "Neopet",
        {"species": "Kacheek", "hp": 7, "attack": 3, "defence": 3, "agility": 4},
    ),
]


@pytest.fixture
def neopets(db) -> Game:
    return Game.objects.get(slug="neopets")


@pytest.fixture
def cards(neopets) -> dict[str, Card]:
    """Invented sample cards by name; Hot Dog has two printings, SMP 001 and SMP 002."""
    made = {
        name: Card.objects.create(
            game=neopets,
            key=name.lower().replace(" ", "-"),
            name=name,
            type=card_type,
            attributes=attributes,
            is_sample=True,
        )
        for name, card_type, attributes in _CARDS
    }
    sample_set = CardSet.objects.create(game=neopets, code="SMP", name="Sample", is_sample=True)
    for number in ("001", "002"):
        Printing.objects.create(card=made["Hot Dog"], set=sample_set, number=number)
    return made


def refs(sections: dict[str, list[dict[str, Any]]]) -> list[EntryRef]:
    """EntryRefs from the API's sections shape."""
    return [
        EntryRef(section=slug, **entry) for slug, entries in sections.items() for entry in entries
    ]


def make_deck(owner, game: Game, sections: dict[str, list[dict[str, Any]]], **fields) -> Deck:
    lines = entries_resolve(game=game, refs=refs(sections))
    return deck_create(
        owner=owner, game=game, name=fields.pop("name", "Kau Rush"), lines=lines, **fields
    )


MAIN = {"main": [{"name": "Hot Dog", "quantity": 2}, {"name": "Healing Potion", "quantity": 1}]}


@pytest.fixture
def alice_deck(alice, neopets, cards) -> Deck:
    """Alice's private deck: 2 Hot Dog and 1 Healing Potion in the Main Deck."""
    return make_deck(alice, neopets, MAIN)


@pytest.fixture
def alice_public_deck(alice, neopets, cards) -> Deck:
    return make_deck(alice, neopets, MAIN, name="Open Kau", visibility=Deck.Visibility.PUBLIC)


@pytest.fixture
def alice_unlisted_deck(alice, neopets, cards) -> Deck:
    return make_deck(alice, neopets, MAIN, name="Link Kau", visibility=Deck.Visibility.UNLISTED)
