"""Deck validation for the rest of the project: rows in, the core's plain report out.

The API, stored decks, the validate_deck command and test-game jobs all call these; each is the
same core path (rulebook.validate) over the database card pool and a format from the database.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from itertools import chain

from basics.errors import InvalidRequest
from cards.models import Viewer
from rulebook.cardfile import MemoryPool
from rulebook.core.cards import CardInfo, Deck, FormatInfo
from rulebook.core.decklist import LineProblem
from rulebook.core.game import GameSpec
from rulebook.core.report import Report
from rulebook.core.resolve import CardPool, EntryRef
from rulebook.validate import resolve_and_check

from .formats import format_info, game_spec_for
from .pool import DatabasePool, InlineCardsPool

__all__ = [
    "DeckRequest",
    "InvalidRequest",
    "deck_resolve",
    "deck_validate",
    "decks_validate",
    "format_info",
]


def deck_validate(
    *,
    game: str,
    entries: Sequence[EntryRef],
    format: str | None = None,
    as_of: date | None = None,
    unreadable: Sequence[LineProblem] = (),
    viewer: Viewer = None,
    cards: Sequence[CardInfo] = (),
) -> Report:
    """The full report for a deck in a format (default: the game's), lists as of a day (today),
    over the cards the viewer may use (their own user-made cards among them) and the user-made
    `cards` the request brings; a decklist's unreadable lines are errors in it
    (rulebook.validate).

    InvalidRequest names the field when the game or format does not exist.
    """
    return deck_resolve(
        game=game,
        entries=entries,
        format=format,
        as_of=as_of,
        unreadable=unreadable,
        viewer=viewer,
        cards=cards,
    )[1]


def deck_resolve(
    *,
    game: str,
    entries: Sequence[EntryRef],
    format: str | None = None,
    as_of: date | None = None,
    unreadable: Sequence[LineProblem] = (),
    viewer: Viewer = None,
    cards: Sequence[CardInfo] = (),
) -> tuple[Deck, Report]:
    """The resolved core Deck (the cards found) and its full report, for callers that play it.

    `cards` are user-made cards the request brings (an inline deck's `cards`): entries naming
    them find them before any stored card.
    """
    spec = game_spec_for(game)
    fmt = format_info(game=game, format=format, as_of=as_of)
    pool = request_pool(spec, entries, viewer, cards, as_of=as_of)
    return resolve_and_check(spec, entries, pool, fmt, unreadable)


def request_pool(
    spec: GameSpec,
    entries: Sequence[EntryRef],
    viewer: Viewer,
    cards: Sequence[CardInfo] = (),
    *,
    as_of: date | None = None,
) -> CardPool:
    """Where a request's entries are looked up: the user-made `cards` it brings first, then the
    database's cards the viewer may use (the requesting user decides which private cards), as
    they stood on `as_of` when given (an erratum after that day not yet in force)."""
    stored = DatabasePool(spec.slug, entries, viewer=viewer, as_of=as_of)
    return with_inline_cards(spec, stored, cards)


def with_inline_cards(spec: GameSpec, pool: CardPool, cards: Sequence[CardInfo]) -> CardPool:
    """The pool, behind the user-made `cards` a request brings (they shadow stored cards)."""
    return InlineCardsPool(MemoryPool(cards, spec), pool) if cards else pool


@dataclass(frozen=True)
class DeckRequest:
    """One deck of a batch, as deck_validate takes it."""

    game: str
    entries: Sequence[EntryRef]
    format: str | None = None
    as_of: date | None = None
    unreadable: Sequence[LineProblem] = ()
    cards: Sequence[CardInfo] = ()  # user-made cards the deck brings, found before stored ones


def decks_validate(
    *, decks: Sequence[DeckRequest], viewer: Viewer = None
) -> list[Report | InvalidRequest]:
    """Each deck's report, or the InvalidRequest naming its bad game or format, in order.

    Cards are looked up once for the whole batch (one pool per game and day over every deck's
    entries) and each format once per (game, format, day), so a batch costs a few queries, not
    a few per deck. The viewer's own user-made cards count, as in deck_validate.
    """
    pools = {
        (game, as_of): DatabasePool(
            game,
            chain.from_iterable(d.entries for d in decks if (d.game, d.as_of) == (game, as_of)),
            viewer=viewer,
            as_of=as_of,
        )
        for game, as_of in {(deck.game, deck.as_of) for deck in decks}
    }
    formats: dict[tuple[str, str | None, date | None], FormatInfo | InvalidRequest] = {}
    results: list[Report | InvalidRequest] = []
    for deck in decks:
        key = (deck.game, deck.format, deck.as_of)
        if key not in formats:
            try:
                formats[key] = format_info(game=deck.game, format=deck.format, as_of=deck.as_of)
            except InvalidRequest as exc:
                formats[key] = exc
        fmt = formats[key]
        if isinstance(fmt, InvalidRequest):
            results.append(fmt)
            continue
        spec = game_spec_for(deck.game)
        pool = with_inline_cards(spec, pools[(deck.game, deck.as_of)], deck.cards)
        report = resolve_and_check(spec, deck.entries, pool, fmt, deck.unreadable)[1]
        results.append(report)
    return results
