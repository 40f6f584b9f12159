"""api.parsers.JSONParser: a body nested deeper than Python's json module follows, or holding a
string no database can store, is a 400."""

from __future__ import annotations

import pytest

from tests.api.test_errors import assert_error_shape

DEPTH = 5000  # well past Python's recursion limit, far under the body size limit

POST_ENDPOINTS = [
    "/api/v1/validate/",
    "/api/v1/cards/collection/",
    "/api/v1/decks/",
    "/api/v1/decks/import/",
    "/api/v1/keeper/cost/",
    "/api/v1/metazoo/archive-swap/",
    "/api/v1/simulations/",
    "/api/v1/battle-odds/",
    "/api/v1/auth/token/",  # DRF's own view, which used DRF's parser: a 500
]


@pytest.mark.parametrize("path", POST_ENDPOINTS)
@pytest.mark.parametrize(
    "body", ["[" * DEPTH + "]" * DEPTH, '{"a":' * DEPTH + "1" + "}" * DEPTH], ids=["list", "object"]
)
def test_it_answers_json_nested_too_deeply_with_a_400_not_a_500(alice_api, path, body):
    response = alice_api.post(path, body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["status"] == 400
    assert "nested too deeply" in response.content.decode()  # in detail, or under fields.body


def test_it_still_reads_json_nested_as_deep_as_a_request_needs(api, db):
    body = '{"identifiers": [' + '{"name": "x", "game": "neopets"}' + "]}"
    response = api.post("/api/v1/cards/collection/", body, content_type="application/json")
    assert response.status_code == 200


def test_the_nesting_error_has_the_shared_error_shape(api, db):
    body = "[" * DEPTH + "]" * DEPTH
    response = api.post("/api/v1/cards/collection/", body, content_type="application/json")
    assert_error_shape(response, 400, "parse_error")


LONE = "\\ud800"  # a JSON escape of half a surrogate pair: Python decodes it, UTF-8 cannot hold it


@pytest.mark.parametrize(
    "path, body, field",
    [
        (
            "/api/v1/validate/",
            '{"game": "neopets", "sections": {"main": [{"name": "Hot Dog%s", "quantity": 1}]}}',
            "sections.main[0].name",
        ),
        ("/api/v1/validate/", '{"game": "neopets", "text": "2 Hot Dog%s"}', "text"),
        ("/api/v1/validate/", '{"game": "neopets", "format": "std%s", "sections": {}}', "format"),
        (
            "/api/v1/decks/",
            '{"game": "neopets", "name": "D", "sections": {"main%s": []}}',
            "sections.main\\ud800",
        ),
        ("/api/v1/decks/import/", '{"game": "neopets", "name": "D", "text": "x%s"}', "text"),
        ("/api/v1/auth/token/", '{"username": "alice%s", "password": "p"}', "username"),
    ],
)
def test_it_refuses_a_lone_surrogate_naming_its_field(alice_api, path, body, field):
    """A lone surrogate in deck entries, decklist text or format was a 500 on both databases."""
    response = alice_api.post(path, body % LONE, content_type="application/json")
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid" and "lone surrogate" in body["fields"][field][0]


def test_it_reads_surrogate_pairs_and_other_text_as_usual(api, db):
    body = '{"game": "neopets", "text": "2 Hot Dog \\ud83c\\udf2d \\u00e9"}'
    response = api.post("/api/v1/validate/", body, content_type="application/json")
    assert response.status_code == 200


@pytest.mark.parametrize(
    "path, body, field",
    [
        (
            "/api/v1/validate/",
            '{"game": "neopets", "sections": {"main": [{"name": "A", "name": "B"}]}}',
            "sections.main[0]",
        ),
        (
            "/api/v1/validate/",
            '{"game": "neopets", "cards": [{"name": "X", "type": "Neopet", "type": "Food"}]}',
            "cards[0]",
        ),
        ("/api/v1/decks/", '{"game": "neopets", "name": "D", "name": "E", "sections": {}}', "body"),
    ],
)
def test_it_refuses_an_object_giving_a_key_twice_naming_where(alice_api, path, body, field):
    """Python's json keeps the last value of a repeated key: the client meant one of them."""
    response = alice_api.post(path, body, content_type="application/json")
    assert response.status_code == 400
    assert "more than once" in response.json()["fields"][field][0]
