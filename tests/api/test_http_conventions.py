"""HTTP conventions a REST client relies on (issue 18, items 5 and 10): conditional GETs,
Location on created and accepted answers, a token endpoint callable without credentials, and
a schema that says which headers are required and which operations can answer 429."""

from __future__ import annotations

from django.core.management import call_command
from rest_framework.test import APIClient

from rulebook.samples import NEOPETS as NEOPETS_SAMPLES


def _schema(api) -> dict:
    return api.get("/api/v1/schema/", {"format": "json"}).json()


def test_a_deck_get_with_its_etag_answers_304_without_a_body(alice_api, alice_things):
    url = f"/api/v1/decks/{alice_things.deck_id}/"
    etag = alice_api.get(url)["ETag"]
    unchanged = alice_api.get(url, HTTP_IF_NONE_MATCH=etag)
    assert unchanged.status_code == 304 and unchanged.content == b""
    assert unchanged["ETag"] == etag
    assert alice_api.get(url, HTTP_IF_NONE_MATCH=f"W/{etag}").status_code == 304  # weak match
    alice_api.patch(url, {"name": "Renamed"}, format="json", HTTP_IF_MATCH=etag)
    changed = alice_api.get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed.json()["name"] == "Renamed"


def test_an_accepted_job_says_where_it_is(alice_api, db, django_capture_on_commit_callbacks):
    call_command("load_samples", verbosity=0)
    decks = [{"text": NEOPETS_SAMPLES.text("strong")}, {"text": NEOPETS_SAMPLES.text("weak")}]
    body = {"game": "neopets", "decks": decks, "games": 50}
    with django_capture_on_commit_callbacks():
        response = alice_api.post("/api/v1/simulations/", body, format="json")
    assert response.status_code == 202
    assert response["Location"] == response.json()["url"]


def test_a_registration_says_where_to_read_it(bob, alice_things):
    client = APIClient()
    client.force_authenticate(bob)
    url = f"/api/v1/events/{alice_things.event_token}/registrations/"
    response = client.post(url, {"text": "1 Hot Dog", "name": "Bob's"}, format="json")
    assert response.status_code == 201, response.json()
    assert response["Location"] == f"{url}mine/"
    assert client.get(response["Location"]).status_code == 200


def test_the_token_endpoint_needs_no_credentials_and_ignores_a_stale_token(api, alice):
    body = {"username": "alice", "password": "password"}
    stale = {"HTTP_AUTHORIZATION": "Token revoked-long-ago"}
    response = api.post("/api/v1/auth/token/", body, format="json", **stale)
    assert response.status_code == 200 and response.json()["token"]
    operation = _schema(api)["paths"]["/api/v1/auth/token/"]["post"]
    assert "security" not in operation  # generated clients call it without a token


def test_the_schema_marks_if_match_required_where_428_answers_without_it(api, db):
    paths = _schema(api)["paths"]
    for method in ("put", "patch"):
        headers = {p["name"]: p for p in paths["/api/v1/decks/{id}/"][method]["parameters"]}
        assert headers["If-Match"]["required"] is True, method
    delete = paths["/api/v1/decks/{id}/"]["delete"]["parameters"]
    assert not {p["name"]: p for p in delete}["If-Match"].get("required")


def test_the_schema_documents_429_and_retry_after_on_every_throttled_operation(api, db):
    paths = _schema(api)["paths"]
    for path, operations in paths.items():
        for method, operation in operations.items():
            answer = operation["responses"].get("429")
            if path.startswith("/api/v1/health/"):  # probes are never throttled (issue 15)
                assert answer is None, f"{method.upper()} {path}"
                continue
            assert answer is not None, f"{method.upper()} {path}"
            assert "Retry-After" in answer["headers"], f"{method.upper()} {path}"
