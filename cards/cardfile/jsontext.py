"""Reading JSON strictly: what Python's json module accepts but no database can store (NaN and
Infinity, lone surrogates), or cannot read at all without a traceback (a number past Python's
digit limit, nesting past its recursion limit), is NotJson with a message saying what."""

from __future__ import annotations

import json
import sys
from typing import Any

LONE_SURROGATE = "a lone surrogate (an unpaired \\ud800-\\udfff escape), which is not text"


class NotJson(ValueError):
    """Text that is not strict JSON; the message says where, for a person to fix it."""


def json_loads(text: str) -> Any:
    try:
        data = json.loads(text, parse_constant=_refuse_constant)
    except json.JSONDecodeError as exc:
        raise NotJson(f"{exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except NotJson:
        raise  # NaN or Infinity, already named
    except RecursionError:
        raise NotJson("it is nested too deeply to read") from None
    except ValueError:  # int() past sys.get_int_max_str_digits()
        limit = sys.get_int_max_str_digits()
        raise NotJson(f"it holds a number of more than {limit} digits") from None
    path = lone_surrogate_path(data)
    if path is not None:
        raise NotJson(f"{path} holds {LONE_SURROGATE}")
    return data


def _refuse_constant(name: str) -> Any:
    raise NotJson(f"{name} is not a JSON value")


def lone_surrogate_path(data: Any) -> str | None:
    """The path (`cards[0].name`) of a string, key or value, that cannot be encoded as UTF-8,
    or None. JSON allows an escape such as "\\ud800" alone, Python decodes it, and then neither
    database can store or even compare it."""
    stack: list[tuple[str, Any]] = [("", data)]
    while stack:  # not recursive: the body may be nested nearly as deep as the parser allows
        path, value = stack.pop()
        if isinstance(value, str):
            if not _is_utf8(value):
                return path or "body"
        elif isinstance(value, dict):
            for key, item in value.items():
                name = f"{path}.{key}" if path else key
                if not _is_utf8(key):
                    return name.encode("utf-8", "backslashreplace").decode()
                stack.append((name, item))
        elif isinstance(value, list):
            stack.extend((f"{path}[{index}]", item) for index, item in enumerate(value))
    return None


def _is_utf8(text: str) -> bool:
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
