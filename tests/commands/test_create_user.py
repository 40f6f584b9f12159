"""`manage.py create_user`: an account and its API token without createsuperuser's prompts."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


def create_user(*args: str) -> str:
    out = io.StringIO()
    call_command("create_user", *args, stdout=out)
    return out.getvalue().strip()


def test_it_reads_the_password_from_the_environment_and_prints_a_working_token(monkeypatch):
    """docs/api/accounts.md: the printed token authenticates API writes."""
    monkeypatch.setenv("DECKWARDEN_PASSWORD", "s3cret-pass")
    token = create_user("alice", "--token")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    created = client.post(
        "/api/v1/decks/", {"game": "neopets", "name": "Mine", "sections": {}}, format="json"
    )
    assert created.status_code == 201 and created.json()["owner"] == "alice"


def test_it_reads_the_password_from_stdin_and_the_user_can_trade_it_for_a_token(monkeypatch):
    monkeypatch.delenv("DECKWARDEN_PASSWORD", raising=False)
    monkeypatch.setattr("sys.stdin", io.StringIO("s3cret-pass\n"))
    assert create_user("bob", "--password-stdin") == "Created user 'bob'."
    response = APIClient().post(
        "/api/v1/auth/token/", {"username": "bob", "password": "s3cret-pass"}, format="json"
    )
    assert response.status_code == 200 and response.json()["token"]


def test_it_refuses_to_run_without_a_password(monkeypatch):
    monkeypatch.delenv("DECKWARDEN_PASSWORD", raising=False)
    with pytest.raises(CommandError, match="DECKWARDEN_PASSWORD"):
        create_user("alice")
    assert not get_user_model().objects.exists()


def test_it_refuses_a_password_the_validators_refuse(monkeypatch):
    monkeypatch.setenv("DECKWARDEN_PASSWORD", "password")
    with pytest.raises(CommandError, match="password: This password is too common"):
        create_user("alice")
    assert not get_user_model().objects.exists()


def test_it_refuses_a_name_that_is_taken(monkeypatch, alice):
    monkeypatch.setenv("DECKWARDEN_PASSWORD", "s3cret-pass")
    with pytest.raises(CommandError, match="'alice' exists already"):
        create_user("alice", "--token")
    assert get_user_model().objects.count() == 1


def test_it_refuses_a_name_django_would_refuse(monkeypatch):
    monkeypatch.setenv("DECKWARDEN_PASSWORD", "s3cret-pass")
    with pytest.raises(CommandError, match="username: "):
        create_user("no spaces allowed")


def test_it_refuses_a_name_that_reads_like_a_taken_one(monkeypatch, alice):
    monkeypatch.setenv("DECKWARDEN_PASSWORD", "s3cret-pass")
    with pytest.raises(CommandError, match="username: Use letters of one script"):
        create_user("\u0430lice")  # a Cyrillic a
    assert get_user_model().objects.count() == 1
