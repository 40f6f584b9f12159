"""Functionally identical printings of a Page are one Page everywhere (Spellbook Rules and Tips,
p. 40; issue 29's decision): two printings whose texts differ only by a final full stop share the
Spellbook Limit, a banned list's entry and their name."""

from __future__ import annotations

from rulebook.cardfile import MemoryPool, read_cards
from rulebook.core.cards import FormatInfo
from rulebook.core.resolve import EntryRef
from rulebook.metazoo.cards import GAME
from rulebook.validate import validate

from .factories import LEGAL_SPELLBOOK, pages

SPELL = {"type": "Spell", "attributes": {"spellbook_limit": 1}}
PRINTINGS = [
    {"name": "Sample Swift Study", "key": "swift-study-a", "text": "Draw a Page.", **SPELL},
    {"name": "Sample Swift Study", "key": "swift-study-b", "text": "Draw a Page", **SPELL},
]


def pool() -> MemoryPool:
    """The sample Pages and the two printings, read as a card file is (no distinct_namesake
    needed: they are one Page)."""
    printings = read_cards({"game": "metazoo", "cards": PRINTINGS})
    return MemoryPool([*pages().values(), *printings], GAME)


def spellbook(*extra: EntryRef) -> list[EntryRef]:
    base = {**LEGAL_SPELLBOOK, "flame-aura": LEGAL_SPELLBOOK["flame-aura"] - len(extra)}
    return [EntryRef("spellbook", copies, key=key) for key, copies in base.items()] + list(extra)


def codes(entries, fmt=None) -> list[str]:
    fmt = fmt or FormatInfo(slug="standard", name="Standard", ruleset="metazoo")
    return [issue.code for issue in validate(GAME, entries, pool(), fmt).errors]


def test_the_two_printings_share_one_spellbook_limit_p40():
    both = spellbook(
        EntryRef("spellbook", 1, key="swift-study-a"), EntryRef("spellbook", 1, key="swift-study-b")
    )
    assert codes(both) == ["copies.limit"]


def test_the_name_names_the_one_page_not_two_p40():
    assert codes(spellbook(EntryRef("spellbook", 1, name="Sample Swift Study"))) == []
