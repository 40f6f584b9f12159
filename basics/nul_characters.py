"""One guard for NUL characters in what a request sends, on every page and endpoint: no text
the service keeps or looks up may hold one, and PostgreSQL refuses any text holding one, so a
NUL reaching a query was a 500 (card and event pages, the names endpoint, the deck editor's
fields, an API form naming a game). The path, every query parameter and every field of a website
form are checked here, before any view; the API's bodies by its parsers (api/parsers.py: JSON
through rulebook/core/jsontext.py, form and multipart fields with field_with_nul below; a POSTed
form in api.middleware, which parses it before any view and DRF then reuses), since its views may
read a body only once and answer its faults in their own shape.

A refusal names the field: in the API's error shape under /api/, as a page elsewhere.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.shortcuts import render

from basics.errors import error_body
from rulebook.core.jsontext import NUL, NUL_MESSAGE


class NulCharacterRefusal:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        field = _field_with_nul(request)
        if field is None:
            return self.get_response(request)
        if request.path.startswith("/api/"):
            detail = f"The request's {field} {NUL_MESSAGE}."
            body = error_body(400, "invalid", detail, {field: [NUL_MESSAGE]})
            return JsonResponse(body, status=400)
        context = {"field": field, "message": NUL_MESSAGE}
        return render(request, "web/bad_request.html", context, status=400)


def _field_with_nul(request: HttpRequest) -> str | None:
    if NUL in request.path:
        return "path"
    found = field_with_nul(request.GET)
    if found is None and request.method == "POST" and not request.path.startswith("/api/"):
        found = field_with_nul(request.POST)
    return found


def field_with_nul(fields: QueryDict) -> str | None:
    """The name of the first field whose name or a value holds a NUL character, or None."""
    for name, values in fields.lists():
        if NUL in name or any(isinstance(value, str) and NUL in value for value in values):
            return name.replace(NUL, "\\x00")
    return None
