"""The MetaZoo Archive swap (Archive, p. 41): resolve two registered lists from the database, then
check the swap between them. The API (POST /api/v1/metazoo/archive-swap/) and the site's swap page
both call it, so they give the same answer."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rulebook.core.cards import CardInfo
from rulebook.core.report import Report
from rulebook.core.resolve import UNRESOLVED_CODES, EntryRef
from rulebook.metazoo.cards import GAME
from rulebook.metazoo.swap import SwapCheck, swap_check
from rules.services.validation import deck_resolve


@dataclass(frozen=True)
class ArchiveSwap:
    """The swap check, and each list's own validation report (unknown cards appear there)."""

    check: SwapCheck
    before: Report
    after: Report


def archive_swap_check(
    *, before: Sequence[EntryRef], after: Sequence[EntryRef], format: str | None = None
) -> ArchiveSwap:
    """Check the Archive swap from one registered list to the next (InvalidRequest naming the
    field when the format does not exist)."""
    before_deck, before_report = deck_resolve(game=GAME.slug, entries=before, format=format)
    after_deck, after_report = deck_resolve(game=GAME.slug, entries=after, format=format)
    return ArchiveSwap(swap_check(before_deck, after_deck), before_report, after_report)


def archive_swap_answer(swap: ArchiveSwap) -> dict[str, Any]:
    """The answer the API sends and the website shows: legal, what moved, every problem."""
    problems = [
        {**issue.as_dict(), "list": name}
        for name, report in (("before", swap.before), ("after", swap.after))
        for issue in report.errors
        # An entry that did not resolve (unknown, ambiguous) is missing from the list the
        # swap compares, so the swap cannot be judged legal without it.
        if issue.code in UNRESOLVED_CODES
        # The list the swap makes must keep every Spellbook Restriction (p. 25): a swap that
        # breaks one is illegal, with the resulting list's errors (issue 29).
        or (name == "after" and issue.code == "spellbook.restriction")
    ]
    problems += [issue.as_dict() for issue in swap.check.problems]
    return {
        "legal": not problems,
        "moved": {
            "to_spellbook": _pages(swap.check.to_spellbook),
            "to_archive": _pages(swap.check.to_archive),
        },
        "problems": problems,
        "counts": {"before": swap.before.counts, "after": swap.after.counts},
        "after": swap.after.as_dict(),
    }


def _pages(moved: dict[CardInfo, int]) -> list[dict[str, Any]]:
    return [
        {"name": card.name, "key": card.key, "quantity": quantity}
        for card, quantity in sorted(moved.items(), key=lambda item: (item[0].name, item[0].key))
    ]
