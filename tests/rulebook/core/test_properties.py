"""Hypothesis properties: legality is a property of the cards and counts, not of how the
entries are written (reordered, split, pinned to another printing; CR 6.7.2 for Neopets)."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from rulebook.core.resolve import EntryRef
from rulebook.neopets.cards import GAME
from rulebook.validate import validate
from tests.rulebook.core.factories import POOL, STANDARD, legal_entries


def legality(entries: list[EntryRef]) -> tuple[bool, list[str]]:
    report = validate(GAME, entries, POOL, STANDARD)
    return report.legal, sorted(issue.code for issue in report.errors)


def decks() -> st.SearchStrategy[list[EntryRef]]:
    """The legal deck with some quantities nudged: legal and illegal decks alike."""
    base = legal_entries()
    return st.lists(st.integers(-1, 2), min_size=len(base), max_size=len(base)).map(
        lambda changes: [
            replace(entry, quantity=entry.quantity + change)
            for entry, change in zip(base, changes, strict=True)
            if entry.quantity + change > 0
        ]
    )


@given(decks(), st.randoms(use_true_random=False))
def test_it_judges_a_deck_the_same_whatever_the_order_of_its_entries(entries, rng):
    shuffled = list(entries)
    rng.shuffle(shuffled)
    assert legality(shuffled) == legality(entries)


@given(decks(), st.data())
def test_it_judges_a_deck_the_same_when_an_entry_is_split_in_two(entries, data):
    splittable = [i for i, entry in enumerate(entries) if entry.quantity > 1]
    if not splittable:
        return
    index = data.draw(st.sampled_from(splittable))
    entry = entries[index]
    first = data.draw(st.integers(1, entry.quantity - 1))
    split = [replace(entry, quantity=first), replace(entry, quantity=entry.quantity - first)]
    assert legality([*entries[:index], *split, *entries[index + 1 :]]) == legality(entries)


@given(decks(), st.data())
def test_it_judges_a_deck_the_same_whichever_printing_an_entry_pins(entries, data):
    index = data.draw(st.integers(0, len(entries) - 1))
    code = data.draw(st.sampled_from(["AAA", "BBB", "CCC"]))
    pinned = replace(entries[index], set=code, number=data.draw(st.sampled_from(["1", "045"])))
    assert legality([*entries[:index], pinned, *entries[index + 1 :]]) == legality(entries)
