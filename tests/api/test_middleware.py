"""api.middleware.ChunkedBodyRefusal: a chunked body is a 411 everywhere under /api/, never a
body silently read as empty."""

from __future__ import annotations

import pytest

from tests.api.test_errors import assert_error_shape
from tests.api.test_parsers import POST_ENDPOINTS


@pytest.mark.parametrize("path", POST_ENDPOINTS)
def test_it_answers_411_for_a_chunked_body_rather_than_reading_it_as_empty(alice_api, path):
    response = alice_api.post(
        path, data="", content_type="application/json", HTTP_TRANSFER_ENCODING="chunked"
    )
    body = assert_error_shape(response, 411, "length_required")
    assert body["fields"] == {"body": ["must be sent with a Content-Length header"]}


def test_it_reads_a_body_sent_with_a_content_length(api, db):
    response = api.post("/api/v1/cards/collection/", {"identifiers": []}, format="json")
    assert response.status_code == 200


def test_it_leaves_pages_outside_the_api_alone(client, db):
    response = client.get("/admin/login/", HTTP_TRANSFER_ENCODING="chunked")
    assert response.status_code == 200
