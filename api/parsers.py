"""The API's JSON parser: DRF's, with what it would let through as a 500 answered as a 400:
nesting too deep to parse, and strings no database can store."""

from __future__ import annotations

from typing import Any

from rest_framework import parsers
from rest_framework.exceptions import ParseError, ValidationError


class JSONParser(parsers.JSONParser):
    """DRF's JSONParser; a body nested deeper than Python's parser can follow is a parse error.

    Python's json module raises RecursionError (not ValueError) past about a thousand levels,
    which DRF's parser lets through as a server error.
    """

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError("JSON parse error - the body is nested too deeply.") from None
        path = lone_surrogate_path(data)
        if path is not None:
            message = "holds a lone surrogate (an unpaired \\ud800-\\udfff escape): not text"
            raise ValidationError({path: [message]})
        return data


def lone_surrogate_path(data: Any) -> str | None:
    """The path (`sections.main[0].name`) of a string, key or value, that cannot be
    encoded as UTF-8, or None. JSON allows an escape such as "\\ud800" alone, Python decodes
    it, and then neither database can store or even compare it (a 500, not a 400)."""
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
