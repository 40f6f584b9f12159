"""A database that cannot take a request (down, refusing connections, read-only) answers 503
with Retry-After, never 500: JSON in the API's error shape under /api/, a page saying so on the
site. Nothing is half-written (every multi-row change is a transaction, rolled back by the
error), and recovery needs nobody: each request connects afresh once the server is back
(CONN_HEALTH_CHECKS).

One mapping, used where Django turns an exception into an answer: the DRF exception handler
(api.errors) for API views, this middleware's process_exception for every other view, and the
project's handler500 (deckwarden.urls) for an error raised in a middleware. Liveness
(/api/v1/health/live/) and pages that read no database never meet the error, so keep answering.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable

from django.contrib.auth.models import AnonymousUser
from django.db import InterfaceError, InternalError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from basics.errors import error_body

logger = logging.getLogger(__name__)

RETRY_AFTER_SECONDS = 10
CODE = "service_unavailable"
DETAIL = "The database cannot take this request just now; nothing was changed. Try again shortly."
# SQLSTATE 25006: a write in a read-only transaction (default_transaction_read_only, a hot
# standby, or a server an operator made read-only when its disk filled).
READ_ONLY_SQLSTATE = "25006"


def database_unavailable(exc: BaseException | None) -> bool:
    """Whether `exc` says the database cannot serve for now, rather than that the query is
    wrong: it cannot be reached (OperationalError: refused, timed out, dropped, locked), the
    connection is gone (InterfaceError), or it refuses writes (read-only)."""
    if isinstance(exc, OperationalError | InterfaceError):
        return True
    if isinstance(exc, InternalError):
        return getattr(exc.__cause__, "sqlstate", None) == READ_ONLY_SQLSTATE
    return False


def unavailable_response(request: HttpRequest, exc: BaseException) -> HttpResponse:
    """503 with Retry-After: the API's error shape under /api/, else the site's page (drawn
    without the session: reading it would need the database)."""
    logger.warning("Database unavailable for %s %s: %s", request.method, request.path, exc)
    if request.path.startswith("/api/"):
        response = JsonResponse(error_body(503, CODE, DETAIL), status=503)
    else:
        context = {"user": AnonymousUser(), "messages": [], "retry_after": RETRY_AFTER_SECONDS}
        response = render(request, "503.html", context, status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


def unavailable_response_for_current_error(request: HttpRequest) -> HttpResponse | None:
    """The 503 for the exception being handled, if the database's; for handler500."""
    exc = sys.exc_info()[1]
    return unavailable_response(request, exc) if database_unavailable(exc) else None


class DatabaseUnavailableAnswers:
    """A view's (or a template's) database error that says "not now" answers 503."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exc: Exception) -> HttpResponse | None:
        return unavailable_response(request, exc) if database_unavailable(exc) else None
