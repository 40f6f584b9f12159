"""Reading deck entries from a request body, naming every field it cannot read.

One reader for every endpoint that takes entries in /validate/'s sections shape (validation,
stored decks, archive swaps, simulations). Hand-written rather than DRF fields because the
contract is stricter than DRF's: a quantity is a JSON integer (not true, not "2"), and an entry
field the API does not know is refused rather than dropped.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from basics.ids import MAX_ID
from rulebook.core.decklist import MAX_QUANTITY
from rulebook.core.resolve import EntryRef

ENTRY_FIELDS = ("name", "key", "id", "quantity", "set", "number")
_KNOWN = frozenset(ENTRY_FIELDS)
_TEXT_FIELDS = ("name", "key", "set", "number")
MAX_TEXT = 200
NUL = "\x00"
NUL_MESSAGE = "must not contain NUL characters"


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


def section_entries(sections: Any, problems: Problems, path: str = "sections") -> list[EntryRef]:
    """The entries of a sections object; problems are named under `path` (e.g. after.archive[0]).

    An empty `path` names them from the section on (`main[0].quantity`), for callers that nest
    the problems under a field of their own.
    """
    if not isinstance(sections, dict):
        problems.add(path, "must be an object mapping section names to lists of entries")
        return []
    prefix = f"{path}." if path else ""
    entries: list[EntryRef] = []
    for section, items in sections.items():
        if not isinstance(items, list):
            problems.add(f"{prefix}{section}", "must be a list of entries")
            continue
        for index, item in enumerate(items):
            entry = _entry(section, item)
            if isinstance(entry, EntryRef):
                entries.append(entry)
                continue
            path = f"{prefix}{section}[{index}]"  # made only for an entry with problems
            for name, message in entry:
                problems.add(f"{path}.{name}" if name else path, message)
    return entries


def _entry(section: str, item: Any) -> EntryRef | list[tuple[str, str]]:
    """The entry, or its problems as (field, message); field "" is the entry itself."""
    if not isinstance(item, dict):
        return [("", "must be an object with name (or key or id) and quantity")]
    found = entry_problems(item)
    if found:
        return found
    name = item.get("name")
    return EntryRef(
        section=section,
        quantity=item["quantity"],
        name=name.strip() if name is not None else None,
        key=item.get("key"),
        id=item.get("id"),
        set=item.get("set"),
        number=item.get("number"),
    )


def entry_problems(item: dict[str, Any]) -> list[tuple[str, str]]:
    """(field, message) for each field of an entry object that cannot be read."""
    found = []
    if not item.keys() <= _KNOWN:  # a subset test first: most entries name no other field
        found += [
            (name, f"is not an entry field; use {', '.join(ENTRY_FIELDS)}")
            for name in item
            if name not in _KNOWN
        ]
    if "name" not in item and "key" not in item and "id" not in item:
        found.append(("name", "is required: name the card by name, key or id"))
    for name in _TEXT_FIELDS:
        if name in item:
            problem = text_problem(item[name])
            if problem:
                found.append((name, problem))
    if "id" in item and not (is_integer(item["id"]) and 1 <= item["id"] <= MAX_ID):
        found.append(("id", f"must be a positive integer; not {item['id']!r}"))
    quantity = item.get("quantity")
    if not is_integer(quantity) or not 1 <= quantity <= MAX_QUANTITY:
        found.append(("quantity", f"must be an integer from 1 to {MAX_QUANTITY}"))
    if ("set" in item) != ("number" in item):
        missing = "number" if "set" in item else "set"
        found.append((missing, "is required with set and number: a printing needs both"))
    return found


def text_problem(value: Any, max_length: int = MAX_TEXT) -> str | None:
    """Why `value` is not a usable piece of text (a card name, a key, a slug), or None.

    NUL characters are refused here: no card or format can hold one, and PostgreSQL cannot
    even be asked about text containing one.
    """
    if not isinstance(value, str) or not value.strip() or len(value) > max_length:
        return f"must be a non-empty string of at most {max_length} characters"
    if NUL in value:
        return NUL_MESSAGE
    return None
