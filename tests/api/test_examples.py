"""Every example in the schema works when sent as the docs page's "Try it out" sends it (issue
18, item 6): a 2xx from the sample cards, never the 400 of a placeholder.

The test is the docs' reader after `make run`: it makes the user auth_token_create's example
names the way that example says, signs in with the token the example answers, and sends each
operation with its examples. A request body's example is sent alone, in each media type the
operation documents; a GET's parameter examples are sent together; a value that differs between
databases is taken from the answer the schema names for it, each such request sent once (as a
reader keeps one deck's id, and its ETag, for all the deck's operations)."""

from __future__ import annotations

import json
from io import StringIO
from typing import Any
from urllib.parse import urlencode

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.http import HttpResponse
from django.test.client import BOUNDARY, MULTIPART_CONTENT, encode_multipart
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient

from api.examples import (
    EXAMPLE_PASSWORD,
    EXAMPLE_USERNAME,
    MEDIA_REQUEST_EXAMPLES,
    REQUEST_EXAMPLES,
    SECOND_USERNAME,
    SENT_BEFORE,
    WITHOUT_EXAMPLES,
    answer_source,
)
from api.management.commands.create_user import PASSWORD_VARIABLE

PATHS = SchemaGenerator().get_schema(public=True)["paths"]
OPERATIONS = {
    operation["operationId"]: (method.upper(), path, operation)
    for path, operations in PATHS.items()
    for method, operation in operations.items()
}
GETS = sorted(
    id
    for id, (method, _, _) in OPERATIONS.items()
    if method == "GET" and id not in WITHOUT_EXAMPLES
)
BODIES = sorted(
    id
    for id, (_, _, operation) in OPERATIONS.items()
    if "requestBody" in operation and id not in WITHOUT_EXAMPLES
)
JSON = "application/json"


def _body_examples(operation: dict) -> list[tuple[str, Any]]:
    """Each request body example, with its media type."""
    content = operation.get("requestBody", {}).get("content", {})
    return [
        (media_type, example["value"])
        for media_type, body in content.items()
        for example in body.get("examples", {}).values()
    ]


def _parameter_example(parameter: dict) -> Any | None:
    examples = list(parameter.get("examples", {}).values())
    return examples[0]["value"] if examples else None


def _needs_a_value(parameter: dict) -> bool:
    return parameter["in"] == "path" or bool(parameter.get("required"))


class Reader:
    """Sends operations as "Try it out" does, remembering the answers it took values from."""

    def __init__(self, api: APIClient) -> None:
        self.api = api
        self.answers: dict[str, HttpResponse] = {}

    def send(
        self, operation_id: str, media_type: str = JSON, body: Any = None, query: str | None = None
    ) -> HttpResponse:
        """The operation with its parameter examples (or `query` instead of the query ones),
        each other value it needs taken from the answer its description names."""
        method, template, operation = OPERATIONS[operation_id]
        path = template  # filled in parameter by parameter; sources are named by the template
        examples, headers = {}, {}
        for parameter in operation.get("parameters", []):
            name, place, value = parameter["name"], parameter["in"], _parameter_example(parameter)
            if value is None and _needs_a_value(parameter):
                value = self.take(*answer_source(template, name))
            if place == "path":
                path = path.replace("{" + name + "}", str(value))
            elif place == "header" and value is not None:
                headers["HTTP_" + name.upper().replace("-", "_")] = value
            elif place == "query" and value is not None:
                examples[name] = value
        query = urlencode(examples) if query is None else query
        address = f"{path}?{query}" if query else path
        if media_type == "multipart/form-data":  # a form, its decklist sent as a file
            fields = {**body, "file": SimpleUploadedFile("list.txt", body["file"].encode())}
            data, media_type = encode_multipart(BOUNDARY, fields), MULTIPART_CONTENT
        else:
            data = "" if body is None else body if isinstance(body, str) else json.dumps(body)
        return self.api.generic(method, address, data, media_type, **headers)

    def answer(self, source: str) -> HttpResponse:
        """The answer to `source` ("POST /api/v1/decks/"), sent with its example once."""
        if source not in self.answers:
            method, address = source.split(" ")
            path, _, query = address.partition("?")
            [operation_id] = [i for i, (m, p, _) in OPERATIONS.items() if (m, p) == (method, path)]
            for before in SENT_BEFORE.get(operation_id, []):  # a check's id needs a player
                self.answer(before)
            bodies = dict(_body_examples(OPERATIONS[operation_id][2]))
            media_type = JSON if JSON in bodies or not bodies else next(iter(bodies))
            body = bodies.get(media_type)
            response = self.send(operation_id, media_type, body=body, query=query or None)
            assert 200 <= response.status_code < 300, (source, response.content[:300])
            self.answers[source] = response
        return self.answers[source]

    def take(self, source: str, field: str) -> Any:
        """`field` of the answer to `source`; a capitalised field is a header (`ETag`)."""
        response = self.answer(source)
        if field[0].isupper():
            return response[field]
        answer = response.json()
        if isinstance(answer, list):
            answer = answer[0]
        elif "results" in answer:
            answer = answer["results"][0]
        return answer[field]


@pytest.fixture
def reader(db, monkeypatch) -> Reader:
    """After `make run`: the sample cards; the user made as auth_token_create's example says,
    signed in with the token that example answers, and the second user the rounds' examples
    name."""
    call_command("load_samples", verbosity=0)
    monkeypatch.setenv(PASSWORD_VARIABLE, EXAMPLE_PASSWORD)
    call_command("create_user", EXAMPLE_USERNAME, stdout=StringIO())
    # the second player of the rounds' examples, made as their note says
    call_command("create_user", SECOND_USERNAME, stdout=StringIO())
    # the curation examples' user curates Neopets, as their notes say
    call_command("grant_curator", EXAMPLE_USERNAME, "neopets", stdout=StringIO())
    reader = Reader(APIClient())
    token = reader.take("POST /api/v1/auth/token/", "token")
    reader.api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return reader


def test_the_schema_carries_each_request_example():
    bodies = {id for id, (_, _, operation) in OPERATIONS.items() if _body_examples(operation)}
    assert set(REQUEST_EXAMPLES) | set(MEDIA_REQUEST_EXAMPLES) <= bodies


def test_every_body_has_an_example_in_each_media_type():
    """A new operation taking a body fails here until it has an example in each media type it
    documents."""
    missing = [
        f"{operation_id}: {media_type}"
        for operation_id in BODIES
        for media_type, body in OPERATIONS[operation_id][2]["requestBody"]["content"].items()
        if not body.get("examples")
    ]
    assert missing == []


def test_every_parameter_try_it_out_needs_has_an_example_or_a_source():
    """A new operation fails here until it has its examples: every path parameter and required
    header has a value that every database has or names the answer that gives it, every
    required query parameter has a value, and a GET with query parameters shows a search that
    finds sample cards."""
    missing = []
    for operation_id, (method, path, operation) in OPERATIONS.items():
        if operation_id in WITHOUT_EXAMPLES:
            continue
        parameters = operation.get("parameters", [])
        for parameter in parameters:
            has_value = _parameter_example(parameter) is not None
            if parameter["in"] in ("path", "header") and not has_value:
                has_value = answer_source(path, parameter["name"]) is not None
            if _needs_a_value(parameter) and not has_value:
                missing.append(f"{operation_id}: {parameter['name']}")
        queries = [p for p in parameters if p["in"] == "query"]
        if method == "GET" and queries and not any(map(_parameter_example, queries)):
            missing.append(f"{operation_id}: any query parameter")
    assert missing == []


@pytest.mark.parametrize("operation_id", BODIES)
def test_each_request_example_is_answered_with_success(reader, operation_id):
    for source in SENT_BEFORE.get(operation_id, []):
        reader.answer(source)
    for media_type, body in _body_examples(OPERATIONS[operation_id][2]):
        response = reader.send(operation_id, media_type, body)
        assert 200 <= response.status_code < 300, (operation_id, media_type, response.content)


@pytest.mark.parametrize("operation_id", GETS)
def test_each_get_with_its_examples_is_answered_with_success(reader, operation_id):
    for source in SENT_BEFORE.get(operation_id, []):
        reader.answer(source)
    response = reader.send(operation_id)
    assert 200 <= response.status_code < 300, (operation_id, response.content[:300])
