"""Archive swaps between games (Archive, p. 41): same sizes, Pages only moved between the two."""

from __future__ import annotations

from rulebook.core.cards import Deck, Entry
from rulebook.metazoo.swap import ONLY_MOVED, SAME_SIZE, swap_check

from .factories import LEGAL_ARCHIVE, LEGAL_SPELLBOOK, deck, pages


def moved(check) -> tuple[dict[str, int], dict[str, int]]:
    return (
        {card.key: n for card, n in check.to_spellbook.items()},
        {card.key: n for card, n in check.to_archive.items()},
    )


def problems(check) -> list[tuple[str, str]]:
    return [(issue.code, issue.rule) for issue in check.problems]


BEFORE = deck(LEGAL_SPELLBOOK, LEGAL_ARCHIVE)


def test_it_accepts_pages_swapped_between_spellbook_and_archive_archive_p41():
    """Two Cinder Drakes come in from the Archive, two Ember Pups go out to it."""
    after = deck(
        {**LEGAL_SPELLBOOK, "sample-ember-pup": 2, "sample-cinder-drake": 2},
        {"sample-ember-pup": 2, "sample-moss-gnome": 3},
    )
    check = swap_check(BEFORE, after)
    assert check.legal, check.problems
    assert moved(check) == ({"sample-cinder-drake": 2}, {"sample-ember-pup": 2})


def test_it_accepts_an_unchanged_list():
    check = swap_check(BEFORE, BEFORE)
    assert check.legal
    assert moved(check) == ({}, {})


def test_it_refuses_a_swap_that_changes_both_sizes_archive_p41():
    """A Page moved in with none moved out: the Spellbook grows, the Archive shrinks."""
    after = deck(
        {**LEGAL_SPELLBOOK, "sample-moss-gnome": 1}, {**LEGAL_ARCHIVE, "sample-moss-gnome": 2}
    )
    check = swap_check(BEFORE, after)
    assert problems(check) == [
        ("swap.spellbook_size", SAME_SIZE),
        ("swap.archive_size", SAME_SIZE),
    ]
    assert dict(check.problems[0].details) == {"before": 40, "after": 41}
    assert moved(check) == ({"sample-moss-gnome": 1}, {})


def test_it_refuses_a_page_added_from_outside_and_one_removed_archive_p41():
    """Sizes unchanged, but a Thunder Stag replaced an Ember Pup from outside both lists."""
    after = deck(
        {**LEGAL_SPELLBOOK, "sample-ember-pup": 3, "sample-thunder-stag": 1}, LEGAL_ARCHIVE
    )
    check = swap_check(BEFORE, after)
    assert problems(check) == [("swap.removed", ONLY_MOVED), ("swap.added", ONLY_MOVED)]
    assert [issue.cards for issue in check.problems] == [
        ("Sample Ember Pup",),
        ("Sample Thunder Stag",),
    ]


def test_it_refuses_a_page_dropped_from_the_archive_archive_p41():
    after = deck(LEGAL_SPELLBOOK, {"sample-cinder-drake": 2, "sample-moss-gnome": 2})
    check = swap_check(BEFORE, after)
    assert problems(check) == [("swap.archive_size", SAME_SIZE), ("swap.removed", ONLY_MOVED)]
    assert dict(check.problems[1].details) == {"quantity": 1}


def test_it_counts_copies_by_card_whatever_printing_an_entry_names():
    drake = pages()["sample-cinder-drake"]
    pinned = Deck(
        "metazoo",
        {
            "spellbook": BEFORE.entries("spellbook"),
            "archive": (Entry(drake, 2, ("MZ-SMP", "008")), *BEFORE.entries("archive")[1:]),
        },
    )
    assert swap_check(BEFORE, pinned).legal
