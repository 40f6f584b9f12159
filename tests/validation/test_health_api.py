def test_it_answers_ok(api, db):
    response = api.get("/api/v1/health/")
    assert (response.status_code, response.json()) == (200, {"status": "ok"})
