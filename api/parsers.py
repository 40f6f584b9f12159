"""The API's JSON parser: DRF's, with nesting too deep to parse answered as a 400, not a 500."""

from __future__ import annotations

from typing import Any

from rest_framework import parsers
from rest_framework.exceptions import ParseError


class JSONParser(parsers.JSONParser):
    """DRF's JSONParser; a body nested deeper than Python's parser can follow is a parse error.

    Python's json module raises RecursionError (not ValueError) past about a thousand levels,
    which DRF's parser lets through as a server error.
    """

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError("JSON parse error - the body is nested too deeply.") from None
