"""api.authentication.TokenAuthentication and basics.sessions: credentials no user can have
are refused (or ignored) without asking the database, where PostgreSQL would fail on a NUL."""

from __future__ import annotations

import pytest
from django.contrib.sessions.backends.base import VALID_KEY_CHARS
from django.utils.crypto import get_random_string

from api.tokens import token_create
from basics.sessions import SessionStore
from tests.api.test_errors import assert_error_shape


@pytest.mark.parametrize("header", ["Token ab\x00cd", "Token \x00"])
def test_it_refuses_a_token_holding_a_nul_without_a_query(
    api, db, header, django_assert_num_queries
):
    with django_assert_num_queries(0):
        response = api.get("/api/v1/games/", HTTP_AUTHORIZATION=header)
    body = assert_error_shape(response, 401, "authentication_failed")
    assert body["detail"] == "Invalid token."


def test_it_still_signs_in_with_a_real_token(api, alice):
    _, key = token_create(user=alice, name="script")
    response = api.get("/api/v1/decks/", HTTP_AUTHORIZATION=f"Token {key}")
    assert response.status_code == 200


def test_it_reads_a_session_cookie_holding_a_nul_as_no_session(api, db):
    response = api.get("/api/v1/decks/", HTTP_COOKIE="sessionid=abcdefgh\x00ijklmnop")
    assert response.status_code == 200
    assert SessionStore("abcdefgh\x00ijklmnop").session_key is None


def test_it_keeps_a_session_key_made_as_django_makes_them():
    key = get_random_string(32, VALID_KEY_CHARS)
    assert SessionStore(key).session_key == key


@pytest.mark.parametrize("keyword", ["Token", "Bearer", "bearer"])
def test_it_takes_the_same_key_after_token_or_bearer(api, alice, keyword):
    """Issue 26, item 8: a generated client sends `Bearer` by default; it was a bare 401."""
    _, key = token_create(user=alice, name="script")
    response = api.get("/api/v1/auth/tokens/", HTTP_AUTHORIZATION=f"{keyword} {key}")
    assert response.status_code == 200


@pytest.mark.parametrize("header", ["Bearer nope", "Bearer", "Bearer a b"])
def test_a_bad_bearer_is_a_401_naming_token_like_a_bad_token(api, db, header):
    response = api.get("/api/v1/auth/tokens/", HTTP_AUTHORIZATION=header)
    assert_error_shape(response, 401, "authentication_failed")
    assert response["WWW-Authenticate"] == "Token"


def test_the_schema_documents_both_keywords(api, db):
    schema = api.get("/api/v1/schema/?format=json").json()
    scheme = schema["components"]["securitySchemes"]["tokenAuth"]
    assert (scheme["type"], scheme["scheme"]) == ("http", "bearer")
    assert "Bearer <key>" in scheme["description"] and "Token <key>" in scheme["description"]
