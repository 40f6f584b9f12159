"""Card files in the DESIGN format read without Django, and the in-memory card pool."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.utils.text import slugify as django_slugify

from rulebook.cardfile import CardFileError, MemoryPool, read_cards, slugify
from rulebook.core.resolve import EntryRef

SAMPLE_FILE = Path(__file__).resolve().parents[3] / "cards" / "sample_data" / "neopets.json"
NAMES = [
    "Red Kau",
    "Hubert's Special Hot Dog",
    "Lab Ray Map Piece (North)",
    "Tai-Kai Codestone",
    "  Fire -- Faerie  ",
    "Jhudora's Bluff!",
    "Ünïcode Ñame",
    "snake_case name",
]
DATA = {
    "game": "neopets",
    "cards": [
        {
            "name": "Red Kau",
            "type": "Neopet",
            "attributes": {"species": "Kau", "hp": 8, "attack": 4, "defence": 3, "agility": 3},
        },
        {"name": "Hot Dog", "key": "hot-dog-smp", "type": "Food", "text": "Heal 1."},
    ],
}


@pytest.mark.parametrize("name", NAMES)
def test_it_slugifies_names_as_django_does(name):
    assert slugify(name) == django_slugify(name)


def test_it_slugifies_the_sample_card_names_as_django_does():
    names = [card["name"] for card in json.loads(SAMPLE_FILE.read_text())["cards"]]
    assert [slugify(name) for name in names] == [django_slugify(name) for name in names]


def test_it_reads_cards_with_keys_defaulting_to_the_slug_of_the_name():
    kau, hot_dog = read_cards(DATA)
    assert (kau.key, kau.type, kau.attr("species")) == ("red-kau", "Neopet", "Kau")
    assert (hot_dog.key, hot_dog.text) == ("hot-dog-smp", "Heal 1.")


def test_it_names_every_problem_in_a_bad_card_file():
    data = {
        "game": "neopets",
        "cards": [
            {"name": "Red Kau", "type": "Neopet", "attributes": {"species": "Kau"}},
            {"name": "", "type": "Food"},
            {"name": "Thing", "type": "Spaceship"},
        ],
    }
    with pytest.raises(CardFileError) as caught:
        read_cards(data)
    where = [(card, path) for card, path, _ in caught.value.problems]
    assert ("cards[0] (Red Kau)", "attributes.hp") in where
    assert ("cards[1]", "name") in where
    assert ("cards[2] (Thing)", "type") in where


def test_it_refuses_an_unknown_game_and_duplicate_keys():
    with pytest.raises(CardFileError, match="game"):
        read_cards({"game": "chess", "cards": []})
    twice = {"game": "neopets", "cards": [DATA["cards"][1], DATA["cards"][1]]}
    with pytest.raises(CardFileError, match="used by another card"):
        read_cards(twice)


def test_it_reads_the_sample_card_file():
    cards = read_cards(json.loads(SAMPLE_FILE.read_text()))
    assert len(cards) == len({card.key for card in cards}) > 0


def test_it_finds_pool_cards_by_id_key_and_name_and_suggests_near_names():
    kau, hot_dog = read_cards(DATA)
    pool = MemoryPool([kau, hot_dog], "neopets")
    assert pool.find(EntryRef("main", 1, name="RED KAU")) is kau
    assert pool.find(EntryRef("main", 1, key="hot-dog-smp")) is hot_dog
    assert pool.find(EntryRef("main", 1, name="Blue Kau")) is None
    assert pool.suggestions(["Hot Dgo"]) == {"Hot Dgo": ["Hot Dog"]}
    assert pool.suggestions(["Zzzzzz"]) == {"Zzzzzz": []}
