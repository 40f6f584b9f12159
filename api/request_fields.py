"""Any request field an operation does not know is a 400 naming it, on every path (issue 14).

The OpenAPI schema's request body of each operation is the one list of what that operation
reads, so the check reads it: an object that names its properties holds those and no others,
and a field outside them is refused rather than silently dropped. One mechanism for every
operation (api.middleware.UnknownFieldRefusal calls it before any view runs, so an operation
that reads no body refuses one too), which also keeps the schema honest: a field a view reads
and the schema forgets is refused, and its tests fail.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, TypeVar

Schema = dict[str, Any]
T = TypeVar("T")


@dataclass(frozen=True)
class Operation:
    content: dict[str, Any]  # its request body by media type; empty: it takes none
    query: frozenset[str]  # the query parameters it reads


@functools.cache
def _operations() -> tuple[list[tuple[re.Pattern[str], dict[str, Operation]]], Schema]:
    """(path pattern, method -> operation) per path, most specific first, and the schema's
    components."""
    from drf_spectacular.generators import SchemaGenerator  # the URLconf must be loaded

    schema = SchemaGenerator().get_schema(request=None, public=True)
    paths = []
    for path, operations in schema["paths"].items():
        pattern = path_pattern(path)
        bodies = {
            method.upper(): Operation(
                operation.get("requestBody", {}).get("content", {}),
                frozenset(p["name"] for p in operation.get("parameters", []) if p["in"] == "query"),
            )
            for method, operation in operations.items()
        }
        paths.append((path.count("{"), pattern, bodies))
    paths.sort(key=lambda item: item[0])  # /decks/import/ before /decks/{id}/
    return [(pattern, bodies) for _, pattern, bodies in paths], schema.get("components", {})


def path_pattern(template: str) -> re.Pattern[str]:
    """The paths an OpenAPI path template (`/api/v1/decks/{id}/`) stands for."""
    return re.compile("^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(template)) + "$")


def unknown_field_problems(
    path: str, method: str, body: Any, *, form: bool = False
) -> dict[str, list[str]]:
    """Each field of a `body` sent to `method path` that the operation does not read: a JSON
    body, or (`form`) a form's fields, files among them."""
    operation = request_body_schema(path, method, form=form)
    if operation is None:
        return {}  # not an operation of the schema, or not a body it reads: the view says
    schema, components = operation
    message = "is not a field of this request" + ("; it takes no body" if schema is None else "")
    return {name: [message] for name in unknown_fields(body, schema, components)}


def request_body_schema(
    path: str, method: str, *, form: bool = False
) -> tuple[Schema | None, Schema] | None:
    """The request body schema (None: it takes no body) of the operation at `path` for a JSON
    body or a form, and the components its references point into. None when no operation is
    at `path`, or when it takes a body but not of that kind (the view answers 415). A form
    posted to a JSON operation reads the same fields (DRF's form parsers), so it is held to the
    JSON body's schema; an upload operation takes only a form."""
    operation = _operation(path, method)
    if operation is None:
        return None
    components = _operations()[1]
    if not operation.content:
        return None, components
    kinds = ("multipart/form-data", "application/json") if form else ("application/json",)
    for kind in kinds:
        if kind in operation.content:
            return operation.content[kind].get("schema"), components
    return None


def unknown_parameter_problems(
    path: str, method: str, names: Iterable[str]
) -> dict[str, list[str]]:
    """Each query parameter sent to `method path` that the operation does not read: a typo
    (`?gmae=neopets`) answered as if unsent would be a silent drop."""
    operation = _operation(path, method)
    if operation is None:
        return {}
    return {
        name: ["is not a query parameter of this operation"]
        for name in names
        if name not in operation.query
    }


# A request's path and method name its operation for as long as the process runs (the schema is
# made once); remembered so that every request does not try the patterns one by one. Bounded:
# paths carry ids.
@functools.lru_cache(maxsize=4096)
def _operation(path: str, method: str) -> Operation | None:
    """The schema's operation that answers `method path`, or None."""
    for pattern, operations in _operations()[0]:
        if pattern.match(path) and method in operations:
            return operations[method]
    return None


def unknown_fields(
    value: Any, schema: Schema | None, components: Schema, path: str = ""
) -> list[str]:
    """The paths (`sections.main[0].colour`) of the fields in `value` that `schema` does not
    name. No schema at all means no body is read, so every top-level field is unknown."""
    if schema is None:
        return [str(key) for key in value] if isinstance(value, dict) else []
    shape = _shape(schema, components)
    if isinstance(value, dict):
        return _unknown_in_object(value, shape, components, path)
    if isinstance(value, list) and shape.items is not None:
        found = []
        for index, item in enumerate(value):
            if isinstance(item, (dict, list)):  # a field can hide only in an object
                found += unknown_fields(item, shape.items, components, f"{path}[{index}]")
        return found
    return []


def _unknown_in_object(
    value: dict[str, Any], shape: _Shape, components: Schema, path: str
) -> list[str]:
    if shape.free:
        return []  # a free-form object: the operation reads whatever it holds
    found = []
    if value.keys() <= shape.properties.keys():
        # Every field is named (nearly every body): only those that can hold fields of their
        # own are looked into, so a list of entries costs one subset test an entry.
        for key in shape.nested:
            item = value.get(key)
            if isinstance(item, (dict, list)):
                found += unknown_fields(item, shape.properties[key], components, _at(path, key))
        return found
    for key, item in value.items():
        if key in shape.properties:
            known = shape.properties[key]
        elif isinstance(shape.extra, dict):
            known = shape.extra
        else:
            if shape.extra is not True:
                found.append(_at(path, key))
            continue
        if isinstance(item, (dict, list)):  # a field can hide only in an object
            found += unknown_fields(item, known, components, _at(path, key))
    return found


def _at(path: str, key: str) -> str:
    return f"{path}.{key}" if path else str(key)


@dataclass(frozen=True)
class _Shape:
    """What the check reads of a resolved schema, worked out once per schema."""

    properties: dict[str, Schema]  # the fields it names
    extra: Any  # additionalProperties: a schema, True (anything), or None/False (nothing)
    free: bool  # it names no fields and says nothing of others: any field is read
    nested: tuple[str, ...]  # the named fields whose values can hold fields of their own
    items: Schema | None  # a list's item schema


def _holds_fields(schema: Schema) -> bool:
    return any(key in schema for key in ("properties", "additionalProperties", "items"))


# Each schema of the generated (and cached) OpenAPI document resolved, and its shape worked
# out, once, by identity: a body's every object and list item is checked against one, so
# resolving it afresh for each was most of the check's cost. The schema is kept beside what was
# made of it, so its id is never reused by another dict while the entry stands.
_RESOLVED: dict[int, tuple[Schema, Schema]] = {}
_SHAPES: dict[int, tuple[Schema, _Shape]] = {}


def _by_identity(
    made: dict[int, tuple[Schema, T]],
    schema: Schema,
    components: Schema,
    make: Callable[[Schema, Schema], T],
) -> T:
    known = made.get(id(schema))
    if known is not None and known[0] is schema:
        return known[1]
    value = make(schema, components)
    made[id(schema)] = (schema, value)
    return value


def _resolved(schema: Schema, components: Schema) -> Schema:
    return _by_identity(_RESOLVED, schema, components, _resolve)


def _shape(schema: Schema, components: Schema) -> _Shape:
    return _by_identity(_SHAPES, schema, components, _make_shape)


def _make_shape(schema: Schema, components: Schema) -> _Shape:
    resolved = _resolved(schema, components)
    properties = resolved.get("properties") or {}
    extra = resolved.get("additionalProperties")
    items = resolved.get("items")
    return _Shape(
        properties=properties,
        extra=extra,
        free=not properties and extra is None and "properties" not in resolved,
        nested=tuple(
            name
            for name, field in properties.items()
            if _holds_fields(_resolved(field, components))
        ),
        items=items if isinstance(items, dict) else None,
    )


def _resolve(schema: Schema, components: Schema) -> Schema:
    """The schema with its $ref followed, and allOf and oneOf/anyOf merged into one object
    whose properties are any alternative's (a field one alternative names is known)."""
    ref = schema.get("$ref")
    if ref:
        schema = components["schemas"][ref.rsplit("/", 1)[-1]]
    parts = [
        _resolved(part, components)
        for key in ("allOf", "oneOf", "anyOf")
        for part in schema.get(key, [])
    ]
    if not parts:
        return schema
    merged: Schema = {k: v for k, v in schema.items() if k not in ("allOf", "oneOf", "anyOf")}
    for part in parts:
        if "properties" in part:
            merged["properties"] = {**merged.get("properties", {}), **part["properties"]}
        for key in ("items", "additionalProperties"):
            if key in part and key not in merged:
                merged[key] = part[key]
    return merged
