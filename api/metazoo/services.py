"""The Archive swap service: resolve two registered lists from the database, then check them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.core.report import Report
from rules.core.resolve import EntryRef
from rules.metazoo.cards import GAME
from rules.metazoo.swap import SwapCheck, swap_check
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
