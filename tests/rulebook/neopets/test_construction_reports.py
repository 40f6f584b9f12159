"""What the deck report tells the player about each construction problem, whole: its rule, the
section and cards it is about, and a message that says what to change and by how many (CR
sections 7 and 8; docs/api: every issue names its rule, section and cards)."""

from __future__ import annotations

from dataclasses import replace

from rulebook.cardfile import MemoryPool
from rulebook.core.resolve import EntryRef
from rulebook.neopets.cards import GAME
from rulebook.validate import validate
from tests.rulebook.core.factories import (
    ALL_CARDS,
    CODESTONES,
    EXTRA_NEOPETS,
    FAERIE,
    NEOPETS,
    POOL,
    RAINBOW,
    SECOND_KAU,
    SHADOW_BRUSH,
    STANDARD,
    STRAY_MAP_PIECE,
    TWO_OF,
    legal_entries,
    neopet,
    painted,
    ref,
)


def issues(entries, pool=POOL, warnings=False) -> list[dict]:
    report = validate(GAME, entries, pool, STANDARD)
    return [issue.as_dict() for issue in (report.warnings if warnings else report.errors)]


def with_codestones(change: int) -> list[EntryRef]:
    """The legal deck with `change` more (or fewer) copies of its first Codestone."""
    first = CODESTONES[0].name
    return [
        EntryRef(e.section, e.quantity + change, e.name) if e.name == first else e
        for e in legal_entries()
    ]


def without(entries, *names: str) -> list[EntryRef]:
    return [e for e in entries if e.name not in names]


def neopet_deck(*pets) -> list[EntryRef]:
    others = [e for e in legal_entries() if e.section != "neopets"]
    return [*others, *[ref("neopets", pet) for pet in pets]]


def test_a_main_deck_two_over_or_under_50_is_told_to_remove_or_add_two_rule_8_3_1():
    assert issues(with_codestones(2)) == [
        {
            "code": "main.size",
            "rule": "8.3.1",
            "section": "main",
            "cards": [],
            "message": "Main Deck has 52 cards; it must have exactly 50: remove 2.",
        }
    ]
    assert issues(with_codestones(-2))[0]["message"] == (
        "Main Deck has 48 cards; it must have exactly 50: add 2."
    )


def test_copies_over_the_limit_name_the_limit_in_the_singular_or_plural_rules_7_3_2_7_8_2():
    (faerie,) = issues([*with_codestones(-2), ref("main", FAERIE, 2)])
    assert faerie == {
        "code": "copies.limit",
        "rule": "7.3.2",
        "section": None,
        "cards": ["Test Faerie"],
        "message": "Test Faerie is a Faerie; a deck may hold 1 copy of it (7.3.2), not 3: "
        "remove 2.",
        "limit": 1,
    }
    food = TWO_OF["Food"][0]  # the legal deck holds 2 already
    (too_many,) = issues([*with_codestones(-4), ref("main", food, 4)])
    assert too_many["message"] == (
        "Test Food 0 is a Food; a deck may hold 2 copies of it (7.8.2), not 6: remove 4."
    )


def test_a_neopet_deck_of_seven_is_told_to_remove_two_rule_8_1_1():
    pets = [*NEOPETS, *EXTRA_NEOPETS, neopet("Green", "Lupe")]
    pool = MemoryPool([*ALL_CARDS, pets[-1]], GAME)
    assert issues(neopet_deck(*pets), pool) == [
        {
            "code": "neopets.size",
            "rule": "8.1.1",
            "section": "neopets",
            "cards": [],
            "message": "Neopet Deck has 7 Neopets; it must have 3 to 5: remove 2.",
        }
    ]


def test_two_of_one_species_are_named_after_a_misplaced_card_rules_7_1_1_7_1_3():
    """A Rainbow Pool Neopet listed first in the Neopet Deck (8.1.1) does not hide the two
    Kau after it."""
    entries = neopet_deck(RAINBOW[1], *NEOPETS, SECOND_KAU)
    assert issues(entries)[1:] == [
        {
            "code": "neopets.species",
            "rule": "7.1.3",
            "section": "neopets",
            "cards": ["Blue Kau", "Red Kau"],
            "message": "Blue Kau and Red Kau: the Neopet Deck holds 2 Neopets of one species; "
            "keep one of them (7.1.3: different species and names; 7.1.1: every colour of a "
            "species is that species).",
        }
    ]


def test_two_neopets_sharing_a_name_after_others_are_named_rule_7_1_3():
    """Deck Construction: "all five must have a different name": a Kau and an Acara both
    named Blue Shadow, listed after two Neopets of their own names."""
    kau = replace(neopet("Blue", "Kau"), name="Blue Shadow", key="blue-shadow-kau")
    acara = replace(neopet("Blue", "Acara"), name="Blue Shadow", key="blue-shadow-acara")
    others = [e for e in legal_entries() if e.section != "neopets"]
    entries = [
        *others,
        ref("neopets", EXTRA_NEOPETS[0]),
        ref("neopets", EXTRA_NEOPETS[1]),
        *(EntryRef("neopets", 1, key=pet.key) for pet in (kau, acara)),
    ]
    pool = MemoryPool([*ALL_CARDS, kau, acara], GAME)
    assert issues(entries, pool) == [
        {
            "code": "neopets.name",
            "rule": "7.1.3",
            "section": "neopets",
            "cards": ["Blue Shadow"],
            "message": "The Neopet Deck holds 2 Neopets named Blue Shadow; all of them must "
            'have different names (Deck Construction: "all five must have a different name"; '
            "7.1.3): keep one of them.",
        }
    ]


def test_a_rainbow_pool_neopet_three_times_is_told_to_remove_two_rule_7_2_3():
    entries = [*without(legal_entries(), RAINBOW[0].name), ref("rainbow_pool", RAINBOW[0], 3)]
    assert issues(entries) == [
        {
            "code": "rainbow_pool.duplicate",
            "rule": "7.2.3",
            "section": "rainbow_pool",
            "cards": ["Fire Paint Brush Kau"],
            "message": "Fire Paint Brush Kau is in the Rainbow Pool 3 times; each Rainbow Pool "
            "Neopet may be there once (7.2.3): remove 2.",
        }
    ]


def test_an_unknown_card_in_the_rainbow_pool_counts_toward_its_ten_rule_8_2_1():
    """8.2.1: at most ten; a card the database does not know is still a card there."""
    pets = [painted(f"Test Brush {n}", "Kau") for n in range(10)]
    entries = [e for e in legal_entries() if e.section != "rainbow_pool"]
    entries += [ref("rainbow_pool", pet) for pet in pets]
    entries.append(EntryRef("rainbow_pool", 1, name="Nobody Knows Kau"))
    errors = issues(entries, MemoryPool([*ALL_CARDS, *pets], GAME))
    assert [e["code"] for e in errors] == ["card.unknown", "rainbow_pool.size"]
    assert (errors[1]["section"], errors[1]["message"][-11:]) == ("rainbow_pool", ": remove 1.")


def test_a_neopet_in_the_main_deck_is_sent_to_its_own_deck_rule_8_13_2():
    (pet,) = issues([*legal_entries(), ref("main", NEOPETS[1])])
    assert pet["message"].startswith(
        "Blue Acara is a Neopet, which is not a card (8.13.2) and never goes in the Main Deck; "
        "move it to the Neopet Deck."
    )
    (pool_pet,) = issues([*legal_entries(), ref("main", RAINBOW[1])])
    assert "; move it to the Rainbow Pool." in pool_pet["message"]


def test_each_warning_names_its_rule_section_and_card_rules_7_4_7_7_10_2_7_11_2():
    (brush,) = issues([*with_codestones(-1), ref("main", SHADOW_BRUSH)], warnings=True)
    assert brush == {
        "code": "paint_brush.unmatched",
        "rule": "7.4.7",
        "section": "main",
        "cards": ["Shadow Paint Brush"],
        "message": "Shadow Paint Brush can never be played: no Rainbow Pool Neopet painted with "
        "it matches a Neopet in the Neopet Deck (7.4.7). Add one to the Rainbow Pool or remove "
        "the brush.",
    }
    (piece,) = issues([*with_codestones(-1), ref("main", STRAY_MAP_PIECE)], warnings=True)
    assert piece == {
        "code": "map_piece.location",
        "rule": "7.10.2",
        "section": "main",
        "cards": ["Lost Map Piece"],
        "message": "Lost Map Piece is a Map Piece of Nowhere, which is not in the deck; add "
        "that Location or remove the Map Piece.",
    }
    no_codestones = [e for e in legal_entries() if not e.name.startswith("Test Codestone")]
    assert issues(no_codestones, warnings=True) == [
        {
            "code": "codestones.none",
            "rule": "7.11.2",
            "section": "main",
            "cards": [],
            "message": "The Main Deck has no Codestones, so no card with a level requirement "
            "can be played (6.4.2, 7.11.4); add Codestones.",
        }
    ]
