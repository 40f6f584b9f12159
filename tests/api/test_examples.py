"""Every example in the schema works when sent as the docs page's "Try it out" sends it (issue
18, item 6): a 2xx from the sample cards, never the 400 of a placeholder. A request body's
example is sent alone; a GET's parameter examples are sent together, and an id that differs
between databases is taken from the answer the schema names for it."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlencode

import pytest
from django.core.management import call_command
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient

from api.examples import REQUEST_EXAMPLES, answer_source

PATHS = SchemaGenerator().get_schema(public=True)["paths"]
OPERATIONS = {
    operation["operationId"]: (method.upper(), path, operation)
    for path, operations in PATHS.items()
    for method, operation in operations.items()
}
GETS = sorted(id for id, (method, _, _) in OPERATIONS.items() if method == "GET")


def _body_examples(operation: dict) -> list[Any]:
    body = operation.get("requestBody", {}).get("content", {}).get("application/json", {})
    return [example["value"] for example in body.get("examples", {}).values()]


def _parameter_example(parameter: dict) -> Any | None:
    examples = list(parameter.get("examples", {}).values())
    return examples[0]["value"] if examples else None


def _request(api: APIClient, operation_id: str) -> tuple[str, str]:
    """The method and address "Try it out" sends for this operation: its parameter examples,
    and each other path parameter taken from the answer its description names."""
    method, path, operation = OPERATIONS[operation_id]
    query = {}
    for parameter in operation.get("parameters", []):
        name, value = parameter["name"], _parameter_example(parameter)
        if parameter["in"] == "path":
            if value is None:
                value = _from_answer(api, *answer_source(path, name))
            path = path.replace("{" + name + "}", str(value))
        elif parameter["in"] == "query" and value is not None:
            query[name] = value
    return method, f"{path}?{urlencode(query)}" if query else path


def _from_answer(api: APIClient, source: str, field: str) -> Any:
    """`field` of the answer to `source` ("POST /api/v1/decks/"), sent with its examples."""
    method, path = source.split(" ")
    [operation_id] = [id for id, (m, p, _) in OPERATIONS.items() if (m, p) == (method, path)]
    method, address = _request(api, operation_id)
    body = REQUEST_EXAMPLES.get(operation_id)
    response = api.generic(method, address, json.dumps(body), "application/json")
    assert 200 <= response.status_code < 300, (source, response.json())
    answer = response.json()
    return (answer["results"][0] if "results" in answer else answer)[field]


def test_the_schema_carries_each_request_example():
    bodies = {id for id, (_, _, operation) in OPERATIONS.items() if _body_examples(operation)}
    assert set(REQUEST_EXAMPLES) <= bodies


def test_every_parameter_try_it_out_needs_has_an_example_or_a_source():
    """A new operation fails here until it has its examples: every path parameter has a value
    that every database has or names the answer that gives it, every required query parameter
    has a value, and a GET with query parameters shows a search that finds sample cards."""
    missing = []
    for operation_id, (method, path, operation) in OPERATIONS.items():
        parameters = [p for p in operation.get("parameters", []) if p["in"] in ("path", "query")]
        for parameter in parameters:
            has_value = _parameter_example(parameter) is not None
            if parameter["in"] == "path" and not has_value:
                has_value = answer_source(path, parameter["name"]) is not None
            if parameter.get("required") and not has_value:
                missing.append(f"{operation_id}: {parameter['name']}")
        queries = [p for p in parameters if p["in"] == "query"]
        if method == "GET" and queries and not any(map(_parameter_example, queries)):
            missing.append(f"{operation_id}: any query parameter")
    assert missing == []


@pytest.mark.parametrize("operation_id", sorted(REQUEST_EXAMPLES))
def test_each_request_example_is_answered_with_success(alice_api, operation_id):
    call_command("load_samples", verbosity=0)
    method, address = _request(alice_api, operation_id)
    for body in _body_examples(OPERATIONS[operation_id][2]):
        response = alice_api.generic(method, address, json.dumps(body), "application/json")
        assert 200 <= response.status_code < 300, (operation_id, response.json())


@pytest.mark.parametrize("operation_id", GETS)
def test_each_get_with_its_examples_is_answered_with_success(alice_api, operation_id):
    call_command("load_samples", verbosity=0)
    _, address = _request(alice_api, operation_id)
    response = alice_api.get(address)
    assert 200 <= response.status_code < 300, (address, response.content[:300])
