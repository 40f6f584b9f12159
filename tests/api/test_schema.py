"""The OpenAPI 3 schema at /api/v1/schema/ and the docs page at /api/v1/docs/."""

from __future__ import annotations


def test_it_serves_an_openapi_3_schema_naming_the_catalogue(api, db):
    response = api.get("/api/v1/schema/", {"format": "json"})
    assert response.status_code == 200
    schema = response.json()
    assert schema["openapi"].startswith("3.")
    for path in [
        "/api/v1/games/",
        "/api/v1/games/{slug}/",
        "/api/v1/sets/",
        "/api/v1/cards/",
        "/api/v1/cards/{id}/",
        "/api/v1/cards/named/",
        "/api/v1/cards/autocomplete/",
        "/api/v1/cards/collection/",
    ]:
        assert path in schema["paths"], path
    parameters = {p["name"] for p in schema["paths"]["/api/v1/cards/"]["get"]["parameters"]}
    assert {"q", "game", "type", "set", "is_sample", "hp_min", "atk_max", "page"} <= parameters


def test_it_serves_the_docs_page(client, db):
    response = client.get("/api/v1/docs/")
    assert response.status_code == 200
    assert b"swagger" in response.content.lower()
