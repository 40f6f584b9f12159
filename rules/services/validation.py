"""Deck validation for the rest of the project: rows in, the core's plain report out.

The API, stored decks, the validate_deck command and test-game jobs all call these; each is the
same core path (rules.core.validate) over the database card pool and a format from the database.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from cards.models import Viewer
from rules.core.cardfile import MemoryPool
from rules.core.cards import CardInfo, Deck
from rules.core.report import Report
from rules.core.resolve import CardPool, EntryRef
from rules.core.validate import resolve_and_check

from .errors import InvalidRequest
from .formats import format_info, game_spec_for
from .pool import DatabasePool, InlineCardsPool

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
    cards: Sequence[CardInfo] = (),
) -> tuple[Deck, Report]:
    """The resolved core Deck (the cards found) and its full report, for callers that play it.

    `cards` are user-made cards the request brings (an inline deck's `cards`): entries naming
    them find them before any stored card.
    """
    spec = game_spec_for(game)
    fmt = format_info(game=game, format=format, as_of=as_of)
    pool: CardPool = DatabasePool(spec.slug, entries, viewer=viewer)
    if cards:
        pool = InlineCardsPool(MemoryPool(cards, spec), pool)
    return resolve_and_check(spec, entries, pool, fmt)
