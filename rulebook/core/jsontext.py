"""Reading JSON strictly: what Python's json module accepts but no database can store (NaN and
Infinity, lone surrogates), silently resolves (an object giving one key twice: the last value
would win), or cannot read at all without a traceback (a number past Python's digit limit,
nesting past its recursion limit), is NotJson with a message saying what and where.

Every JSON a user sends is read here: card files (import_cards, `python -m rulebook`), the CSV card
format's attribute cells, and the API's request bodies (api.parsers)."""

from __future__ import annotations

import json
import sys
from typing import Any

NUL = "\x00"
# No text the service keeps may hold a NUL character, and PostgreSQL refuses any that does.
NUL_MESSAGE = "must not contain NUL characters"
LONE_SURROGATE = "a lone surrogate (an unpaired \\ud800-\\udfff escape), which is not text"


class NotJson(ValueError):
    """Text that is not strict JSON; the message says where, for a person to fix it."""


class UnreadableValue(NotJson):
    """Valid JSON holding a value that must be refused; `path` says where (`cards[3].text`)."""

    def __init__(self, path: str, problem: str) -> None:
        self.path, self.problem = path, problem
        super().__init__(f"{path} {problem}")


def json_loads(text: str, *, name_records: bool = True) -> Any:
    """The data of JSON text; NotJson, or its UnreadableValue, saying what and where.

    With name_records, a path names a list item that is an object with a name by it too
    (`cards[3] "Acara".attributes`), so a person finds the record in a long file."""
    repeats: list[_RepeatedKeys] = []

    def objects(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        """json's object_pairs_hook: a plain dict, or one marked with its repeated keys (the
        walk in unreadable_value names where it is, since the hook cannot know)."""
        obj = dict(pairs)
        if len(obj) == len(pairs):
            return obj
        marked = _RepeatedKeys(obj)
        keys = [key for key, _ in pairs]
        marked.repeated = [key for key in obj if keys.count(key) > 1]
        repeats.append(marked)
        return marked

    try:
        data = json.loads(text, parse_constant=_refuse_constant, object_pairs_hook=objects)
    except json.JSONDecodeError as exc:
        raise NotJson(f"{exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except NotJson:
        raise  # NaN or Infinity, already named
    except RecursionError:
        raise NotJson("it is nested too deeply to read") from None
    except ValueError:  # int() past sys.get_int_max_str_digits()
        limit = sys.get_int_max_str_digits()
        raise NotJson(f"it holds a number of more than {limit} digits") from None
    # The walk that names where a value must be refused is needed only when one may be there:
    # a repeated key, or text that can hold a NUL or a lone surrogate. json refuses a raw NUL
    # (a control character) inside a string, so both come only from a \u escape, or from a
    # surrogate already in the text. Most bodies have none, and skip the walk.
    if repeats or "\\u" in text or not _is_utf8(text):
        problem = unreadable_value(data, name_records=name_records)
        if problem is not None:
            raise UnreadableValue(*problem)
    return data


def _refuse_constant(name: str) -> Any:
    raise NotJson(f"{name} is not a JSON value")


class _RepeatedKeys(dict[str, Any]):
    """A JSON object that gave some keys more than once (json keeps the last value of each)."""

    repeated: list[str]


def unreadable_value(data: Any, *, name_records: bool) -> tuple[str, str] | None:
    """(where, what) of the first value read by json_loads that must be refused, or None:
    a string that cannot be encoded as UTF-8, or an object with a repeated key."""
    stack: list[tuple[str, Any]] = [("", data)]
    while stack:  # not recursive: the body may be nested nearly as deep as the parser allows
        path, value = stack.pop()
        if isinstance(value, _RepeatedKeys):
            keys = ", ".join(f'"{key}"' for key in value.repeated)
            return (path or "body", f"gives the key {keys} more than once")
        if isinstance(value, str):
            if not _is_utf8(value):
                return (path or "body", f"holds {LONE_SURROGATE}")
            if NUL in value:
                return (path or "body", NUL_MESSAGE)
        elif isinstance(value, dict):
            for key, item in value.items():
                name = f"{path}.{key}" if path else key
                if not _is_utf8(key):
                    where = name.encode("utf-8", "backslashreplace").decode()
                    return (where, f"holds {LONE_SURROGATE}")
                if NUL in key:
                    return (name.replace(NUL, "\\x00"), NUL_MESSAGE)
                stack.append((name, item))
        elif isinstance(value, list):
            stack.extend(
                (_item_path(path, index, item if name_records else None), item)
                for index, item in enumerate(value)
            )
    return None


def _item_path(path: str, index: int, item: Any) -> str:
    name = item.get("name") if isinstance(item, dict) else None
    label = f' "{name}"' if isinstance(name, str) and _is_utf8(name) else ""
    return f"{path}[{index}]{label}"


def _is_utf8(text: str) -> bool:
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
