"""Card identity (issue 7 item 1): names and species compared one way on every path, and copies
counted by the card whatever key or printing names it (Neopets CR 6.7.2)."""

from __future__ import annotations

from dataclasses import replace

from rulebook.cardfile import MemoryPool
from rulebook.core.identity import identity
from rulebook.core.resolve import EntryRef
from rulebook.neopets.cards import GAME
from rulebook.validate import validate
from tests.rulebook.core.factories import (
    ALL_CARDS,
    FOOD_CARD,
    RAINBOW,
    STANDARD,
    card,
    legal_entries,
)


def codes(report) -> list[str]:
    return [issue.code for issue in report.errors]


def test_identity_folds_case_unicode_compatibility_and_spaces() -> None:
    assert identity("  Hot\u00a0 DOG\t") == identity("hot dog")
    assert identity("\uff28ot Dog") == identity("Hot Dog")  # full-width H (NFKC)
    assert identity("STRASSE") == identity("Straße")  # casefold, not lower
    assert identity("Hot Dog") != identity("Hot Dogs")


def test_a_name_typed_with_odd_spacing_and_case_finds_the_card() -> None:
    """The same lookup for JSON entries, text decklists and the CLI: MemoryPool and the
    database pool both compare by identity."""
    entries = [replace(e, name=f"  {e.name.upper().replace(' ', '   ')} ") for e in legal_entries()]
    report = validate(GAME, entries, MemoryPool(ALL_CARDS, GAME), STANDARD)
    assert report.legal, report.as_dict()


def test_7_1_3_a_species_stored_with_a_trailing_space_is_the_same_species() -> None:
    """7.1.3, 7.1.1: a Neopet whose species reads "Kau " clashes with Red Kau."""
    spaced_kau = card("Yellow Kau", "Neopet", species="Kau ", hp=8, attack=3, defence=3, agility=3)
    pool = MemoryPool([*ALL_CARDS, spaced_kau], GAME)
    entries = [*legal_entries(), EntryRef("neopets", 1, name="Yellow Kau")]
    report = validate(GAME, entries, pool, STANDARD)
    assert codes(report) == ["neopets.species"]


def test_6_7_2_one_card_under_two_keys_counts_as_one_card_for_copy_limits() -> None:
    """6.7.2 and 7.8.2: Food is limited to 2; a third copy under another key is a third copy."""
    reprint = replace(FOOD_CARD, key=f"{FOOD_CARD.key}-reprint", id=None)
    pool = MemoryPool([*ALL_CARDS, reprint], GAME)
    entries = [*legal_entries(), EntryRef("main", 1, key=reprint.key)]
    report = validate(GAME, entries, pool, STANDARD)
    assert "copies.limit" in codes(report)
    (issue,) = [i for i in report.errors if i.code == "copies.limit"]
    assert issue.rule == "7.8.2" and "not 3" in issue.message


def test_6_7_2_a_name_stored_under_two_keys_with_the_same_rules_is_not_ambiguous() -> None:
    reprint = replace(FOOD_CARD, key=f"{FOOD_CARD.key}-reprint", id=None)
    pool = MemoryPool([*ALL_CARDS, reprint], GAME)
    report = validate(GAME, legal_entries(), pool, STANDARD)
    assert report.legal, report.as_dict()


def test_7_2_3_a_rainbow_pool_neopet_under_two_keys_is_there_twice() -> None:
    """7.2.3: each Rainbow Pool Neopet is unique, whichever key names the second copy."""
    reprint = replace(RAINBOW[0], key=f"{RAINBOW[0].key}-reprint", id=None)
    pool = MemoryPool([*ALL_CARDS, reprint], GAME)
    entries = [*legal_entries(), EntryRef("rainbow_pool", 1, key=reprint.key)]
    assert codes(validate(GAME, entries, pool, STANDARD)) == ["rainbow_pool.duplicate"]


# Issue 14, class 3: the typographic variants phones and word processors type.
TYPOGRAPHIC = [
    ("Jhudora's Bluff", "Jhudora\u2019s Bluff"),  # right single quotation mark
    ("Jhudora's Bluff", "Jhudora\u02bcs Bluff"),  # modifier letter apostrophe
    ('The "Best" Hot Dog', "The \u201cBest\u201d Hot Dog"),  # curly double quotes
    ("Tai-Kai Codestone", "Tai\u2013Kai Codestone"),  # en dash
    ("Tai-Kai Codestone", "Tai\u2011Kai Codestone"),  # no-break hyphen
    ("Wait...", "Wait\u2026"),  # ellipsis
    ("Red Kau", "Red\u202fKau"),  # narrow no-break space
    ("Red Kau", "Red \u200bKau\u2060"),  # zero-width space and word joiner
    ("Red Kau", "\ufeffRed Kau"),  # a byte-order mark pasted in front
]


def test_identity_folds_the_typographic_variants_people_type() -> None:
    for plain, typed in TYPOGRAPHIC:
        assert identity(typed) == identity(plain), (plain, typed)
    assert identity("Tai-Kai") != identity("Tai Kai")  # a hyphen is still not a space


def test_6_7_2_a_curly_apostrophe_is_the_same_card_for_lookups_and_copy_limits() -> None:
    """6.7.2 and 7.8.2: "Jhudora\u2019s Bluff" (typed on a phone) is Jhudora's Bluff; a third copy
    under the curly spelling is a third copy, not an unknown card nor a second card."""
    bluff = card("Jhudora's Bluff", "Food")
    pool = MemoryPool([*ALL_CARDS, bluff], GAME)
    main = [e for e in legal_entries() if e.section == "main"]
    entries = [
        *(e for e in legal_entries() if e.section != "main"),
        *main[:-1],  # keep the Main Deck's size: three copies of the bluff take one card's place
        EntryRef("main", 2, name="Jhudora's Bluff"),
        EntryRef("main", 1, name="Jhudora\u2019s Bluff"),
    ]
    report = validate(GAME, entries, pool, STANDARD)
    assert "card.unknown" not in codes(report)
    (issue,) = [i for i in report.errors if i.code == "copies.limit"]
    assert issue.rule == "7.8.2" and "not 3" in issue.message


def test_7_1_3_a_species_typed_with_a_dash_variant_is_the_same_species() -> None:
    """7.1.3: one Neopet per species, "Jub\u2013Jub" (en dash) is the Jub-Jub species."""
    jubs = [
        card(f"{colour} Jub-Jub", "Neopet", species=species, hp=8, attack=3, defence=3, agility=3)
        for colour, species in (("Red", "Jub-Jub"), ("Blue", "Jub\u2013Jub"))
    ]
    pool = MemoryPool([*ALL_CARDS, *jubs], GAME)
    entries = [*legal_entries(), *(EntryRef("neopets", 1, name=jub.name) for jub in jubs)]
    assert "neopets.species" in codes(validate(GAME, entries, pool, STANDARD))
