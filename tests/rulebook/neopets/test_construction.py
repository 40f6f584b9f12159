"""Neopets Battledome deck construction, one legal and one illegal case per CR rule."""

from __future__ import annotations

import pytest

from rulebook.cardfile import MemoryPool
from rulebook.core.report import Report
from rulebook.core.resolve import EntryRef
from rulebook.neopets.cards import GAME
from rulebook.validate import validate
from tests.rulebook.core.factories import (
    ALL_CARDS,
    CODESTONES,
    EXTRA_NEOPETS,
    FAERIE,
    FIRE_BRUSH,
    HERO,
    LAB_RAY_ACARA,
    LOCATION,
    MAP_PIECE,
    NEOPETS,
    POOL,
    RAINBOW,
    RAINBOW_LOCATION,
    SECOND_KAU,
    SHADOW_BRUSH,
    STANDARD,
    STRAY_MAP_PIECE,
    TWO_OF,
    VILLAIN,
    legal_entries,
    painted,
    ref,
)


def check(entries: list[EntryRef], pool: MemoryPool = POOL) -> Report:
    return validate(GAME, entries, pool, STANDARD)


def codes(report: Report) -> list[str]:
    return [issue.code for issue in report.errors]


def warning_codes(report: Report) -> list[str]:
    return [issue.code for issue in report.warnings]


def without(entries: list[EntryRef], name: str) -> list[EntryRef]:
    return [entry for entry in entries if entry.name != name]


def adjusted_codestones(entries: list[EntryRef], change: int) -> list[EntryRef]:
    """The deck with `change` more (or fewer) copies of the first Codestone."""
    first = CODESTONES[0].name
    return [
        EntryRef(e.section, e.quantity + change, e.name) if e.name == first else e for e in entries
    ]


def test_it_accepts_a_legal_deck_without_warnings():
    report = check(legal_entries())
    assert report.legal, report.as_dict()
    assert report.warnings == []
    assert report.counts == {"main": 50, "neopets": 3, "rainbow_pool": 2}


# 8.3.1 Main Deck size


@pytest.mark.parametrize(("change", "words"), [(-1, "add 1"), (1, "remove 1")])
def test_it_rejects_a_main_deck_that_is_not_exactly_50_cards_rule_8_3_1(change, words):
    report = check(adjusted_codestones(legal_entries(), change))
    [issue] = report.errors
    assert (issue.code, issue.rule, issue.section) == ("main.size", "8.3.1", "main")
    assert words in issue.message
    assert report.counts["main"] == 50 + change


# 8.13.1, 8.13.2, 8.1.1, 8.2.1: which cards go in which section


@pytest.mark.parametrize("pet", [NEOPETS[0], RAINBOW[0]])
def test_it_rejects_neopets_in_the_main_deck_rule_8_13_2(pet):
    entries = [*adjusted_codestones(legal_entries(), -1), ref("main", pet)]
    report = check(entries)
    assert codes(report) == ["card.section", "main.size"]
    assert report.errors[0].rule == "8.13.2"
    assert report.errors[0].cards == (pet.name,)


@pytest.mark.parametrize("pet", [NEOPETS[0], RAINBOW[0]])
def test_a_neopet_in_the_main_deck_is_not_one_of_its_50_rule_8_3_1(pet):
    """8.3.1 with 8.13.2: 49 cards and a Neopet are a Main Deck of 49."""
    report = check([*adjusted_codestones(legal_entries(), -1), ref("main", pet)])
    assert report.counts["main"] == 49 and report.not_counted == {"main": 1}
    assert "main.size" in codes(report)


def test_a_rainbow_pool_neopet_in_the_neopet_deck_is_not_one_of_its_three_rule_8_1_1():
    entries = [e for e in legal_entries() if e.name != NEOPETS[2].name]
    report = check([*entries, ref("neopets", RAINBOW[1])])
    assert codes(report) == ["card.section", "neopets.size"]
    assert report.counts["neopets"] == 2 and report.not_counted == {"neopets": 1}


def test_a_misplaced_card_is_not_counted_as_a_rainbow_pool_neopet_rule_8_2_1():
    """8.2.1: Rainbow Pool Neopets and a stray Paint Brush are counted without the brush."""
    report = check([*legal_entries(), ref("rainbow_pool", SHADOW_BRUSH)])
    assert codes(report) == ["card.section"]
    assert report.counts["rainbow_pool"] == 2 and report.not_counted == {"rainbow_pool": 1}


def test_a_misplaced_card_is_named_with_its_article_rule_8_2_1():
    """8.2.1: the message reads "an Equipment", not "a Equipment"."""
    report = check([*legal_entries(), ref("rainbow_pool", TWO_OF["Equipment"][0])])
    assert "Test Sword 0 is an Equipment; the Rainbow Pool" in report.errors[0].message


def test_a_misplaced_card_is_told_which_cards_its_section_holds_rule_8_1_1():
    """8.1.1: the Neopet Deck holds Neopets; the message names the type as cards ("only
    Neopet cards"), not as a bare type ("only Neopet.")."""
    report = check([*legal_entries(), ref("neopets", TWO_OF["Equipment"][0])])
    [issue] = [issue for issue in report.errors if issue.code == "card.section"]
    assert "the Neopet Deck may hold only Neopet cards. Move it or remove it." in issue.message


def test_it_rejects_a_card_in_the_neopet_deck_rule_8_1_1():
    report = check([*legal_entries(), ref("neopets", RAINBOW[1])])
    assert codes(report) == ["card.section"]
    assert (report.errors[0].rule, report.errors[0].section) == ("8.1.1", "neopets")


def test_it_rejects_a_main_deck_card_in_the_rainbow_pool_rule_8_2_1():
    report = check([*legal_entries(), ref("rainbow_pool", CODESTONES[0])])
    assert codes(report) == ["card.section"]
    assert report.errors[0].rule == "8.2.1"


def test_it_accepts_cards_that_begin_the_game_in_the_rainbow_pool_rule_8_2_1():
    report = check([*legal_entries(), ref("rainbow_pool", RAINBOW_LOCATION)])
    assert report.legal, report.as_dict()


# Copy limits by type (7.3.2-7.11.2), counted by card whatever the printing (6.7.2)


@pytest.mark.parametrize(
    ("card", "allowed", "rule"),
    [
        (FAERIE, 1, "7.3.2"),
        (HERO, 1, "7.3.2"),
        (VILLAIN, 1, "7.3.2"),
        (MAP_PIECE, 1, "7.10.2"),
        (FIRE_BRUSH, 2, "7.4.2"),
        (TWO_OF["Legend"][0], 2, "7.5.2"),
        (TWO_OF["Equipment"][0], 2, "7.6.2"),
        (TWO_OF["Potion"][0], 2, "7.7.2"),
        (TWO_OF["Food"][0], 2, "7.8.2"),
        (LOCATION, 2, "7.9.2"),
    ],
    ids=lambda value: getattr(value, "type", value),
)
def test_it_limits_copies_of_a_card_by_its_type_rules_7_3_2_to_7_10_2(card, allowed, rule):
    entries = [*adjusted_codestones(legal_entries(), -1), ref("main", card)]
    report = check(entries)
    assert codes(report) == ["copies.limit"]
    issue = report.errors[0]
    assert (issue.rule, issue.cards, dict(issue.details)["limit"]) == (rule, (card.name,), allowed)
    assert f"not {allowed + 1}" in issue.message


def test_it_allows_any_number_of_codestones_rule_7_11_2():
    entries = [e for e in legal_entries() if not e.name.startswith("Test Codestone")]
    report = check([*entries, ref("main", CODESTONES[0], 22)])
    assert report.legal, report.as_dict()


def test_it_counts_every_printing_as_the_same_card_rule_6_7_2():
    entries = [
        *adjusted_codestones(without(legal_entries(), FAERIE.name), -1),
        ref("main", FAERIE, set="AAA", number="001"),
        ref("main", FAERIE, set="BBB", number="9"),
    ]
    report = check(entries)
    assert codes(report) == ["copies.limit"]
    assert report.errors[0].rule == "7.3.2"


def test_it_counts_copies_across_sections_rule_7_9_2():
    """Two Locations in the Main Deck and one that begins in the Rainbow Pool are three."""
    rainbow_location = ref("rainbow_pool", LOCATION)
    report = check([*legal_entries(), rainbow_location])
    assert "copies.limit" in codes(report)


# 8.1.1, 7.1.3, 7.1.1: the Neopet Deck


@pytest.mark.parametrize("size", [3, 4, 5])
def test_it_accepts_three_to_five_neopets_rule_8_1_1(size):
    pets = [*NEOPETS, *EXTRA_NEOPETS][:size]
    entries = [*without_neopets(legal_entries()), *[ref("neopets", pet) for pet in pets]]
    assert check(entries).legal


@pytest.mark.parametrize("size", [2, 6])
def test_it_rejects_fewer_than_three_or_more_than_five_neopets_rule_8_1_1(size):
    pets = [*NEOPETS, *EXTRA_NEOPETS][:size]
    entries = [*without_neopets(legal_entries()), *[ref("neopets", pet) for pet in pets]]
    report = check(entries)
    assert "neopets.size" in codes(report)
    assert report.errors[0].rule == "8.1.1"
    assert f"has {size} Neopets" in report.errors[0].message
    assert ("add 1" if size < 3 else "remove 1") in report.errors[0].message


def without_neopets(entries: list[EntryRef]) -> list[EntryRef]:
    return [entry for entry in entries if entry.section != "neopets"]


def test_it_rejects_two_colours_of_one_species_rules_7_1_1_and_7_1_3():
    report = check([*legal_entries(), ref("neopets", SECOND_KAU)])
    assert codes(report) == ["neopets.species"]
    assert report.errors[0].rule == "7.1.3"
    assert set(report.errors[0].cards) == {"Red Kau", "Blue Kau"}


def test_it_rejects_two_copies_of_one_neopet_rule_7_1_3():
    entries = [*without(legal_entries(), "Red Kau"), ref("neopets", NEOPETS[0], 2)]
    assert codes(check(entries)) == ["neopets.species"]


# 8.2.1, 7.2.3, 7.9.4, 7.2.4: the Rainbow Pool


def rainbow_pool_of(size: int) -> tuple[list[EntryRef], MemoryPool]:
    pets = [painted(f"Test Brush {n}", "Kau") for n in range(size)]
    entries = [e for e in legal_entries() if e.section != "rainbow_pool"]
    return [*entries, *[ref("rainbow_pool", pet) for pet in pets]], MemoryPool(
        [*ALL_CARDS, *pets], GAME
    )


def test_it_accepts_ten_rainbow_pool_neopets_and_more_cards_that_begin_there_rule_7_9_4():
    entries, pool = rainbow_pool_of(10)
    report = check([*entries, ref("rainbow_pool", RAINBOW_LOCATION, 2)], pool)
    assert report.legal, report.as_dict()
    assert report.counts["rainbow_pool"] == 10
    assert report.not_counted == {"rainbow_pool": 2}


def test_it_rejects_more_than_ten_rainbow_pool_neopets_rule_8_2_1():
    entries, pool = rainbow_pool_of(11)
    report = check(entries, pool)
    assert codes(report) == ["rainbow_pool.size"]
    assert report.errors[0].rule == "8.2.1"
    assert "remove 1" in report.errors[0].message


def test_it_rejects_a_rainbow_pool_neopet_twice_rule_7_2_3():
    report = check([*without(legal_entries(), RAINBOW[0].name), ref("rainbow_pool", RAINBOW[0], 2)])
    assert codes(report) == ["rainbow_pool.duplicate"]
    assert report.errors[0].rule == "7.2.3"


def test_it_accepts_rainbow_pool_neopets_nothing_else_needs_rule_7_2_4():
    report = check([*legal_entries(), ref("rainbow_pool", LAB_RAY_ACARA)])
    assert report.legal
    assert report.warnings == []


# Warnings: legal but worth a word


def test_it_warns_of_a_paint_brush_with_no_matching_rainbow_pool_neopet_rule_7_4_7():
    report = check([*adjusted_codestones(legal_entries(), -1), ref("main", SHADOW_BRUSH)])
    assert report.legal
    assert warning_codes(report) == ["paint_brush.unmatched"]
    assert report.warnings[0].rule == "7.4.7"


def test_it_warns_when_the_brushs_neopet_species_is_not_in_the_neopet_deck_rule_7_4_7():
    """The Fire Kau matches the Fire Paint Brush only while a Kau is in the Neopet Deck."""
    entries = [*without(legal_entries(), "Red Kau"), ref("neopets", EXTRA_NEOPETS[0])]
    entries = without(entries, RAINBOW[1].name)  # leaves only the Fire Kau in the pool
    report = check(entries)
    assert report.legal
    assert warning_codes(report) == ["paint_brush.unmatched"]


def test_it_warns_of_a_map_piece_whose_location_is_not_in_the_deck_rule_7_10_2():
    report = check([*adjusted_codestones(legal_entries(), -1), ref("main", STRAY_MAP_PIECE)])
    assert report.legal
    assert warning_codes(report) == ["map_piece.location"]


def test_it_warns_of_a_main_deck_without_codestones_rule_7_11_2():
    entries = [e for e in legal_entries() if not e.name.startswith("Test Codestone")]
    report = check(entries)
    assert "codestones.none" in warning_codes(report)


def test_it_reports_every_problem_at_once():
    entries = [
        ref("neopets", NEOPETS[0], 2),
        ref("rainbow_pool", RAINBOW[0], 2),
        ref("main", FAERIE, 2),
        ref("main", NEOPETS[1]),
    ]
    assert set(codes(check(entries))) == {
        "main.size",
        "neopets.size",
        "neopets.species",
        "rainbow_pool.duplicate",
        "copies.limit",
        "card.section",
    }


def test_one_neopet_is_said_once_with_its_rule_number_given_once_rule_8_1_1():
    """8.1.1 (3 to 5 Neopets): "has 1 Neopet", not "1 Neopets"; the rule number is the issue's
    own field, not repeated in its message."""
    entries = [*without_neopets(legal_entries()), ref("neopets", NEOPETS[0])]
    (issue,) = [issue for issue in check(entries).errors if issue.code == "neopets.size"]
    assert issue.rule == "8.1.1"
    assert issue.message == "Neopet Deck has 1 Neopet; it must have 3 to 5: add 2."
