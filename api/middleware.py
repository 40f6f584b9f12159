"""Request checks every /api/ endpoint shares, made before any view reads the body, and the
rule that every answer under /api/ is JSON whatever the settings."""

from __future__ import annotations

import json
from collections.abc import Callable
from http import HTTPStatus
from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, SuspiciousOperation
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.http.multipartparser import MultiPartParserError
from django.http.response import HttpResponseRedirectBase
from django.urls import Resolver404, resolve

from api.parsers import read_json_body
from api.request_fields import unknown_field_problems, unknown_parameter_problems
from basics.errors import error_body
from basics.nul_characters import field_with_nul
from rulebook.core.jsontext import NUL_MESSAGE

API_PREFIX = "/api/"


def _is_api(request: HttpRequest) -> bool:
    return request.path.startswith(API_PREFIX)


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
        if _is_api(request) and "chunked" in encoding:
            body = error_body(
                411,
                "length_required",
                "Send the body with a Content-Length header; chunked bodies are not read.",
                {"body": ["must be sent with a Content-Length header"]},
            )
            return JsonResponse(body, status=411)
        return self.get_response(request)


class UnknownFieldRefusal:
    """400 naming each field of a body (JSON or a form's) and each query parameter that its
    operation does not read (api.request_fields), before any view runs: no operation silently
    ignores a field, whether it reads a body or not.

    A body over Django's upload limit is left to the view, which refuses it (413) or, for a
    batch, checks its fields itself.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not _is_api(request):
            return self.get_response(request)
        method = request.method or ""
        problems = unknown_parameter_problems(request.path_info, method, request.GET)
        try:
            body = _body(request)
        except UnreadableForm as unreadable:
            return JsonResponse(unreadable.body, status=unreadable.body["status"])
        if body is not None:
            form = not request.content_type.endswith("json")
            problems |= unknown_field_problems(request.path_info, method, body, form=form)
        if problems:
            names = ", ".join(problems)
            detail = f"The request has fields this operation does not read: {names}."
            return JsonResponse(error_body(400, "invalid", detail, problems), status=400)
        return self.get_response(request)


# The form field Django's CSRF check reads (the browsable API's forms send it), not the view.
CSRF_FIELD = "csrfmiddlewaretoken"


def _body(request: HttpRequest) -> Any:
    """The request's body as fields, or None: no body, too large or unreadable (the view says)."""
    if request.method in ("GET", "HEAD", "OPTIONS"):
        return None
    if request.content_type in ("multipart/form-data", "application/x-www-form-urlencoded"):
        # Django parses a form for POST only; a PUT or PATCH form is left to DRF's parsers
        return _form_body(request) if request.method == "POST" else None
    if "json" in request.content_type:
        return _json_body(request)
    return None


class UnreadableForm(Exception):
    """A form Django cannot parse; once it has failed, the view would read it as empty."""

    def __init__(self, body: dict[str, Any]) -> None:
        self.body = body


def _form_body(request: HttpRequest) -> dict[str, str]:
    """A form's fields, its files among them. DRF reads this parsed form afterwards rather than
    parse it again (a multipart body is read once), so its parsers' NUL refusal is made here."""
    try:
        names = [*request.POST, *request.FILES]
    except RequestDataTooBig:
        raise UnreadableForm(error_body(413, "too_large", "The form is too large.")) from None
    except (MultiPartParserError, SuspiciousOperation) as exc:
        raise UnreadableForm(
            error_body(400, "parse_error", f"The form cannot be read: {exc}")
        ) from None
    nul = field_with_nul(request.POST)
    if nul is not None:
        detail = f"The request's {nul} {NUL_MESSAGE}."
        raise UnreadableForm(error_body(400, "invalid", detail, {nul: [NUL_MESSAGE]}))
    # A field given twice would be read as its last value, the others dropped unsaid (as a JSON
    # object giving a key twice is refused by rulebook.core.jsontext).
    repeated = sorted(
        name
        for fields in (request.POST, request.FILES)
        for name, values in fields.lists()
        if len(values) > 1
    )
    if repeated:
        detail = f"The form gives {', '.join(repeated)} more than once."
        problems = {name: ["is given more than once"] for name in repeated}
        raise UnreadableForm(error_body(400, "invalid", detail, problems))
    return {name: "" for name in names if name != CSRF_FIELD}


def _json_body(request: HttpRequest) -> Any:
    length = int(request.META.get("CONTENT_LENGTH") or 0)
    if not length or length > settings.DATA_UPLOAD_MAX_MEMORY_SIZE:
        return None
    try:
        return read_json_body(request)
    except ValueError:  # not strict JSON: the view's parser names the problem
        return None


class JsonApiAnswers:
    """Every answer under /api/ is JSON, with DEBUG on or off.

    Django answers some requests before any API view runs, and with DEBUG on it ignores the
    project's JSON handler404/handler500 for its HTML debug pages; and CommonMiddleware's
    APPEND_SLASH cannot redirect a POST (a 500 with DEBUG on, a 301 that drops the body off).
    So: a path missing its final slash is a 308 to the slashed path (clients repeat the method
    and body), and any error answer that is not JSON is replaced by api.errors' shape.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not _is_api(request):
            return self.get_response(request)
        slashed = _slashed_path(request)
        if slashed is not None:
            return _redirect(request, slashed)
        response = self.get_response(request)
        if response.status_code >= 400 and not _is_json(response):
            return _json_error(response.status_code, response)
        return response


def _slashed_path(request: HttpRequest) -> str | None:
    """The path with a final slash, when only that resolves."""
    if request.path_info.endswith("/"):
        return None
    try:
        resolve(request.path_info)
        return None
    except Resolver404:
        pass
    try:
        resolve(request.path_info + "/")
    except Resolver404:
        return None
    return request.path + "/"


class _PermanentRedirect(HttpResponseRedirectBase):
    """308: unlike a 301, clients repeat the method and body at the new address."""

    status_code = 308


def _redirect(request: HttpRequest, slashed: str) -> HttpResponse:
    query = request.META.get("QUERY_STRING", "")
    body = error_body(
        308, "trailing_slash", f"This path ends with a slash: {slashed}; repeat the request there."
    )
    return _PermanentRedirect(
        f"{slashed}?{query}" if query else slashed,
        content=json.dumps(body),
        content_type="application/json",
    )


def _is_json(response: HttpResponse) -> bool:
    content_type = response.get("Content-Type", "")
    return content_type.startswith("application/json") or content_type.startswith(
        "application/problem+json"
    )


_CODES = {404: "not_found", 405: "method_not_allowed", 500: "server_error"}


def _json_error(status: int, original: HttpResponse) -> JsonResponse:
    try:
        detail = f"{HTTPStatus(status).phrase}."
    except ValueError:
        detail = "The request failed."
    if status >= 500:
        detail = "The server failed to answer; the error is logged."
    response = JsonResponse(error_body(status, _CODES.get(status, "error"), detail), status=status)
    for header in ("Allow", "Retry-After", "WWW-Authenticate"):
        if header in original:
            response[header] = original[header]
    return response
