"""api.middleware.JsonApiAnswers and the 401: every answer under /api/ is JSON whatever DEBUG
says, a path missing its final slash is redirected with its method kept, and missing or bad
credentials are a 401 that says how to authenticate (issue 18, items 8 and 9)."""

from __future__ import annotations

import pytest

from tests.api.test_errors import assert_error_shape


@pytest.fixture
def debug_on(settings):
    settings.DEBUG = True  # `make run`: Django's HTML debug pages would answer


@pytest.mark.parametrize("path", ["/api/v1/nope/", "/api/v1/cards/1/nope/", "/api/nope"])
def test_it_answers_an_unknown_path_with_json_with_debug_on(client, db, debug_on, path):
    assert_error_shape(client.get(path), 404, "not_found")


def test_it_redirects_a_post_missing_its_slash_keeping_the_method(client, db, debug_on):
    response = client.post(
        "/api/v1/validate?format=standard", {"game": "neopets"}, content_type="application/json"
    )
    assert response.status_code == 308  # the client repeats the POST with its body
    assert response["Location"] == "/api/v1/validate/?format=standard"
    assert response.json()["code"] == "trailing_slash"


def test_a_redirected_post_is_answered_at_the_slashed_path(api, db, debug_on):
    response = api.post(
        "/api/v1/validate", {"game": "neopets", "text": ""}, format="json", follow=True
    )
    assert response.status_code == 200
    assert response.json()["game"] == "neopets"


def test_it_leaves_pages_outside_the_api_to_django(client, db, debug_on):
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")


@pytest.mark.parametrize("header", [None, "Token not-a-real-token", "Bearer abc"])
def test_it_answers_missing_or_bad_credentials_with_401_and_the_scheme(api, db, header):
    extra = {"HTTP_AUTHORIZATION": header} if header else {}
    response = api.post("/api/v1/decks/", {}, format="json", **extra)
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"
    assert response.json()["status"] == 401
