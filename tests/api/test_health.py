"""Issue 15, item 12: /api/v1/health/ is readiness (the database, the cache and the broker
answer) and /api/v1/health/live/ liveness; a load balancer's probe is never throttled."""

from __future__ import annotations

import time

import pytest
from django.conf import settings
from django.db import connection

from tests.faults.brokers import REFUSING, broker_at
from tests.faults.servers import free_port

READY, LIVE = "/api/v1/health/", "/api/v1/health/live/"
ALL_OK = {"database": "ok", "cache": "ok", "broker": "ok"}


def test_it_is_ready_when_the_database_the_cache_and_the_broker_answer(api, db):
    response = api.get(READY)
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "checks": ALL_OK}
    assert api.get(LIVE).json() == {"status": "ok"}


def test_a_probe_is_never_throttled(api, db, settings):
    """A load balancer probing every second from one address got 429s."""
    rates = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "anon": "2/minute"}
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}
    codes = {api.get(path).status_code for path in (READY, LIVE) * 5}
    assert codes == {200}
    games = [api.get("/api/v1/games/").status_code for _ in range(3)]
    assert games == [200, 200, 429]  # the limit itself is on


def assert_unavailable(response, dependency: str) -> None:
    assert response.status_code == 503
    assert response.json() == {
        "status": "unavailable",
        "checks": {**ALL_OK, dependency: "unavailable"},
    }
    assert int(response["Retry-After"]) > 0


@pytest.mark.skipif(not settings.IS_POSTGRES, reason="needs PostgreSQL (DATABASE_URL)")
@pytest.mark.django_db(transaction=True)
def test_it_is_not_ready_without_its_database_but_still_alive(api):
    """It answered ok with the database gone."""
    kept = connection.settings_dict["PORT"]
    connection.close()
    connection.settings_dict["PORT"] = free_port()  # nothing listens there
    try:
        assert_unavailable(api.get(READY), "database")
        assert api.get(LIVE).status_code == 200
    finally:
        connection.settings_dict["PORT"] = kept
        connection.close()


def test_it_is_not_ready_without_its_cache(api, db, settings):
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{free_port()}/0",
        }
    }
    started = time.monotonic()
    assert_unavailable(api.get(READY), "cache")
    assert time.monotonic() - started < 5
    assert api.get(LIVE).status_code == 200


def test_it_is_not_ready_without_its_broker(api, db, monkeypatch):
    with broker_at(REFUSING, monkeypatch):
        started = time.monotonic()
        assert_unavailable(api.get(READY), "broker")
        assert time.monotonic() - started < 5
        assert api.get(LIVE).status_code == 200
