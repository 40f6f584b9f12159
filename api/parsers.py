"""The API's parsers. JSON: the strict reader card files use (rulebook.core.jsontext), so what DRF's
would let through as a 500 or resolve silently is a 400: nesting too deep to parse, strings no
database can store (a NUL, a lone surrogate), an object giving a key twice. Forms and multipart:
DRF's, refusing a field holding a NUL (PostgreSQL cannot compare it: a game named so in a form
was a 500)."""

from __future__ import annotations

import codecs
from typing import Any

from django.conf import settings
from django.http import HttpRequest
from rest_framework import parsers
from rest_framework.exceptions import ParseError, ValidationError
from rest_framework.parsers import get_encoding

from basics.nul_characters import field_with_nul
from rulebook.core.jsontext import NUL_MESSAGE, UnreadableValue, json_loads

# Where a request keeps its body as the strict reader read it (read_json_body), so the view's
# parser does not read and check the same text a second time.
_READ = "_deckwarden_json_body"


def read_json_body(request: HttpRequest) -> Any:
    """The request's JSON body, read by the strict reader (NotJson, or UnicodeDecodeError for
    bytes that are not text in its encoding) and kept on the request: api.middleware reads it
    before any view (for the fields the operation does not know), and JSONParser takes it from
    there."""
    encoding = request.encoding or settings.DEFAULT_CHARSET
    data = json_loads(request.body.decode(encoding), name_records=False)
    setattr(request, _READ, data)
    return data


class JSONParser(parsers.JSONParser):
    """DRF's JSONParser reading with rulebook.core.jsontext: a syntax error or nesting too deep is a
    parse error, a value that must be refused is a validation error naming its field.

    Python's json module raises RecursionError (not ValueError) past about a thousand levels,
    which DRF's parser let through as a server error, and keeps the last of a repeated key.
    """

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        context = parser_context or {}
        read = getattr(getattr(context.get("request"), "_request", None), _READ, _UNREAD)
        if read is not _UNREAD:
            return read
        encoding = get_encoding(context)
        try:
            return json_loads(codecs.getreader(encoding)(stream).read(), name_records=False)
        except UnreadableValue as exc:
            raise ValidationError({exc.path: [exc.problem]}) from None
        except ValueError as exc:  # NotJson, or bytes that are not text in the encoding
            raise ParseError(f"JSON parse error - {exc}") from None


_UNREAD = object()


class _NulRefusal:
    """A form parser whose fields holding a NUL character are a 400 naming the field."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        # a mixin: the parser it is mixed into has parse; `object`, its base, has not
        parsed = super().parse(stream, media_type, parser_context)  # type: ignore[misc]
        field = field_with_nul(getattr(parsed, "data", parsed))
        if field is not None:
            raise ValidationError({field: [NUL_MESSAGE]})
        return parsed


class FormParser(_NulRefusal, parsers.FormParser):
    pass


class MultiPartParser(_NulRefusal, parsers.MultiPartParser):
    pass
