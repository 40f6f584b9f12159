"""Reading a POST /validate/ body into plain values, naming every field it cannot read.

Hand-written rather than a DRF serializer because the contract is stricter than DRF's fields:
a quantity is a JSON integer (not true, not "2"), and a decklist's unreadable lines are listed
with their numbers. All problems are collected before the request is refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from rules.core.decklist import MAX_QUANTITY, parse_decklist
from rules.core.game import GameSpec
from rules.core.resolve import EntryRef
from rules.registry import GAMES

FIXABLE_GAMES = ("millennium-blades",)
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


@dataclass
class Problems:
    """Field path -> messages, plus the decklist lines that could not be read."""

    fields: dict[str, list[str]] = field(default_factory=dict)
    lines: list[dict[str, Any]] = field(default_factory=list)

    def add(self, path: str, message: str) -> None:
        self.fields.setdefault(path, []).append(message)


class RequestProblems(Exception):
    def __init__(self, problems: Problems) -> None:
        super().__init__(", ".join(problems.fields))
        self.problems = problems


def is_integer(value: Any) -> bool:
    """A JSON integer: bool is an int in Python but true is not a quantity."""
    return isinstance(value, int) and not isinstance(value, bool)


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
    fmt = _format(options.get("format"), problems)
    as_of = _as_of(options.get("as_of"), problems)
    fix, seed = _fix(game, options.get("fix"), options.get("seed"), problems)
    entries = _entries(game, body, problems) if game is not None else []
    if problems.fields or game is None:
        raise RequestProblems(problems)  # game is None only with a problem named
    return ValidateRequest(game, entries, fmt, as_of, fix, seed)


def _game(value: Any, problems: Problems) -> GameSpec | None:
    game = GAMES.get(value) if isinstance(value, str) else None
    if game is None:
        problems.add("game", f"must be one of {', '.join(GAMES)}; not {value!r}")
    return game


def _format(value: Any, problems: Problems) -> str | None:
    if value is None or (isinstance(value, str) and value):
        return value
    problems.add("format", f"must be a format slug such as standard; not {value!r}")
    return None


def _as_of(value: Any, problems: Problems) -> date | None:
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
    if isinstance(seed_value, str) and seed_value.lstrip("-").isdigit():
        seed_value = int(seed_value)
    if is_integer(seed_value):
        seed = seed_value
    elif seed_value is not None:
        problems.add("seed", f"must be an integer; not {seed_value!r}")
    return fix, seed


def _entries(game: GameSpec, body: Mapping[str, Any], problems: Problems) -> list[EntryRef]:
    has_sections, has_text = "sections" in body, "text" in body
    if has_sections == has_text:
        message = "give exactly one of sections (an object of lists) or text (a decklist)"
        problems.add("sections", message)
        return []
    if has_text:
        return _text_entries(game, body["text"], problems)
    return section_entries(body["sections"], problems)


def _text_entries(game: GameSpec, text: Any, problems: Problems) -> list[EntryRef]:
    if not isinstance(text, str):
        problems.add("text", f"must be a string holding a decklist; not {type(text).__name__}")
        return []
    parsed = parse_decklist(text, game)
    for bad in parsed.problems:
        problems.add("text", f"line {bad.line}: {bad.text.strip()!r} {bad.message}")
        problems.lines.append({"line": bad.line, "text": bad.text, "message": bad.message})
    return parsed.entries


def section_entries(sections: Any, problems: Problems, path: str = "sections") -> list[EntryRef]:
    """The entries of a sections object; problems are named under `path` (e.g. after.archive[0])."""
    if not isinstance(sections, dict):
        problems.add(path, "must be an object mapping section names to lists of entries")
        return []
    entries: list[EntryRef] = []
    for section, items in sections.items():
        if not isinstance(items, list):
            problems.add(f"{path}.{section}", "must be a list of entries")
            continue
        for index, item in enumerate(items):
            entry = _entry(f"{path}.{section}[{index}]", section, item, problems)
            if entry is not None:
                entries.append(entry)
    return entries


def _entry(path: str, section: str, item: Any, problems: Problems) -> EntryRef | None:
    """The entry at `path` describes, or None with its problems added."""
    if not isinstance(item, dict):
        problems.add(path, "must be an object with name (or key or id) and quantity")
        return None
    name, key, card_id = item.get("name"), item.get("key"), item.get("id")
    quantity, set_code, number = item.get("quantity"), item.get("set"), item.get("number")
    found = _entry_problems(name, key, card_id, quantity, set_code, number)
    for suffix, message in found:
        problems.add(path + suffix, message)
    if found:
        return None
    return EntryRef(
        section=section,
        quantity=quantity,
        name=name.strip() if name is not None else None,
        key=key,
        id=card_id,
        set=set_code,
        number=number,
    )


def _entry_problems(
    name: Any, key: Any, card_id: Any, quantity: Any, set_code: Any, number: Any
) -> list[tuple[str, str]]:
    """(path suffix, message) for each field of an entry that cannot be read."""
    found: list[tuple[str, str]] = []
    if name is None and key is None and card_id is None:
        found.append(("", "must name its card by name, key or id"))
    if name is not None and not _is_text(name):
        found.append((".name", "must be a non-empty string"))
    if key is not None and not _is_text(key):
        found.append((".key", "must be a non-empty string"))
    if card_id is not None and not is_integer(card_id):
        found.append((".id", f"must be an integer; not {card_id!r}"))
    if not is_integer(quantity) or not 1 <= quantity <= MAX_QUANTITY:
        found.append((".quantity", f"must be an integer from 1 to {MAX_QUANTITY}"))
    if (set_code is not None or number is not None) and not (
        _is_text(set_code) and _is_text(number)
    ):
        found.append(("", "a printing needs both set and number, as strings"))
    return found


def _is_text(value: Any) -> bool:
    return isinstance(value, str) and bool(value.strip())
