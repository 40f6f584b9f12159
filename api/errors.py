"""One JSON error shape for every 4xx and 5xx under /api/.

    {"status": 400, "code": "invalid", "detail": "what went wrong, for people",
     "fields": {"sections.main[0].quantity": ["must be an integer from 1 to 999"]}}

`fields` appears when the problem is in named request fields; other keys (such as
`suggestions`) may be added by the view that raised the error.
"""

from __future__ import annotations

import logging
from http import HTTPStatus
from typing import Any

from django.core.exceptions import PermissionDenied, RequestDataTooBig
from django.http import Http404, HttpRequest, JsonResponse
from rest_framework import exceptions, status
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from api.negotiation import PROBLEM_JSON, asks_for_problem_json
from basics import database_faults
from basics.errors import InvalidRequest, error_body

logger = logging.getLogger(__name__)


class ApiError(exceptions.APIException):
    """An error a view raises on purpose, with a stable code and optional extra keys."""

    def __init__(
        self,
        detail: str,
        *,
        code: str = "invalid",
        status_code: int = status.HTTP_400_BAD_REQUEST,
        fields: dict[str, list[str]] | None = None,
        headers: dict[str, str] | None = None,
        **extra: Any,
    ) -> None:
        super().__init__(detail, code)
        self.status_code = status_code
        self.error_code = code
        self.fields = fields
        self.headers = headers
        self.extra = extra


class ProblemJSONRenderer(JSONRenderer):
    """RFC 9457 problem details, for clients whose Accept names application/problem+json."""

    media_type = PROBLEM_JSON


def problem_details(body: dict[str, Any], instance: str) -> dict[str, Any]:
    """The error shape as RFC 9457 problem details: type, title, status, detail and instance,
    keeping the stable `code` and every other key (fields, suggestions, ...) beside them."""
    status_code = body["status"]
    try:
        title = HTTPStatus(status_code).phrase
    except ValueError:
        title = "Error"
    return {
        "type": f"urn:deckwarden:error:{body['code']}",
        "title": title,
        "instance": instance,
        **body,
    }


class PayloadTooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = "The request body is too large."
    default_code = "too_large"


def _domain_error(exc: Exception) -> ApiError | None:
    """The ApiError for an error the services and request readers raise, if `exc` is one."""
    from api.entries import RequestProblems  # imported here: api.entries uses no DRF

    if isinstance(exc, RequestProblems):
        lines = {"lines": exc.problems.lines} if exc.problems.lines else {}
        fields = exc.problems.fields
        return ApiError(_summary(fields), fields=fields, **lines)
    if isinstance(exc, InvalidRequest):
        return ApiError(f"The request's {exc.field} is invalid.", fields={exc.field: [exc.message]})
    if database_faults.database_unavailable(exc):
        logger.warning("Database unavailable: %s", exc)
        return ApiError(
            database_faults.DETAIL,
            code=database_faults.CODE,
            status_code=status.HTTP_503_SERVICE_UNAVAILABLE,
            headers={"Retry-After": str(database_faults.RETRY_AFTER_SECONDS)},
        )
    return None


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF's exception handler, reshaped so every error has the same keys.

    Errors are JSON even when the client asked for the browsable API's HTML: clients parse
    every error answer, whatever their Accept header says.
    """
    request = context.get("request")
    problem = request is not None and asks_for_problem_json(request)
    if request is not None:
        renderer = ProblemJSONRenderer() if problem else JSONRenderer()
        request.accepted_renderer = renderer
        request.accepted_media_type = renderer.media_type
    response = _error_response(exc, context)
    if problem and response is not None:
        response.data = problem_details(response.data, request.path)
    return response


def _error_response(exc: Exception, context: dict[str, Any]) -> Response | None:
    exc = _domain_error(exc) or exc
    if isinstance(exc, ApiError):
        return Response(
            error_body(exc.status_code, exc.error_code, str(exc.detail), exc.fields, **exc.extra),
            status=exc.status_code,
            headers=exc.headers,
        )
    if isinstance(exc, RequestDataTooBig):
        exc = PayloadTooLarge()
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied()
    response = drf_exception_handler(exc, context)
    if response is None:
        return None  # unexpected: Django's 500 handler answers, in the same shape
    response.data = _reshape(exc, response.status_code, response.data)
    return response


def _reshape(exc: Exception, status_code: int, data: Any) -> dict[str, Any]:
    if isinstance(exc, exceptions.ValidationError):
        fields = data if isinstance(data, dict) else {"non_field_errors": data}
        return error_body(status_code, "invalid", _summary(fields), _flatten(fields))
    code = getattr(exc, "default_code", "error")
    if isinstance(exc, exceptions.APIException):
        codes = exc.get_codes()
        code = codes if isinstance(codes, str) else code
    detail = data.get("detail", str(exc)) if isinstance(data, dict) else str(data)
    return error_body(status_code, code, str(detail))


def _flatten(data: Any, prefix: str = "") -> dict[str, list[str]]:
    """{"a": {"b": ["x"]}, "c": [{"d": ["y"]}]} -> {"a.b": ["x"], "c[0].d": ["y"]}."""
    flat: dict[str, list[str]] = {}
    if isinstance(data, dict):
        for key, value in data.items():
            if isinstance(key, int):  # a ListField's item errors are keyed by index
                name = f"{prefix}[{key}]"
            else:
                name = f"{prefix}.{key}" if prefix else str(key)
            flat.update(_flatten(value, name))
    elif isinstance(data, list) and any(isinstance(item, (dict, list)) for item in data):
        for index, item in enumerate(data):
            if item:
                flat.update(_flatten(item, f"{prefix}[{index}]"))
    else:
        items = data if isinstance(data, list) else [data]
        flat[prefix or "non_field_errors"] = [str(item) for item in items]
    return flat


def _summary(fields: dict[str, Any]) -> str:
    names = ", ".join(_flatten(fields)) or "the request"
    return f"The request has invalid fields: {names}."


def json_404(request: HttpRequest, exception: Exception | None = None) -> JsonResponse:
    return JsonResponse(error_body(404, "not_found", "Not found."), status=404)


def json_500(request: HttpRequest) -> JsonResponse:
    return JsonResponse(
        error_body(500, "server_error", "The server failed to answer; the error is logged."),
        status=500,
    )
