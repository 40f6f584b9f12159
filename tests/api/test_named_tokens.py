"""API tokens (api.models.ApiToken), the one token system: several per user, each revocable on
its own, sent as `Authorization: Token <key>`, whether made on the account page or by
`POST /api/v1/auth/token/`; a password change ends them all."""

from rest_framework.test import APIClient

from api.models import ApiToken
from api.tokens import token_create, token_revoke


def deck_create_as(key: str):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    body = {"game": "neopets", "name": "Mine", "sections": {}}
    return client.post("/api/v1/decks/", body, format="json")


def test_it_authenticates_with_each_named_token_until_it_is_revoked(alice):
    first, first_key = token_create(user=alice, name="laptop")
    _, second_key = token_create(user=alice, name="tournament script")
    assert deck_create_as(first_key).json()["owner"] == "alice"
    assert token_revoke(user=alice, token_id=first.pk)
    refused = deck_create_as(first_key)
    assert refused.status_code == 401 and refused.json()["code"] == "authentication_failed"
    assert deck_create_as(second_key).status_code == 201


def test_it_stores_only_a_digest_of_the_key(alice):
    token, key = token_create(user=alice, name="laptop")
    assert key not in {token.key_digest, token.prefix} and token.prefix == key[:8]
    assert not ApiToken.objects.filter(key_digest=key).exists()


def test_it_lets_no_user_revoke_anothers_token(alice, charlie):
    token, key = token_create(user=alice, name="laptop")
    assert not token_revoke(user=charlie, token_id=token.pk)
    assert deck_create_as(key).status_code == 201


TOKEN = "/api/v1/auth/token/"
CREDENTIALS = {"username": "alice", "password": "password"}


def test_the_token_endpoint_makes_a_hashed_named_token_listed_with_the_others(alice):
    """Its token was DRF's, stored in plain text, listed nowhere and never revoked."""
    answer = APIClient().post(TOKEN, {**CREDENTIALS, "name": "laptop"}, format="json").json()
    key = answer["token"]
    assert deck_create_as(key).status_code == 201
    stored = ApiToken.objects.get(user=alice)
    assert (stored.name, stored.prefix, answer["id"]) == ("laptop", key[:8], stored.pk)
    assert key not in stored.key_digest
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    listed = client.get("/api/v1/auth/tokens/").json()
    assert [(t["id"], t["name"]) for t in listed] == [(stored.pk, "laptop")]
    assert listed[0]["last_used"] is not None and "token" not in listed[0]


def test_each_call_of_the_token_endpoint_makes_its_own_token(alice):
    first = APIClient().post(TOKEN, CREDENTIALS, format="json").json()["token"]
    second = APIClient().post(TOKEN, CREDENTIALS, format="json").json()["token"]
    assert first != second and ApiToken.objects.filter(user=alice).count() == 2
    assert deck_create_as(first).status_code == deck_create_as(second).status_code == 201


def test_a_script_revokes_the_token_it_signs_in_with(alice):
    key = APIClient().post(TOKEN, CREDENTIALS, format="json").json()["token"]
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert client.delete(TOKEN).status_code == 204
    assert deck_create_as(key).status_code == 401


def test_a_token_is_revoked_by_id_through_the_api_by_its_owner_only(alice, charlie_api):
    token, key = token_create(user=alice, name="laptop")
    assert charlie_api.delete(f"/api/v1/auth/tokens/{token.pk}/").status_code == 404
    assert deck_create_as(key).status_code == 201
    _, other = token_create(user=alice, name="phone")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {other}")
    assert client.delete(f"/api/v1/auth/tokens/{token.pk}/").status_code == 204
    assert deck_create_as(key).status_code == 401


def test_a_password_change_ends_every_token(alice):
    _, page_key = token_create(user=alice, name="laptop")
    api_key = APIClient().post(TOKEN, CREDENTIALS, format="json").json()["token"]
    alice.set_password("a new long password 7")
    alice.save()
    assert deck_create_as(page_key).status_code == 401
    assert deck_create_as(api_key).status_code == 401


def test_a_password_hash_upgraded_at_log_in_keeps_the_tokens(alice, settings):
    """Django re-hashes a password on log-in when its hasher changes: the password is the same."""
    _, key = token_create(user=alice, name="laptop")
    settings.PASSWORD_HASHERS = [
        "django.contrib.auth.hashers.MD5PasswordHasher",
        *settings.PASSWORD_HASHERS,
    ]
    alice.refresh_from_db()
    assert alice.check_password("password")
    alice.refresh_from_db()
    assert alice.password.startswith("md5$")  # upgraded and saved
    assert deck_create_as(key).status_code == 201
