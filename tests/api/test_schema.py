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


def _schema(api) -> dict:
    return api.get("/api/v1/schema/", {"format": "json"}).json()


def _error_codes(operation: dict) -> set[str]:
    return {
        code
        for code, response in operation["responses"].items()
        if response.get("content", {}).get("application/json", {}).get("schema")
        == {"$ref": "#/components/schemas/Error"}
    }


def test_it_documents_the_error_answers_every_operation_can_give(api, db):
    """Filters, pagination, ids, tokens and bodies fail in api.errors' shape: the schema says so."""
    paths = _schema(api)["paths"]
    assert {"400", "403", "404"} <= _error_codes(paths["/api/v1/cards/"]["get"])
    assert {"403", "404"} <= _error_codes(paths["/api/v1/games/{slug}/"]["get"])
    assert {"400", "403", "411", "413", "415"} <= _error_codes(paths["/api/v1/decks/"]["post"])
    assert {"400", "412", "428"} <= _error_codes(paths["/api/v1/decks/{id}/"]["patch"])
    assert "412" in _error_codes(paths["/api/v1/decks/{id}/"]["delete"])
    # /validate/ authenticates nobody, so a token cannot be refused there
    assert "403" not in _error_codes(paths["/api/v1/validate/"]["post"])
    assert _error_codes(paths["/api/v1/health/"]["get"]) == set()


def test_it_describes_answers_as_they_are_given(api, db):
    components = _schema(api)["components"]["schemas"]
    # a printing with no known image answers image_url "", which is not a URI
    assert "format" not in components["Printing"]["properties"]["image_url"]
    # a simulation's 400 carries reports only when a deck is illegal
    assert "reports" not in components["DeckIllegal"]["required"]


def test_it_describes_requests_as_they_are_read(api, db):
    """A request the schema allows is one the endpoint can read (schemathesis' positive tests)."""
    schema = _schema(api)
    components = schema["components"]["schemas"]
    game = components["ValidateInputRequest"]["properties"]["game"]
    assert game["allOf"] == [{"$ref": "#/components/schemas/GameEnum"}]
    assert set(components["ArchiveSwapInputRequest"]["required"]) == {"before", "after"}
    cards = schema["paths"]["/api/v1/cards/"]["get"]
    pages = {p["name"]: p["schema"] for p in cards["parameters"] if p["name"].startswith("page")}
    assert pages == {
        "page": {"type": "integer", "minimum": 1},
        "page_size": {"type": "integer", "minimum": 1},
    }
    # bodies are JSON: a form cannot carry a deck's sections
    assert list(schema["paths"]["/api/v1/validate/"]["post"]["requestBody"]["content"]) == [
        "application/json"
    ]


def test_it_closes_the_request_objects_whose_unknown_fields_are_refused(api, db):
    components = _schema(api)["components"]["schemas"]
    for name in ("EntryRequest", "KeeperCardInputRequest", "RegisteredListRequest"):
        assert components[name]["additionalProperties"] is False, name
    assert "additionalProperties" not in components["ValidateInputRequest"]
    response = api.post(
        "/api/v1/keeper/cost/",
        {"type": "Spell", "text": "Draw a card.", "colour": "red"},
        format="json",
    )
    assert list(response.json()["fields"]) == ["colour"]
