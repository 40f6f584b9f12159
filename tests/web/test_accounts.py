"""Sign-up, log-in (both rate-limited), password change and the API token page."""

from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from api.models import ApiToken
from web.ratelimit import LOGIN_ATTEMPTS, SIGNUP_ATTEMPTS


def signup(client, username: str):
    password = "a long enough password 9"
    data = {"username": username, "password1": password, "password2": password}
    return client.post("/accounts/signup/", data)


def test_it_signs_a_new_user_up_and_logs_them_in(client, db):
    response = signup(client, "dora")
    assert response.status_code == 302
    assert get_user_model().objects.filter(username="dora").exists()
    assert "dora" in client.get("/accounts/").content.decode()


def test_it_refuses_sign_ups_past_the_limit_from_one_address(client, db):
    for number in range(SIGNUP_ATTEMPTS.attempts):
        assert signup(client, f"user{number}").status_code == 302
        client.logout()
    refused = signup(client, "one-too-many")
    assert refused.status_code == 429
    assert "Too many attempts" in refused.content.decode()
    assert not get_user_model().objects.filter(username="one-too-many").exists()


def test_it_refuses_log_ins_past_the_limit_even_with_the_right_password(client, alice):
    for _ in range(LOGIN_ATTEMPTS.attempts):
        wrong = client.post("/accounts/login/", {"username": "alice", "password": "wrong"})
        assert wrong.status_code == 200
    right = client.post("/accounts/login/", {"username": "alice", "password": "password"})
    assert right.status_code == 429
    assert "_auth_user_id" not in client.session


def test_it_logs_in_and_out(client, alice):
    response = client.post("/accounts/login/", {"username": "alice", "password": "password"})
    assert response.status_code == 302 and client.session["_auth_user_id"] == str(alice.pk)
    client.post("/accounts/logout/")
    assert "_auth_user_id" not in client.session


def test_it_changes_the_password(alice_client, alice):
    new = "another long password 7"
    data = {"old_password": "password", "new_password1": new, "new_password2": new}
    assert alice_client.post("/accounts/password/", data).status_code == 302
    alice.refresh_from_db()
    assert alice.check_password(new)


def test_it_creates_a_named_token_shows_its_key_once_and_revokes_it(alice_client, alice):
    page = alice_client.post("/accounts/", {"name": "tournament script"}).content.decode()
    token = ApiToken.objects.get(user=alice, name="tournament script")
    key = page.split('id="new-token-key" type="text" readonly value="')[1].split('"')[0]
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert api.get("/api/v1/decks/").status_code == 200
    assert key not in alice_client.get("/accounts/").content.decode()  # shown once

    alice_client.post(f"/accounts/tokens/{token.pk}/revoke/")
    assert not ApiToken.objects.filter(pk=token.pk).exists()
    assert api.get("/api/v1/decks/").status_code == 403


def test_it_keeps_tokens_to_their_owner(alice_client, charlie_client, alice):
    alice_client.post("/accounts/", {"name": "laptop"})
    token = ApiToken.objects.get(user=alice)
    charlie_client.post(f"/accounts/tokens/{token.pk}/revoke/")
    assert ApiToken.objects.filter(pk=token.pk).exists()
    assert "laptop" not in charlie_client.get("/accounts/").content.decode()


def test_it_sends_anonymous_visitors_to_log_in(client, db):
    response = client.get("/accounts/")
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
