"""Deck validation for the rest of the project: rows in, the core's plain report out.

The API, stored decks, the validate_deck command and test-game jobs all call these; each is the
same core path (rules.core.validate) over the database card pool and a format from the database.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from cards.models import Viewer
from rules.core.cards import Deck
from rules.core.report import Report
from rules.core.resolve import EntryRef
from rules.core.validate import resolve_and_check

from .errors import InvalidRequest
from .formats import format_info, game_spec_for
from .pool import DatabasePool

__all__ = ["InvalidRequest", "deck_resolve", "deck_validate", "format_info"]


def deck_validate(
    *,
    game: str,
    entries: Sequence[EntryRef],
    format: str | None = None,
    as_of: date | None = None,
    viewer: Viewer = None,
) -> Report:
    """The full report for a deck in a format (default: the game's), lists as of a day (today),
    over the cards the viewer may use (their own user-made cards among them).

    InvalidRequest names the field when the game or format does not exist.
    """
    return deck_resolve(game=game, entries=entries, format=format, as_of=as_of, viewer=viewer)[1]


def deck_resolve(
    *,
    game: str,
    entries: Sequence[EntryRef],
    format: str | None = None,
    as_of: date | None = None,
    viewer: Viewer = None,
) -> tuple[Deck, Report]:
    """The resolved core Deck (the cards found) and its full report, for callers that play it."""
    spec = game_spec_for(game)
    fmt = format_info(game=game, format=format, as_of=as_of)
    pool = DatabasePool(spec.slug, entries, viewer=viewer)
    return resolve_and_check(spec, entries, pool, fmt)
