"""Issue 25, item 1: PostgreSQL stopped, or read-only (a stand-in for a full disk). Every request
that needs the database answers a fast 503 with Retry-After (JSON in the API's error shape under
/api/, a page saying so on the site) instead of a 500; liveness and pages that read no database
keep answering; nothing is half-written; once the server is back, requests succeed again with
nobody restarting anything.

Through gunicorn, as in production, connected to the test database through a TCP proxy the test
stops (PostgreSQL itself is never touched), and with the test database made read-only for new
sessions (ALTER DATABASE ... SET default_transaction_read_only), reset afterwards."""

from __future__ import annotations

import json
import time

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import connection

from api.tokens import token_create
from decks.models import Deck
from jobs.models import SimulationJob

from .servers import Browser, database_proxy, gunicorn, proxied_database_url
from .test_redis_down import JSON, SIMULATION

pytestmark = [
    pytest.mark.skipif(not settings.IS_POSTGRES, reason="needs PostgreSQL (DATABASE_URL)"),
    pytest.mark.django_db(transaction=True),
]

FAST = 2.0  # seconds: a refused connection is known at once; no timeout to wait out
DECK = json.dumps(
    {"game": "neopets", "name": "Kau", "sections": {"main": [{"name": "Hot Dog", "quantity": 2}]}}
).encode()


def assert_unavailable(answer: tuple, *, api: bool) -> float:
    status, headers, body, seconds = answer
    assert status == 503, (status, body[:2000])
    assert int(headers["Retry-After"]) > 0
    if api:
        assert json.loads(body)["code"] == "service_unavailable"
    else:
        assert "cannot reach its database" in body and "Deckwarden" in body
    return seconds


def test_a_stopped_database_answers_503_fast_and_recovery_needs_nobody(capsys):
    call_command("load_samples", verbosity=0)
    with database_proxy() as proxy, gunicorn(DATABASE_URL=proxied_database_url(proxy)) as base:
        browser = Browser(base)
        assert browser.open("/api/v1/games/")[0] == 200  # its connection is now kept
        assert browser.open("/decks/")[0] == 200
        proxy.stop()
        times = [
            assert_unavailable(browser.open("/api/v1/games/"), api=True),
            assert_unavailable(browser.open("/api/v1/cards/?game=neopets"), api=True),
            assert_unavailable(browser.open("/api/v1/simulations/", SIMULATION, **JSON), api=True),
            assert_unavailable(browser.open("/decks/"), api=False),
            assert_unavailable(browser.open("/cards/?q=kau"), api=False),
        ]
        # Liveness and readiness answer as they should; a page without the database works.
        assert browser.open("/api/v1/health/live/")[0] == 200
        assert browser.open("/api/v1/health/")[0] == 503
        assert browser.open("/accounts/login/")[0] == 200
        proxy.start()
        assert browser.open("/api/v1/games/")[0] == 200
        assert browser.open("/decks/")[0] == 200
    assert max(times) < FAST, times
    with capsys.disabled():
        print(f"\n503 with PostgreSQL down: slowest {max(times) * 1000:.0f} ms of {len(times)}")


@pytest.fixture
def read_only_database():
    """New sessions of the test database are read-only until the test ends."""
    name = connection.settings_dict["NAME"]
    with connection.cursor() as cursor:
        cursor.execute(f'ALTER DATABASE "{name}" SET default_transaction_read_only = on')
    try:
        yield
    finally:
        with connection.cursor() as cursor:
            cursor.execute(f'ALTER DATABASE "{name}" RESET default_transaction_read_only')


def test_a_read_only_database_answers_503_to_writes_and_keeps_nothing(read_only_database):
    call_command("load_samples", "--cards-only", verbosity=0)  # decks: none may be written
    user = get_user_model().objects.create_user("alice", password="password")
    _, key = token_create(user=user, name="test")
    auth = {"Authorization": f"Token {key}", **JSON}
    with gunicorn() as base:
        browser = Browser(base)
        assert browser.open("/api/v1/games/")[0] == 200  # reads still answer
        started = time.monotonic()
        assert_unavailable(browser.open("/api/v1/decks/", DECK, **auth), api=True)
        assert_unavailable(browser.open("/api/v1/simulations/", SIMULATION, **JSON), api=True)
        passphrase = "a long passphrase"
        form = {"username": "bob", "password1": passphrase, "password2": passphrase}
        assert_unavailable(browser.post_form("/accounts/signup/", form), api=False)
        seconds = time.monotonic() - started
    assert not Deck.objects.exists() and not SimulationJob.objects.exists()
    assert not get_user_model().objects.filter(username="bob").exists()
    assert seconds < 3 * FAST
