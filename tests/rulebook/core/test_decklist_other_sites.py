"""Decklists as other sites export them (issue 29; DESIGN "Plain-text decklists"): each line
read into the section it is under, or reported; a side section is never added to the main deck
in silence. Rules: Neopets CR 8.3.1 (the Main Deck), MetaZoo Archive (p. 41), Millennium Blades
Deck Box."""

from __future__ import annotations

import pytest

from rulebook.cardfile import MemoryPool, read_cards
from rulebook.core.decklist import parse_decklist
from rulebook.core.resolve import EntryRef, find_cards
from rulebook.registry import GAMES

NEOPETS, METAZOO, BLADES = GAMES["neopets"], GAMES["metazoo"], GAMES["millennium-blades"]


def entries(text: str, game=NEOPETS) -> list[tuple[str, int, str, int | None]]:
    parsed = parse_decklist(text, game)
    assert parsed.problems == []
    return [(e.section, e.quantity, e.name, e.line) for e in parsed.entries]


@pytest.mark.parametrize(
    "line",
    [
        "2 Hot Dog # the finisher",  # a trailing comment
        "2 Hot Dog *F*",  # Moxfield's foil marker
        "2 Hot Dog *E*",  # and etched
        "Hot Dog \u00d72",  # the multiplication sign after the name
        "Hot Dog \u00d7 2",
    ],
)
def test_card_lines_as_sites_write_them_8_3_1(line):
    assert entries(f"Main Deck: 50\n{line}") == [("main", 2, "Hot Dog", 2)]


def test_moxfield_marker_and_printing_together_8_3_1():
    (entry,) = parse_decklist("2 Hot Dog *F* (SMP) 045", NEOPETS).entries
    assert (entry.name, entry.set, entry.number) == ("Hot Dog", "SMP", "045")


def test_headers_with_count_after_colon_and_without_colon_8_3_1():
    text = "Main Deck: 50\n1 Hot Dog\nNeopets\n1 Blue Acara\nDeck\n1 Omelette"
    assert [e[0] for e in entries(text)] == ["main", "neopets", "main"]


@pytest.mark.parametrize("header", ["Sideboard", "// Sideboard", "Sideboard:", "# Sideboard"])
def test_a_sideboard_is_reported_where_the_game_has_no_side_section_8_3_1(header):
    """8.3.1: the Main Deck holds exactly 50; a Sideboard's cards are never silently among
    them: each line under it is reported, and the deck holds only the Main Deck's."""
    parsed = parse_decklist(f"Main Deck:\n2 Hot Dog\n{header}\n1 Omelette\n", NEOPETS)
    assert [(e.section, e.name) for e in parsed.entries] == [("main", "Hot Dog")]
    (problem,) = parsed.problems
    assert problem.line == 4 and "Sideboard" in problem.message and "not added" in problem.message


@pytest.mark.parametrize("header", ["Sideboard", "// Sideboard", "Side-Deck:", "SIDE DECK"])
def test_a_sideboard_is_the_metazoo_archive_p41(header):
    """Archive (p. 41): the rulebook calls it the Side-Deck; headers fold as names do."""
    assert entries(f"Spellbook:\n2 Fireball\n{header}\n1 Fireball", METAZOO) == [
        ("spellbook", 2, "Fireball", 2),
        ("archive", 1, "Fireball", 4),
    ]


def test_deck_boxes_is_the_deck_box_section():
    assert [e[0] for e in entries("Singles:\n1 A\nDeck Boxes:\n1 B", BLADES)] == [
        "singles",
        "deck_box",
    ]


def test_arkhamdb_set_name_is_dropped_only_when_the_whole_name_is_no_card_8_3_1():
    """ArkhamDB's "1x Hot Dog (Core Set)" names Hot Dog; "Lab Ray Map Piece (North)" is a card
    whose name holds brackets and stays that card."""
    cards = read_cards(
        {
            "game": "neopets",
            "cards": [
                {"name": "Hot Dog", "type": "Food", "text": "Heal 1."},
                {"name": "Lab Ray Map Piece (North)", "type": "Map Piece",
                 "attributes": {"map_location": "Lab Ray"}},
            ],
        }
    )  # fmt: skip
    pool = MemoryPool(cards, NEOPETS)
    refs = [
        EntryRef("main", 1, name="Hot Dog (Core Set)"),
        EntryRef("main", 1, name="Lab Ray Map Piece (North)"),
    ]
    found = find_cards(NEOPETS, refs, pool)
    assert [card.name for card in found] == ["Hot Dog", "Lab Ray Map Piece (North)"]


def test_a_backtick_or_acute_accent_is_an_apostrophe_in_names():
    cards = read_cards({"game": "neopets", "cards": [
        {"name": "Jhudora's Bluff", "type": "Food", "text": "Heal 1."}]})  # fmt: skip
    pool = MemoryPool(cards, NEOPETS)
    refs = [
        EntryRef("main", 1, name="Jhudora`s Bluff"),
        EntryRef("main", 1, name="Jhudora\u00b4s Bluff"),
    ]
    assert [card.name for card in find_cards(NEOPETS, refs, pool)] == ["Jhudora's Bluff"] * 2
