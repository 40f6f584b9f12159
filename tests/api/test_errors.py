"""Every error under /api/ is JSON in one shape: {"status", "code", "detail", "fields"?}."""

from __future__ import annotations

import pytest


def assert_error_shape(response, status: int, code: str) -> dict:
    assert response.status_code == status
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    assert body["status"] == status
    assert body["code"] == code
    assert isinstance(body["detail"], str) and body["detail"]
    return body


@pytest.mark.parametrize("path", ["/api/v1/nope/", "/api/v2/cards/", "/api/v1/cards/1/nope/"])
def test_it_answers_an_unknown_api_url_with_json_404(client, db, path):
    assert_error_shape(client.get(path), 404, "not_found")


def test_it_answers_an_unknown_record_with_json_404(api, db):
    assert_error_shape(api.get("/api/v1/games/chess/"), 404, "not_found")


def test_it_answers_a_method_not_allowed_with_json_405(api, db):
    assert_error_shape(api.delete("/api/v1/cards/"), 405, "method_not_allowed")
    assert_error_shape(api.get("/api/v1/cards/collection/"), 405, "method_not_allowed")


def test_it_answers_unreadable_json_with_json_400(api, db):
    response = api.post("/api/v1/cards/collection/", "{not json", content_type="application/json")
    assert_error_shape(response, 400, "parse_error")


def test_it_answers_invalid_fields_with_json_400_naming_them(api, db):
    body = assert_error_shape(api.get("/api/v1/cards/", {"game": "chess"}), 400, "invalid")
    assert list(body["fields"]) == ["game"]
    assert "game" in body["detail"]


def test_it_answers_an_unknown_url_with_json_even_to_a_browser(client, db):
    response = client.get("/api/v1/nope/", HTTP_ACCEPT="text/html")
    assert_error_shape(response, 404, "not_found")


def test_it_answers_a_view_error_with_json_even_to_a_browser(client, db):
    response = client.get("/api/v1/games/chess/", HTTP_ACCEPT="text/html")
    assert_error_shape(response, 404, "not_found")
    response = client.get("/api/v1/cards/", {"q": "(hp>3"}, HTTP_ACCEPT="text/html")
    assert_error_shape(response, 400, "query_syntax")


def test_a_browser_still_gets_the_browsable_api_for_an_answer_that_is_not_an_error(client, db):
    response = client.get("/api/v1/games/", HTTP_ACCEPT="text/html")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/html")
