def test_it_answers_ok(api, db):
    response = api.get("/api/v1/health/")
    assert (response.status_code, response.json()) == (200, {"status": "ok"})


def test_it_documents_validate_and_health_in_the_schema(api, db):
    paths = api.get("/api/v1/schema/?format=json").json()["paths"]
    assert {"/api/v1/validate/", "/api/v1/health/"} <= set(paths)
