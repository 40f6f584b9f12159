"""The Neopets sample cards (cards/sample_data/neopets.json) and sample decks."""

import json
from pathlib import Path

import pytest

from rulebook.cardfile import MemoryPool, read_cards
from rulebook.core.decklist import parse_decklist
from rulebook.neopets.cards import GAME
from rulebook.neopets.effects import effect_problems, unsupported_effects
from rulebook.validate import standard_format, validate

ROOT = Path(__file__).resolve().parents[3]
DATA = json.loads((ROOT / "cards" / "sample_data" / "neopets.json").read_text())
CARDS = {card.name: card for card in read_cards(DATA)}
DECKS = sorted((ROOT / "rulebook" / "neopets" / "sample_decks").glob("*.txt"))


def test_it_ships_at_least_sixty_cards_of_every_type():
    assert len(CARDS) >= 60
    assert {card.type for card in CARDS.values()} == set(GAME.card_types)


def test_it_marks_every_card_and_set_as_sample_data():
    assert DATA["sample"] is True
    assert all(card["sample"] is True for card in DATA["cards"])
    for card_set in DATA["sets"]:
        assert card_set["sample"] is True
        assert "Deckwarden" in card_set["name"] and "not a real product" in card_set["name"]


def test_it_gives_every_card_well_formed_effects_the_engine_can_play():
    for card in CARDS.values():
        effects = card.attr("effects")
        assert effect_problems(effects) == [], card.name
        assert unsupported_effects(card.text, effects) == (), card.name


def test_it_uses_the_stats_the_rulebooks_give():
    acara = CARDS["Blue Acara"]
    assert (
        acara.attr("hp"),
        acara.attr("attack"),
        acara.attr("defence"),
        acara.attr("agility"),
    ) == (8, 3, 2, 6)
    assert CARDS["Mau Codestone"].attr("stat_boost") == {"attack": 1}
    for name in (
        "Korbat Defender",
        "Usul Defender",
        "Hot Dog",
        "Hot Dog of Justice",
        "Teeny Hot Dog",
        "Exploding Potion",
        "Hubert",
        "Vira",
        "Siona",
    ):
        assert name in CARDS
    assert CARDS["Lab Ray"].type == "Location" and CARDS["Lab Ray"].attr("begins_in_rainbow_pool")
    assert {"Kau", "Poogle", "Acara"} <= {c.attr("species") for c in CARDS.values()}


def test_it_links_rainbow_pool_neopets_to_brushes_and_map_pieces_to_locations():
    rainbow = [card for card in CARDS.values() if card.type == "Rainbow Pool Neopet"]
    painted = [card for card in rainbow if card.attr("paint_brush")]
    assert len({card.attr("species") for card in painted}) >= 4
    for card in painted:
        assert CARDS[card.attr("paint_brush")].type == "Paint Brush"
    for card in rainbow:
        assert card.attr("paint_brush") or CARDS[card.attr("location")].type == "Location"
    for card in CARDS.values():
        if card.type == "Map Piece":
            assert CARDS[card.attr("map_location")].type == "Location"
        if card.type == "Codestone":
            assert sum(card.attr("stat_boost").values()) > 0


@pytest.mark.parametrize("path", DECKS, ids=[path.stem for path in DECKS])
def test_it_ships_sample_decks_that_are_legal(path):
    parsed = parse_decklist(path.read_text(), GAME)
    assert parsed.problems == []
    report = validate(GAME, parsed.entries, MemoryPool(CARDS.values(), GAME), standard_format(GAME))
    assert report.legal, report.as_dict()["errors"]


def test_it_ships_a_strong_and_a_weak_deck():
    assert {path.stem for path in DECKS} >= {"strong", "weak"}
