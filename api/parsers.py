"""The API's JSON parser: DRF's, with what it would let through as a 500 answered as a 400:
nesting too deep to parse, and strings no database can store."""

from __future__ import annotations

from typing import Any

from rest_framework import parsers
from rest_framework.exceptions import ParseError, ValidationError

from cards.cardfile.jsontext import LONE_SURROGATE, lone_surrogate_path


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
            raise ValidationError({path: [f"holds {LONE_SURROGATE}"]})
        return data
