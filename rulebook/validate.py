"""The one validation path every caller shares: resolve the entries, then run the ruleset."""

from __future__ import annotations

from collections.abc import Sequence

from .core.cards import Deck, FormatInfo
from .core.decklist import LineProblem
from .core.game import GameSpec
from .core.report import Report
from .core.resolve import CardPool, EntryRef, resolve
from .registry import ruleset_for

# A decklist line that could not be read: an error of the report, the other lines still checked.
UNREADABLE_LINE = "decklist.unreadable"


def validate(
    game: GameSpec,
    entries: Sequence[EntryRef],
    pool: CardPool,
    fmt: FormatInfo,
    unreadable: Sequence[LineProblem] = (),
) -> Report:
    """The full report for a requested deck in a format: every problem, none stopping another."""
    return resolve_and_check(game, entries, pool, fmt, unreadable)[1]


def resolve_and_check(
    game: GameSpec,
    entries: Sequence[EntryRef],
    pool: CardPool,
    fmt: FormatInfo,
    unreadable: Sequence[LineProblem] = (),
) -> tuple[Deck, Report]:
    """The resolved deck (the cards that were found) and its full report in the format.

    `unreadable` are the decklist lines the parser could not read: each is an error, and the
    deck the other lines describe is checked all the same (its sizes then lack those lines).
    """
    report = Report(game=game.slug, format=fmt.slug)
    for problem in unreadable:
        report.error(
            UNREADABLE_LINE,
            "plain-text decklists",
            f"Line {problem.line} {problem.text.strip()!r} {problem.message}; it was not counted.",
            line=problem.line,
            text=problem.text,
        )
    deck = resolve(game, entries, pool, report)
    return deck, ruleset_for(fmt.ruleset).check(deck, fmt, report)


def standard_format(game: GameSpec) -> FormatInfo:
    """A game's standard format with empty lists: what the core uses when no database says more."""
    return FormatInfo(slug="standard", name=f"{game.name} standard", ruleset=game.slug)
