"""Any request field an operation does not know is a 400 naming it, on every operation of the
schema, never silently ignored (issue 14's decision; api.request_fields)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.api.test_errors import assert_error_shape

UNKNOWN = "not_a_field_of_any_request"


def _operations_with_bodies() -> list[tuple[str, str, bool]]:
    """(method, path, whether it takes only a form) of every operation that takes a body."""
    from drf_spectacular.generators import SchemaGenerator

    paths = SchemaGenerator().get_schema(request=None, public=True)["paths"]
    return [
        (method.upper(), path, "application/json" not in content)
        for path, operations in paths.items()
        for method, operation in operations.items()
        if method in ("post", "put", "patch")
        for content in [operation.get("requestBody", {}).get("content", {"application/json": 0})]
    ]


@pytest.mark.parametrize(("method", "path", "form"), _operations_with_bodies())
def test_every_operation_refuses_a_field_it_does_not_know(alice_things, method, path, form):
    client = APIClient()
    client.credentials(
        HTTP_AUTHORIZATION=f"Token {alice_things.token}", HTTP_IF_MATCH=alice_things.deck_etag
    )
    url = path.format(**alice_things.path_parameters(path))
    if form:  # an upload: a form's fields are held to its schema as a JSON body's are
        response = client.generic(method, url, *_form({UNKNOWN: "1"}))
    else:
        response = client.generic(method, url, f'{{"{UNKNOWN}": 1}}', "application/json")
    body = assert_error_shape(response, 400, "invalid")
    assert UNKNOWN in body["fields"], f"{method} {path} did not name the unknown field: {body}"


def _form(fields: dict[str, str]) -> tuple[bytes, str]:
    from django.test.client import BOUNDARY, MULTIPART_CONTENT, encode_multipart

    return encode_multipart(BOUNDARY, fields), MULTIPART_CONTENT


def test_it_names_an_unknown_field_nested_in_a_deck(api, db):
    body = {
        "game": "neopets",
        "sections": {"main": [{"name": "Hot Dog", "quantity": 2, "colour": "red"}]},
        "formatt": "standard",
    }
    response = api.post("/api/v1/validate/", body, format="json")
    fields = assert_error_shape(response, 400, "invalid")["fields"]
    assert set(fields) == {"sections.main[0].colour", "formatt"}


def test_an_operation_that_takes_no_body_refuses_one(alice_api, alice_things):
    url = f"/api/v1/events/{alice_things.event_token}/registrations/recheck/"
    response = alice_api.post(url, {"reason": "bored"}, format="json")
    assert assert_error_shape(response, 400, "invalid")["fields"] == {
        "reason": ["is not a field of this request; it takes no body"]
    }


def test_it_names_an_unknown_field_of_an_inline_deck_in_a_job(api, db):
    """A job's deck is a stored deck's id or an inline deck (the schema's InlineDeck): a field
    an inline deck does not have was dropped in silence while `decks` items were free-form."""
    deck = {"text": "2 Hot Dog", "colour": "red"}
    body = {"game": "neopets", "decks": [1, deck], "games": 2}
    response = api.post("/api/v1/simulations/", body, format="json")
    assert set(assert_error_shape(response, 400, "invalid")["fields"]) == {"decks[1].colour"}
    card_test = {
        "game": "neopets", "deck": 1, "reference": {"sections": {}, "seats": 2},
        "card": {"name": "Hot Dog"}, "replacement": {"name": "Hot Dog"}, "games": 2,
    }  # fmt: skip
    response = api.post("/api/v1/simulations/card-tests/", card_test, format="json")
    assert set(assert_error_shape(response, 400, "invalid")["fields"]) == {"reference.seats"}


def test_a_query_parameter_an_operation_does_not_read_is_a_400_naming_it(api, db):
    """`?gmae=neopets` answered as if unsent listed every game's cards: a silent drop of what
    the client asked. Every operation's query parameters are those its schema lists."""
    response = api.get("/api/v1/cards/", {"gmae": "neopets", "game": "neopets"})
    assert assert_error_shape(response, 400, "invalid")["fields"] == {
        "gmae": ["is not a query parameter of this operation"]
    }
    assert api.get("/api/v1/cards/", {"game": "neopets", "page": "last"}).status_code == 200
