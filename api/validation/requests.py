"""Reading a POST /validate/ body into plain values, naming every field it cannot read.

Hand-written rather than a DRF serializer because the contract is stricter than DRF's fields:
a quantity is a JSON integer (not true, not "2"), and a decklist's unreadable lines are listed
with their numbers. All problems are collected before the request is refused.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from api.entries import (
    NUL,
    NUL_MESSAGE,
    Problems,
    RequestProblems,
    is_integer,
    section_entries,
)
from basics.ids import integer_text
from cards.selectors import catalogue_names
from rulebook.cardfile import CardFileError, read_cards
from rulebook.core.cards import CardInfo
from rulebook.core.decklist import LineProblem, parse_decklist
from rulebook.core.game import GameSpec
from rulebook.core.resolve import EntryRef
from rulebook.registry import GAMES

FIXABLE_GAMES = ("millennium-blades",)
MAX_INLINE_CARDS = 200  # a 40-card deck of all-different cards, and room to spare
_CARD_LABEL = re.compile(r"^cards(\[\d+\])")
_OPTIONS = ("format", "as_of", "fix", "seed")  # in the body or the query string
_TRUE, _FALSE = ("true", "1", "yes"), ("false", "0", "no", "")


@dataclass
class ValidateRequest:
    game: GameSpec
    entries: list[EntryRef]
    format: str | None = None
    as_of: date | None = None
    fix: bool = False
    seed: int | None = None
    # A text decklist's lines that could not be read: errors of the report, not a 400.
    unreadable: list[LineProblem] = field(default_factory=list)
    # User-made cards the request brings (`cards`, in the import format), which its entries
    # may name: read here for /validate/ and /simulations/ alike (issue 14's decision).
    cards: list[CardInfo] = field(default_factory=list)

    def refuse_unreadable(self) -> None:
        """RequestProblems naming the unreadable lines, for callers that need every line
        (storing or playing a deck, fixing it): a report can list them, a deck cannot."""
        if self.unreadable:
            problems = Problems()
            add_line_problems(problems, self.unreadable)
            raise RequestProblems(problems)


def read_validate_request(body: Any, query: Mapping[str, str]) -> ValidateRequest:
    """The request's values; RequestProblems naming every field otherwise.

    `format`, `as_of`, `fix` and `seed` may come in the body or the query string (body first).
    """
    problems = Problems()
    if not isinstance(body, dict):
        problems.add("body", "must be a JSON object")
        raise RequestProblems(problems)
    options = {k: body[k] if k in body else query.get(k) for k in _OPTIONS}
    game = _game(body.get("game"), problems)
    fmt = read_format(options.get("format"), problems)
    as_of = read_as_of(options.get("as_of"), problems)
    fix, seed = _fix(game, options.get("fix"), options.get("seed"), problems)
    unreadable: list[LineProblem] = []
    entries = _entries(game, body, problems, unreadable) if game is not None else []
    cards = _cards(game, body.get("cards"), "cards", problems) if game is not None else []
    if problems.fields or game is None:
        raise RequestProblems(problems)  # game is None only with a problem named
    return ValidateRequest(game, entries, fmt, as_of, fix, seed, unreadable, cards)


def _game(value: Any, problems: Problems) -> GameSpec | None:
    game = GAMES.get(value) if isinstance(value, str) else None
    if game is None:
        problems.add("game", f"must be one of {', '.join(GAMES)}; not {value!r}")
    return game


def read_format(value: Any, problems: Problems, field: str = "format") -> str | None:
    if value is None or (isinstance(value, str) and value and NUL not in value):
        return value
    problems.add(field, f"must be a format slug such as standard; not {value!r}")
    return None


def read_as_of(value: Any, problems: Problems) -> date | None:
    if value is None:
        return None
    try:
        if not isinstance(value, str) or len(value) != 10:
            raise ValueError
        return date.fromisoformat(value)
    except ValueError:
        problems.add("as_of", f"must be a date written YYYY-MM-DD; not {value!r}")
        return None


def _flag(value: Any) -> bool | None:
    if isinstance(value, bool) or value is None:
        return bool(value)
    if isinstance(value, str) and value.lower() in _TRUE + _FALSE:
        return value.lower() in _TRUE
    return None


def _fix(
    game: GameSpec | None, fix_value: Any, seed_value: Any, problems: Problems
) -> tuple[bool, int | None]:
    fix = _flag(fix_value)
    if fix is None:
        problems.add("fix", f"must be true or false; not {fix_value!r}")
        return False, None
    if fix and game is not None and game.slug not in FIXABLE_GAMES:
        problems.add("fix", f"only {', '.join(FIXABLE_GAMES)} decks have a rulebook fix")
    seed = None
    if isinstance(seed_value, str):  # from the query string
        seed = integer_text(seed_value)
    elif is_integer(seed_value):
        seed = seed_value
    if seed is None and seed_value is not None:
        problems.add("seed", f"must be an integer; not {seed_value!r}")
    return fix, seed


def _entries(
    game: GameSpec, body: Mapping[str, Any], problems: Problems, unreadable: list[LineProblem]
) -> list[EntryRef]:
    has_sections, has_text = "sections" in body, "text" in body
    if has_sections == has_text:
        message = "give exactly one of sections (an object of lists) or text (a decklist)"
        problems.add("sections", message)
        return []
    if has_text:
        return _text_entries(game, body["text"], problems, unreadable)
    return section_entries(body["sections"], problems)


def _text_entries(
    game: GameSpec, text: Any, problems: Problems, unreadable: list[LineProblem]
) -> list[EntryRef]:
    if not isinstance(text, str):
        problems.add("text", f"must be a string holding a decklist; not {type(text).__name__}")
        return []
    if NUL in text:
        problems.add("text", NUL_MESSAGE)
        return []
    parsed = parse_decklist(text, game)
    unreadable.extend(parsed.problems)
    return parsed.entries


def _cards(game: GameSpec, value: Any, path: str, problems: Problems) -> list[CardInfo]:
    """A request's user-made cards (an inline deck's `cards`), read as the card importer reads
    a file's, each problem named under `path` (`cards[2].attributes.cost`)."""
    if value is None:
        return []
    if not isinstance(value, list) or len(value) > MAX_INLINE_CARDS:
        problems.add(path, f"must be a list of at most {MAX_INLINE_CARDS} cards (import format)")
        return []
    try:
        known = catalogue_names(game=game.slug) if game.derive_attributes else frozenset()
        return read_cards({"game": game.slug, "cards": value}, known_names=known)
    except CardFileError as exc:
        for label, field, message in exc.problems:
            index = _CARD_LABEL.match(label)
            where = path + (index.group(1) if index else "") + (f".{field}" if field else "")
            problems.add(where, message if index else f"{label}: {message}")
        return []


def add_line_problems(problems: Problems, lines: list[LineProblem]) -> None:
    """Name each unreadable line under `text` and in `lines`, for a 400 answer."""
    for bad in lines:
        problems.add("text", f"line {bad.line}: {bad.text.strip()!r} {bad.message}")
        problems.lines.append({"line": bad.line, "text": bad.text, "message": bad.message})
