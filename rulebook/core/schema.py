"""Attribute schemas: each game declares its card attributes once, here checked for every card.

A schema maps attribute names to field specs; `check_attributes` returns every problem found as
(field path, message) pairs, so an importer can name them all instead of stopping at the first.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Field:
    """One attribute: its kind and, for numbers, an inclusive range."""

    kind: str  # "int", "str", "bool", "int_map", "str_list", "json"
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    keys: tuple[str, ...] = ()  # allowed keys of an int_map; empty means any
    numeric: bool = False  # searchable by comparison in the query language
    help: str = ""
    # A game's own check of a well-typed value (e.g. the Neopets effect vocabulary), returning
    # (sub-path, message) pairs like the kind checks do.
    validator: Callable[[Any], list[tuple[str, str]]] | None = None

    def problems(self, value: Any) -> list[tuple[str, str]]:
        """Problems with one value, as (sub-path, message); sub-path '' is the field itself."""
        problems = _CHECKERS[self.kind](self, value)
        if not problems and self.validator is not None:
            problems = self.validator(value)
        return problems


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _range_problem(field: Field, value: int) -> str | None:
    if field.minimum is not None and value < field.minimum:
        return f"must be at least {field.minimum}, not {value}"
    if field.maximum is not None and value > field.maximum:
        return f"must be at most {field.maximum}, not {value}"
    return None


def _check_int(field: Field, value: Any) -> list[tuple[str, str]]:
    if not _is_int(value):
        return [("", f"must be an integer, not {value!r}")]
    problem = _range_problem(field, value)
    return [("", problem)] if problem else []


def _check_str(field: Field, value: Any) -> list[tuple[str, str]]:
    if not isinstance(value, str):
        return [("", f"must be a string, not {value!r}")]
    if field.choices and value not in field.choices:
        return [("", f"must be one of {', '.join(field.choices)}; not {value!r}")]
    return []


def _check_bool(field: Field, value: Any) -> list[tuple[str, str]]:
    return [] if isinstance(value, bool) else [("", f"must be true or false, not {value!r}")]


def _check_int_map(field: Field, value: Any) -> list[tuple[str, str]]:
    if not isinstance(value, Mapping):
        return [("", f"must be an object of integers, not {value!r}")]
    problems = []
    for key, item in value.items():
        if field.keys and key not in field.keys:
            problems.append((f".{key}", f"is not one of {', '.join(field.keys)}"))
        elif not _is_int(item):
            problems.append((f".{key}", f"must be an integer, not {item!r}"))
        elif problem := _range_problem(field, item):
            problems.append((f".{key}", problem))
    return problems


def _check_str_list(field: Field, value: Any) -> list[tuple[str, str]]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        return [("", f"must be a list of strings, not {value!r}")]
    return []


def _check_json(field: Field, value: Any) -> list[tuple[str, str]]:
    return []


_CHECKERS = {
    "int": _check_int,
    "str": _check_str,
    "bool": _check_bool,
    "int_map": _check_int_map,
    "str_list": _check_str_list,
    "json": _check_json,
}


def check_attributes(
    schema: Mapping[str, Field], attributes: Mapping[str, Any]
) -> list[tuple[str, str]]:
    """Every problem in a card's attributes, as (attribute path, message)."""
    problems: list[tuple[str, str]] = []
    for name, value in attributes.items():
        field = schema.get(name)
        if field is None:
            problems.append((name, "is not an attribute of this game"))
            continue
        problems.extend((name + sub, message) for sub, message in field.problems(value))
    return problems
