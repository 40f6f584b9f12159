"""Named API tokens (api.models.ApiToken): several per user, each revocable on its own, sent as
`Authorization: Token <key>` beside DRF's one token from /api/v1/auth/token/."""

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
    assert refused.status_code == 403 and refused.json()["code"] == "authentication_failed"
    assert deck_create_as(second_key).status_code == 201


def test_it_stores_only_a_digest_of_the_key(alice):
    token, key = token_create(user=alice, name="laptop")
    assert key not in {token.key_digest, token.prefix} and token.prefix == key[:8]
    assert not ApiToken.objects.filter(key_digest=key).exists()


def test_it_lets_no_user_revoke_anothers_token(alice, charlie):
    token, key = token_create(user=alice, name="laptop")
    assert not token_revoke(user=charlie, token_id=token.pk)
    assert deck_create_as(key).status_code == 201


def test_it_keeps_the_drf_token_from_the_token_endpoint_working(alice):
    response = APIClient().post(
        "/api/v1/auth/token/", {"username": "alice", "password": "password"}, format="json"
    )
    assert deck_create_as(response.json()["token"]).status_code == 201
