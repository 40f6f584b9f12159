"""The OpenAPI schema's view of every operation, including the errors api.errors answers with.

drf-spectacular documents what a view declares; the error answers that come from DRF itself
(authentication, unreadable bodies, filters, pagination, unknown ids) are the same for every
view, so they are added here once, in api.errors' shape, rather than repeated in each view.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.openapi import AutoSchema as SpectacularAutoSchema
from rest_framework.permissions import SAFE_METHODS, IsAuthenticated, IsAuthenticatedOrReadOnly

from api.validation.serializers import ErrorSerializer

_DESCRIPTIONS = {
    "400": "A request field or query parameter cannot be read; `fields` names each one.",
    "403": "Not signed in (or a bad token), or not allowed to do this.",
    "404": "No such record visible to you, or no such page of results.",
    "411": "The body was sent chunked; send it with a Content-Length header.",
    "413": "The request body is larger than the service accepts.",
    "415": "The request body is not JSON (nor a form).",
}


class AutoSchema(SpectacularAutoSchema):
    """drf-spectacular's AutoSchema, adding the shared error answers an operation can give.

    A status the view declares itself (with @extend_schema) is left as the view wrote it.
    """

    def get_operation(self, *args: Any, **kwargs: Any) -> dict[str, Any] | None:
        operation = super().get_operation(*args, **kwargs)
        if operation is None:
            return None
        error = self.resolve_serializer(ErrorSerializer, "response").ref
        responses = operation.setdefault("responses", {})
        for code in self._error_codes(operation):
            responses.setdefault(
                code,
                {
                    "description": _DESCRIPTIONS[code],
                    "content": {"application/json": {"schema": error}},
                },
            )
        return operation

    def _map_serializer(self, serializer: Any, direction: str, *args: Any, **kwargs: Any) -> Any:
        """A request serializer that sets `refuses_unknown_fields` is a closed object: a client
        sending a field it does not name gets a 400, so the schema says no others are allowed."""
        schema = super()._map_serializer(serializer, direction, *args, **kwargs)
        if direction == "request" and getattr(serializer, "refuses_unknown_fields", False):
            schema["additionalProperties"] = False
        return schema

    def _error_codes(self, operation: dict[str, Any]) -> list[str]:
        places = {parameter["in"] for parameter in operation.get("parameters", [])}
        names = {parameter["name"] for parameter in operation.get("parameters", [])}
        has_body = "requestBody" in operation
        codes = []
        if has_body or "query" in places:
            codes.append("400")
        if self.view.authentication_classes or self._needs_a_user():
            codes.append("403")  # a bad token is refused even where no user is needed
        if "path" in places or "page" in names:
            codes.append("404")
        if has_body:
            codes += ["411", "413", "415"]
        return codes

    def _needs_a_user(self) -> bool:
        writes = self.method not in SAFE_METHODS
        needs = (IsAuthenticated, IsAuthenticatedOrReadOnly) if writes else (IsAuthenticated,)
        return any(
            isinstance(permission, type) and issubclass(permission, needs)
            for permission in self.view.permission_classes
        )
