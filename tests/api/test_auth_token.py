"""POST /api/v1/auth/token/: a REST client trades credentials for a token, then writes with it."""

from rest_framework.test import APIClient


def test_it_gives_a_token_that_authenticates_later_requests(alice):
    client = APIClient()
    response = client.post(
        "/api/v1/auth/token/", {"username": "alice", "password": "password"}, format="json"
    )
    assert response.status_code == 200
    client.credentials(HTTP_AUTHORIZATION=f"Token {response.json()['token']}")
    created = client.post(
        "/api/v1/decks/", {"game": "neopets", "name": "Mine", "sections": {}}, format="json"
    )
    assert created.status_code == 201 and created.json()["owner"] == "alice"


def test_it_refuses_wrong_credentials_with_the_json_error_shape(alice):
    response = APIClient().post(
        "/api/v1/auth/token/", {"username": "alice", "password": "nope"}, format="json"
    )
    assert response.status_code == 400
    body = response.json()
    assert (
        body["status"] == 400 and body["code"] == "invalid" and "non_field_errors" in body["fields"]
    )
