"""api.pagination.Pagination: `page` and `page_size` are read as strictly as any other field."""

from __future__ import annotations

import pytest

from tests.api.test_errors import assert_error_shape

LISTS = ["/api/v1/games/", "/api/v1/sets/", "/api/v1/cards/", "/api/v1/decks/"]


@pytest.mark.parametrize("path", LISTS)
@pytest.mark.parametrize("value", ["abc", "0", "-1", "1.5", "null", "٣", "²", "9" * 5000])
def test_it_refuses_a_page_size_it_cannot_read_naming_it(api, db, path, value):
    body = assert_error_shape(api.get(path, {"page_size": value}), 400, "invalid")
    assert list(body["fields"]) == ["page_size"]


@pytest.mark.parametrize("path", LISTS)
@pytest.mark.parametrize("value", ["abc", "0", "-1", "1.5", "first", "²", "9" * 5000])
def test_it_refuses_a_page_it_cannot_read_naming_it(api, db, path, value):
    body = assert_error_shape(api.get(path, {"page": value}), 400, "invalid")
    assert list(body["fields"]) == ["page"]


@pytest.mark.parametrize("value", ["2", "10" * 20])
def test_it_answers_a_page_past_the_last_with_json_404(api, db, value):
    assert_error_shape(api.get("/api/v1/games/", {"page": value}), 404, "not_found")


@pytest.mark.parametrize("size", [str(10**9), "9" * 100])
def test_it_cuts_a_page_size_over_200_to_200_and_reads_the_last_page(api, db, size):
    response = api.get("/api/v1/games/", {"page_size": size, "page": "last"})
    assert response.status_code == 200
    assert response.json()["count"] == len(response.json()["results"])


def test_it_uses_the_default_page_size_when_none_is_given(api, db):
    assert api.get("/api/v1/games/", {"page_size": "", "page": ""}).status_code == 200
