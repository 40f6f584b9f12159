"""The OpenAPI schema's view of every operation, including the errors api.errors answers with.

drf-spectacular documents what a view declares; the error answers that come from DRF itself
(authentication, unreadable bodies, filters, pagination, unknown ids) are the same for every
view, so they are added here once, in api.errors' shape, rather than repeated in each view.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.openapi import AutoSchema as SpectacularAutoSchema
from drf_spectacular.utils import OpenApiExample
from rest_framework import serializers
from rest_framework.permissions import SAFE_METHODS, IsAuthenticated, IsAuthenticatedOrReadOnly

from api.choices import game_choices
from api.examples import (
    MEDIA_REQUEST_EXAMPLES,
    PARAMETER_EXAMPLES,
    REQUEST_EXAMPLES,
    REQUEST_NOTES,
    SENT_BEFORE,
    answer_source,
)
from api.negotiation import PROBLEM_JSON
from api.validation.serializers import ErrorSerializer, ProblemSerializer

_DESCRIPTIONS = {
    "400": "A request field or query parameter cannot be read; `fields` names each one.",
    "401": "Not signed in, or a bad token: send `Authorization: Bearer <key>` (or `Token <key>`).",
    "403": "Signed in but not allowed to do this (or a session without its CSRF token).",
    "404": "No such record visible to you, or no such page of results.",
    "411": "The body was sent chunked; send it with a Content-Length header.",
    "413": "The request body is larger than the service accepts.",
    "415": "The request body is not JSON (nor a form).",
    "429": "Too many requests: wait the seconds Retry-After names, then send it again.",
}
_RETRY_AFTER = {
    "Retry-After": {
        "schema": {"type": "integer", "minimum": 0},
        "description": "Seconds to wait before sending the request again.",
    }
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
        game = self._map_serializer_field(
            serializers.ChoiceField(choices=game_choices()), "request"
        )
        for parameter in operation.get("parameters", []):
            if parameter["name"] == "game" and "enum" not in parameter["schema"]:
                parameter["schema"] = game  # a filter's game is a registered one too
            if parameter["in"] in ("path", "header"):
                self._say_where_it_comes_from(parameter)
        responses = operation.setdefault("responses", {})
        for code in self._error_codes(operation):
            responses.setdefault(
                code,
                {
                    "description": _DESCRIPTIONS[code],
                    "content": {"application/json": {"schema": error}},
                },
            )
        if "429" in responses:
            responses["429"]["headers"] = _RETRY_AFTER
        problem = self.resolve_serializer(ProblemSerializer, "response").ref
        for code, response in responses.items():
            if code >= "400" and "content" in response:
                # errors are JSON whatever the success answers are (api.errors)
                json = response["content"].get("application/json", {"schema": error})
                response["content"] = {"application/json": json, PROBLEM_JSON: {"schema": problem}}
        return operation

    def _say_where_it_comes_from(self, parameter: dict[str, Any]) -> None:
        """An id or ETag that differs between databases has no example: say which answer gives
        it (a capitalised field is the answer's header)."""
        source = answer_source(self.path, parameter["name"])
        if source is not None:
            operation, field = source
            what = f"the `{field}` header of" if field[0].isupper() else f"`{field}` from"
            where = f"Differs between databases: take {what} the answer to `{operation}`."
            parameter["description"] = " ".join(filter(None, [parameter.get("description"), where]))

    def get_examples(self) -> list[OpenApiExample]:
        """The operation's examples from api.examples: its request body in each media type,
        with what the reader must know or send first, and its parameters."""
        operation_id = self.get_operation_id()
        examples = list(super().get_examples())
        bodies = dict(MEDIA_REQUEST_EXAMPLES.get(operation_id, {}))
        if operation_id in REQUEST_EXAMPLES:
            bodies["application/json"] = REQUEST_EXAMPLES[operation_id]
        before = SENT_BEFORE.get(operation_id, [])
        first = [f"First send `{sent}` with its example." for sent in before]
        note = " ".join(filter(None, [REQUEST_NOTES.get(operation_id), *first]))
        for media_type, body in bodies.items():
            examples.append(
                OpenApiExample(
                    "sample", value=body, request_only=True, media_type=media_type, description=note
                )
            )
        for name, value in PARAMETER_EXAMPLES.get(operation_id, {}).items():
            place = "path" if "{" + name + "}" in self.path else "query"
            examples.append(OpenApiExample("sample", value=value, parameter_only=(name, place)))
        return examples

    def _get_paginator(self) -> Any:
        """The view's paginator, told which path it documents (its links' examples)."""
        paginator = super()._get_paginator()
        if paginator is not None:
            paginator.schema_path = self.path
        return paginator

    def _map_serializer_field(self, field: Any, direction: str, *args: Any, **kwargs: Any) -> Any:
        """A `game` field is one of the registered games' slugs (GameEnum), however the serializer
        reads or writes it (a slug lookup, a model's attribute): never any string. A field that
        takes a stored deck's id or an inline deck says so (`one_of_id_or`)."""
        inline = getattr(field, "one_of_id_or", None)
        if inline is not None:  # a stored record's id, or the record inline
            record = self.resolve_serializer(inline, direction).ref
            return {"oneOf": [{"type": "integer", "description": "A stored deck's id."}, record]}
        if field.field_name == "game" and not isinstance(
            field, (serializers.ChoiceField, serializers.IntegerField)
        ):  # (an integer `game` is a game's number in a job, as in a sample game's)
            field = serializers.ChoiceField(
                choices=game_choices(), required=field.required, read_only=field.read_only
            )
        return super()._map_serializer_field(field, direction, *args, **kwargs)

    def _map_serializer(self, serializer: Any, direction: str, *args: Any, **kwargs: Any) -> Any:
        """Every request object is closed: a field it does not name is a 400 on every operation
        (api.request_fields), so the schema says no others are allowed."""
        schema = super()._map_serializer(serializer, direction, *args, **kwargs)
        if direction == "request" and "properties" in schema:
            schema["additionalProperties"] = False
        exactly_one_of = getattr(serializer, "exactly_one_of", ())
        if direction == "request" and exactly_one_of:
            # The server refuses both and neither (a 400 naming the first). "Not both" is a
            # `not`; "one of" is said in words, since an anyOf or oneOf here makes generators
            # (openapi-python-client) give up the body's type for Any.
            rule = f"Give exactly one of {' or '.join(exactly_one_of)}."
            schema["not"] = {"required": list(exactly_one_of)}
            schema["description"] = "\n\n".join(filter(None, [schema.get("description"), rule]))
        if direction == "request" and self.method == "PATCH":
            # a PATCH changes the fields it sends and no others: no default is applied
            for field in schema.get("properties", {}).values():
                field.pop("default", None)
        return schema

    def _error_codes(self, operation: dict[str, Any]) -> list[str]:
        places = {parameter["in"] for parameter in operation.get("parameters", [])}
        names = {parameter["name"] for parameter in operation.get("parameters", [])}
        has_body = "requestBody" in operation
        codes = []
        if has_body or "query" in places:
            codes.append("400")
        if self.view.authentication_classes or self._needs_a_user():
            codes += ["401", "403"]  # a bad token is refused even where no user is needed
        if "path" in places or "page" in names:
            codes.append("404")
        if has_body:
            codes += ["411", "413", "415"]
        if self.view.get_throttles():
            codes.append("429")
        return codes

    def _needs_a_user(self) -> bool:
        writes = self.method not in SAFE_METHODS
        needs = (IsAuthenticated, IsAuthenticatedOrReadOnly) if writes else (IsAuthenticated,)
        return any(
            isinstance(permission, type) and issubclass(permission, needs)
            for permission in self.view.permission_classes
        )
