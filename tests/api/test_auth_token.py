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


def test_it_locks_out_an_account_whose_password_is_being_guessed(alice, settings):
    """The website's lock-out (django-axes) counts the API's failures too, per account and
    address: the right password is refused there until the cool-off."""
    settings.AXES_FAILURE_LIMIT = 3
    wrong = {"username": "alice", "password": "guess"}
    client = APIClient(REMOTE_ADDR="10.0.0.1")
    for _ in range(2):
        assert client.post("/api/v1/auth/token/", wrong, format="json").status_code == 400
    assert client.post("/api/v1/auth/token/", wrong, format="json").status_code == 429
    right = client.post(
        "/api/v1/auth/token/", {"username": "alice", "password": "password"}, format="json"
    )
    body = right.json()
    assert right.status_code == 429 and body["code"] == "locked_out" and "token" not in body
    assert int(right["Retry-After"]) > 0


def test_a_website_lock_out_holds_on_the_token_endpoint_too(client, alice, settings):
    settings.AXES_FAILURE_LIMIT = 2
    for _ in range(2):
        client.post("/accounts/login/", {"username": "alice", "password": "guess"})
    right = APIClient().post(
        "/api/v1/auth/token/", {"username": "alice", "password": "password"}, format="json"
    )
    assert right.status_code == 429
