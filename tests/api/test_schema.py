"""The OpenAPI 3 schema at /api/v1/schema/ and the docs page at /api/v1/docs/."""

from __future__ import annotations

from django.core.management import call_command


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
    assert {"400", "401", "403", "404"} <= _error_codes(paths["/api/v1/cards/"]["get"])
    assert {"403", "404"} <= _error_codes(paths["/api/v1/games/{slug}/"]["get"])
    assert {"400", "403", "411", "413", "415"} <= _error_codes(paths["/api/v1/decks/"]["post"])
    assert {"400", "412", "428"} <= _error_codes(paths["/api/v1/decks/{id}/"]["patch"])
    assert "412" in _error_codes(paths["/api/v1/decks/{id}/"]["delete"])
    # /validate/ reads credentials as every operation does (issue 29): a bad token is a 401
    assert "401" in _error_codes(paths["/api/v1/validate/"]["post"])
    # readiness is never throttled (a load balancer's probe must not get a 429): no error shape
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
        "page": {
            "oneOf": [{"type": "integer", "minimum": 1}, {"type": "string", "enum": ["last"]}]
        },
        "page_size": {"type": "integer", "minimum": 1},
    }
    # bodies are JSON: a form cannot carry a deck's sections
    assert list(schema["paths"]["/api/v1/validate/"]["post"]["requestBody"]["content"]) == [
        "application/json"
    ]


def test_it_closes_every_request_object_since_unknown_fields_are_refused(api, db):
    components = _schema(api)["components"]["schemas"]
    requests = {name: c for name, c in components.items() if name.endswith("Request")}
    assert {"EntryRequest", "ValidateInputRequest", "DeckInputRequest"} <= set(requests)
    for name, component in requests.items():
        assert component.get("additionalProperties") is False, name
    response = api.post(
        "/api/v1/keeper/cost/",
        {"type": "Spell", "text": "Draw a card.", "colour": "red"},
        format="json",
    )
    assert list(response.json()["fields"]) == ["colour"]


def test_it_declares_every_error_as_json_or_problem_details(api, db):
    """Errors are JSON even where the success answer is CSV or text (issue 18, item 4)."""
    paths = _schema(api)["paths"]
    for path, operations in paths.items():
        for method, operation in operations.items():
            for code, response in operation["responses"].items():
                if code >= "400" and "content" in response:
                    media = set(response["content"])
                    assert media == {"application/json", "application/problem+json"}, (
                        f"{method.upper()} {path} {code}: {sorted(media)}"
                    )


def test_it_serves_redoc(client, db):
    response = client.get("/api/v1/redoc/")
    assert response.status_code == 200
    assert b"redoc" in response.content.lower()


def test_every_game_field_and_parameter_names_the_four_games(api, db):
    """A generated client offers the games, not any string (issue 18, item 3); every game has an
    engine now (issues 23 and 24), so a test game's `game` is the same GameEnum."""
    schema = _schema(api)
    games = {"$ref": "#/components/schemas/GameEnum"}
    for name, component in schema["components"]["schemas"].items():
        game = component.get("properties", {}).get("game")
        if name == "SampleGame":  # its `game` is the game's number in the job
            assert game["type"] == "integer"
        elif game is not None:
            assert game.get("$ref") == games["$ref"] or game.get("allOf") == [games], name
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            for parameter in operation.get("parameters", []):
                if parameter["name"] == "game":
                    assert len(parameter["schema"]["enum"]) == 4, f"{method.upper()} {path}"


def test_patch_bodies_declare_no_defaults_and_pages_show_no_placeholder_host(api, db):
    """A PATCH changes only what it sends; examples point nowhere else (issue 18, items 4, 6)."""
    schema = _schema(api)
    components = schema["components"]["schemas"]
    for name, component in components.items():
        if name.startswith("Patched"):
            for field, spec in component["properties"].items():
                assert "default" not in spec, f"{name}.{field}"
    assert "api.example.org" not in str(schema)


def test_it_says_which_fields_are_alternatives(api, db):
    """Sections or text, a deck or text: exactly one, as the server demands (issue 18, item 5)."""
    components = _schema(api)["components"]["schemas"]
    assert components["ValidateInputRequest"]["not"] == {"required": ["sections", "text"]}
    description = components["ValidateInputRequest"]["description"]
    assert "Give exactly one of sections or text." in description
    assert components["RegistrationInputRequest"]["not"] == {"required": ["deck", "text"]}
    both = {"game": "neopets", "sections": {}, "text": ""}
    assert api.post("/api/v1/validate/", both, format="json").status_code == 400


def test_the_schema_is_generated_without_a_warning(db, tmp_path):
    """drf-spectacular's warnings (an enum name resolved by a hash, a field it had to guess) are
    names a client's generated code would carry: `manage.py check --deploy` fails on them, so
    the schema's own test does, where a branch adding an operation runs it."""
    call_command("spectacular", "--fail-on-warn", "--file", str(tmp_path / "schema.yml"))
