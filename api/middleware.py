"""A request check every /api/ endpoint shares, made before any view reads the body."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, JsonResponse

from api.errors import error_body


class ChunkedBodyRefusal:
    """411 for a chunked request body under /api/, whatever the endpoint.

    Django reads CONTENT_LENGTH bytes of a body, and a chunked body comes without one, so a view
    would read it as empty: a POST would be refused for missing fields it was sent, and a PATCH
    would answer 200 having changed nothing.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        encoding = request.META.get("HTTP_TRANSFER_ENCODING", "").lower()
        if request.path.startswith("/api/") and "chunked" in encoding:
            body = error_body(
                411,
                "length_required",
                "Send the body with a Content-Length header; chunked bodies are not read.",
                {"body": ["must be sent with a Content-Length header"]},
            )
            return JsonResponse(body, status=411)
        return self.get_response(request)
