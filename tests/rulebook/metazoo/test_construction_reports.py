"""What the deck report tells the player about each MetaZoo construction problem, whole: the
rulebook section, the deck section and Pages it is about, and a message that says what to remove
or add (Spellbook Rules and Tips p. 43, Archive p. 41, functionally the same Page p. 40, Static
Effects: Spellbook Restrictions p. 25, Determining a Page's Aura Type(s) p. 9)."""

from __future__ import annotations

from rulebook.core.cards import CardInfo, Deck, Entry
from rulebook.metazoo.construction import (
    ARCHIVE_RULES,
    FUNCTIONALLY_SAME,
    RESTRICTIONS,
    SPELLBOOK_LIMIT,
    SPELLBOOK_RULES,
    MetaZooRuleset,
)

from .factories import LEGAL_SPELLBOOK, STANDARD, deck

AURAS = {"flame-aura": 40}  # a legal Spellbook of Basic Aura Pages only


def report(spellbook: dict[str, int], archive: dict[str, int] | None = None, *more: Entry):
    base = deck(spellbook, archive)
    sections = {**base.sections, "spellbook": (*base.entries("spellbook"), *more)}
    return MetaZooRuleset().check(Deck("metazoo", sections), STANDARD)


def errors(*more: Entry) -> list[dict]:
    return [issue.as_dict() for issue in report(AURAS, None, *more).errors]


def loner(restrictions) -> Entry:
    """A Beastie whose Spellbook Restriction is recorded as data (as the importer keeps it)."""
    attributes = {"aura_cost": {"water": 1}, "lp": 10, "restrictions": restrictions}
    return Entry(CardInfo("sample-loner", "Sample Loner", "Beastie", attributes=attributes), 1)


def spell(name: str, copies: int = 1, key: str | None = None) -> Entry:
    return Entry(CardInfo(key or name.lower().replace(" ", "-"), name, "Spell"), copies)


def test_a_short_spellbook_and_a_long_archive_say_how_many_to_add_and_remove_p43_p41():
    spellbook = {**LEGAL_SPELLBOOK, "flame-aura": LEGAL_SPELLBOOK["flame-aura"] - 3}
    found = report(spellbook, {"sample-river-otter": 17}).errors
    assert [issue.as_dict() for issue in found] == [
        {
            "code": "spellbook.size",
            "rule": SPELLBOOK_RULES,
            "section": "spellbook",
            "cards": [],
            "message": "Spellbook has 37 Pages; it must have at least 40: add 3.",
        },
        {
            "code": "archive.size",
            "rule": ARCHIVE_RULES,
            "section": "archive",
            "cards": [],
            "message": "Archive has 17 Pages; it may have at most 15: remove 2.",
        },
    ]


def test_a_page_over_its_spellbook_limit_says_how_many_to_remove_p5():
    (issue,) = report(LEGAL_SPELLBOOK, {"sample-ember-pup": 2}).errors
    assert (issue.rule, issue.cards) == (SPELLBOOK_LIMIT, ("Sample Ember Pup",))
    assert issue.message == (
        "Sample Ember Pup has a Spellbook Limit of 4; the Spellbook and Archive hold 6: remove 2."
    )


def test_printings_from_two_sets_counted_as_one_page_are_named_by_key_p40():
    spellbook = {**LEGAL_SPELLBOOK, "fireball": 2, "fireball-second-printing": 1}
    (issue,) = report(spellbook, {"fireball-second-printing": 1}).errors
    assert issue.rule == FUNCTIONALLY_SAME
    assert issue.message == (
        "Fireball has a Spellbook Limit of 3; the Spellbook and Archive hold 4 (its printings "
        "from different sets, fireball, fireball-second-printing, are one Page): remove 1."
    )


def test_a_restriction_the_rules_cannot_read_is_a_warning_naming_the_page_p25():
    odd = Entry(CardInfo("sample-odd", "Sample Odd", "Spell", attributes={"restrictions": 7}), 1)
    assert [w.as_dict() for w in report(AURAS, None, odd).warnings] == [
        {
            "code": "spellbook.restriction_unread",
            "rule": RESTRICTIONS,
            "section": "spellbook",
            "cards": ["Sample Odd"],
            "message": "Sample Odd has Spellbook Restriction data Deckwarden cannot read (7); "
            "check it by hand: clauses are not_with or only_with, kinds, more_than, unless.",
        }
    ]


def test_pages_after_an_unread_restriction_are_still_checked_p25():
    odd = Entry(CardInfo("sample-odd", "Sample Odd", "Spell", attributes={"restrictions": 7}), 1)
    found = report(AURAS, None, odd, loner({"not_with": ["Dr. Hollow"]}), spell("Dr. Hollow"))
    assert [w.code for w in found.warnings] == ["spellbook.restriction_unread"]
    assert [e.cards for e in found.errors] == [("Sample Loner", "Dr. Hollow")]


def test_a_page_with_two_it_may_not_share_a_spellbook_with_names_both_p25():
    restriction = {"not_with": ["Dr. Hollow", "Fireball"]}
    assert errors(loner(restriction), spell("Dr. Hollow"), spell("Fireball")) == [
        {
            "code": "spellbook.restriction",
            "rule": RESTRICTIONS,
            "section": "spellbook",
            "cards": ["Sample Loner", "Dr. Hollow", "Fireball"],
            "message": "Sample Loner may not be in a Spellbook with Dr. Hollow, Fireball: "
            "remove Sample Loner or Dr. Hollow and Fireball.",
            "restriction": restriction,
        }
    ]


def test_only_with_names_the_one_or_the_many_pages_that_are_not_p25():
    only = {"only_with": ["Flame Aura"]}
    (one,) = errors(loner(only), spell("Dr. Hollow"))
    assert one["message"] == (
        "Sample Loner may be in a Spellbook only with Flame Aura; Dr. Hollow is not: remove "
        "Sample Loner or Dr. Hollow."
    )
    (two,) = errors(loner(only), spell("Dr. Hollow"), spell("Fireball"))
    assert two["message"] == (
        "Sample Loner may be in a Spellbook only with Flame Aura; Dr. Hollow, Fireball are not: "
        "remove Sample Loner or Dr. Hollow and Fireball."
    )


def test_more_than_counts_every_entry_of_a_page_it_names_p25():
    """ "... with more than 2 Dr. Hollow": two entered under one key and one under another are
    three."""
    restriction = [{"not_with": ["Dr. Hollow", "Fireball"], "more_than": 2}]
    (clash,) = errors(loner(restriction), spell("Dr. Hollow", 2), spell("Fireball"))
    assert clash["message"] == (
        "Sample Loner may not be in a Spellbook with more than 2 of Dr. Hollow or Fireball; it "
        "holds Dr. Hollow, Fireball: remove Sample Loner or Dr. Hollow and Fireball."
    )
    split = [spell("Dr. Hollow", 2), spell("Dr. Hollow", 1, key="dr-hollow-reprint")]
    assert [e["cards"] for e in errors(loner(restriction), *split)] == [
        ["Sample Loner", "Dr. Hollow"]
    ]


def test_an_aura_cost_of_0_gives_the_page_no_aura_type_p9():
    """p. 9: a Page's Base Aura Types are its non-Neutral Aura Costs; a Flame Cost of 0 is no
    Flame Cost, so the Page is no Flame Page for "not with Flame Pages"."""
    costs = {"aura_cost": {"water": 1, "flame": 0}, "lp": 10}
    zero = Entry(CardInfo("sample-zero", "Sample Zero", "Beastie", attributes=costs), 1)
    no_flame = loner({"not_with_aura": ["flame"]})
    assert [issue.code for issue in report({"forest-aura": 40}, None, no_flame, zero).errors] == []
