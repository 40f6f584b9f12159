"""The answers the README states, as patterns an actual answer is checked against.

The README writes answers the way people read them, with ellipses for what it leaves out:

    # -> 201 {"id": …, "legal": false, "errors": [{"code": "main.size", ...}, ...],
    #         "expected_damage": 0.224…, "url": "…/api/v1/simulations/…/"}

- `…` or `...` as a value is any value; after digits (`0.224…`) a number that begins so.
- An object matches an answer that has at least its keys (so `, ...}` is only for the reader).
- A list matches the same number of items, in order; with a `...` item among them, at least
  its other items, in order, with anything between.
- `…` inside a string matches any text; a string without one must be equal.

A plain-text answer (a command's output, `?format=text`) is written as its lines, `…` matching
any text (across lines too); lines are compared without their outer spaces.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

ELLIPSIS = re.compile(r"…|\.\.\.")
_ANY, _MORE, _PREFIX = "\0any", "\0more", "\0prefix:"


@dataclass(frozen=True)
class Prefix:
    text: str


class _Any:
    def __repr__(self) -> str:
        return "…"


ANY = _Any()


def json_pattern(text: str) -> Any:
    """The README's JSON with ellipses, as a value for `mismatches`. Raises ValueError."""
    out: list[str] = []
    stack: list[str] = []
    i, in_string, skip_comma = 0, False, False
    while i < len(text):
        char = text[i]
        if in_string:
            out.append(char)
            if char == "\\":
                out.append(text[i + 1])
                i += 1
            elif char == '"':
                in_string = False
            i += 1
            continue
        ellipsis = ELLIPSIS.match(text, i)
        if ellipsis:
            comma_before = "".join(out).rstrip().endswith(",")
            token = _ellipsis_token(out, stack)
            out.append(token)
            # A member left out takes one comma with it: the one before, else the one after.
            skip_comma = token == "" and not comma_before
            i = ellipsis.end()
            continue
        if skip_comma and not char.isspace():
            skip_comma = False
            if char == ",":
                i += 1
                continue
        if char == '"':
            in_string = True
        elif char in "{[":
            stack.append(char)
        elif char in "}]":
            stack.pop()
        out.append(char)
        i += 1
    return _markers(json.loads("".join(out)))


def _ellipsis_token(out: list[str], stack: list[str]) -> str:
    """What an ellipsis stands for where it stands, as JSON text (or "" to drop it)."""
    written = "".join(out).rstrip()
    number = re.search(r"-?\d+(\.\d*)?$", written)
    if number:  # `0.224…`: the number's digits so far become a prefix pattern
        out[:] = list(written[: number.start()])
        return json.dumps(_PREFIX + number.group())
    if not stack or written.endswith(":"):
        return json.dumps(_ANY)
    if stack[-1] == "[":
        return json.dumps(_MORE)
    # An object member left out (objects match by their keys anyway): drop it, and its comma.
    out[:] = list(written.removesuffix(","))
    return ""


def _markers(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _markers(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_markers(item) for item in value]
    if value == _ANY:
        return ANY
    if isinstance(value, str) and value.startswith(_PREFIX):
        return Prefix(value.removeprefix(_PREFIX))
    return value


def mismatches(expected: Any, actual: Any, where: str = "answer") -> list[str]:
    """Every way `actual` differs from the pattern, each naming where; [] when it matches."""
    if expected is ANY:
        return []
    if isinstance(expected, Prefix):
        ok = isinstance(actual, int | float) and str(actual).startswith(expected.text)
        return [] if ok else [f"{where}: {actual!r} does not begin {expected.text}"]
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{where}: expected an object, got {actual!r}"]
        found = []
        for key, value in expected.items():
            if key not in actual:
                found.append(f"{where}: no {key!r} (keys: {sorted(actual)})")
            else:
                found += mismatches(value, actual[key], f"{where}.{key}")
        return found
    if isinstance(expected, list):
        if not isinstance(actual, list):
            return [f"{where}: expected a list, got {actual!r}"]
        return _list_mismatches(expected, actual, where)
    if isinstance(expected, str) and isinstance(actual, str) and "…" in expected:
        return [] if text_matches(expected, actual) else [f"{where}: {actual!r} !~ {expected!r}"]
    if (expected == actual and type(expected) is type(actual)) or _same_number(expected, actual):
        return []
    return [f"{where}: expected {expected!r}, got {actual!r}"]


def _same_number(expected: Any, actual: Any) -> bool:
    numbers = int | float
    return (
        isinstance(expected, numbers)
        and isinstance(actual, numbers)
        and not isinstance(expected, bool)
        and not isinstance(actual, bool)
        and expected == actual
    )


def _list_mismatches(expected: list, actual: list, where: str) -> list[str]:
    items = [item for item in expected if item != _MORE]
    if len(items) == len(expected):  # a closed list: item by item
        if len(expected) != len(actual):
            return [f"{where}: expected {len(expected)} items, got {len(actual)}: {actual!r}"]
        return [
            problem
            for index, (want, got) in enumerate(zip(expected, actual, strict=True))
            for problem in mismatches(want, got, f"{where}[{index}]")
        ]
    position = 0
    for want in items:  # an open list: each item found in order, anything between
        while position < len(actual) and mismatches(want, actual[position]):
            position += 1
        if position == len(actual):
            return [f"{where}: no item matching {want!r} (in order) in {actual!r}"]
        position += 1
    return []


def text_matches(pattern: str, text: str) -> bool:
    """`…` matches any text; lines are compared without their outer spaces."""
    pattern_lines = "\n".join(line.strip() for line in pattern.strip().splitlines())
    text_lines = "\n".join(line.strip() for line in text.strip().splitlines())
    regex = ".*".join(re.escape(part) for part in pattern_lines.split("…"))
    return re.fullmatch(regex, text_lines, re.DOTALL) is not None
