"""Issue 15, item 9: the Redis cache degrades instead of failing. While its server is frozen a
read finds nothing and a write is dropped, each within the socket timeout; after one failure
the process leaves Redis alone for a few seconds, so an outage costs one timeout, not one per
call; once Redis answers again the cache works again. A private redis-server, frozen with
SIGSTOP: never the shared one."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest
from django.conf import settings

from basics import cache as degrading
from basics.cache import DegradingRedisCache

from .servers import private_redis


@pytest.fixture
def recheck_soon(monkeypatch) -> None:
    monkeypatch.setattr(degrading, "RECHECK_SECONDS", 1.0)


def test_a_frozen_redis_costs_one_timeout_then_nothing_and_the_cache_comes_back(recheck_soon):
    with private_redis() as redis:
        options = {"socket_connect_timeout": 0.5, "socket_timeout": 0.5}
        cache = DegradingRedisCache(redis.url, {"OPTIONS": options})
        cache.set("count", 1)
        assert cache.get("count") == 1
        redis.freeze()
        started = time.monotonic()
        assert cache.get("count", "missing") == "missing"
        assert time.monotonic() - started < 2
        started = time.monotonic()
        for _ in range(100):
            cache.set("count", 2)
            assert cache.get("count") is None
            assert cache.add("other", 1) is False
            with pytest.raises(ValueError):  # as for a missing key: callers already handle it
                cache.incr("count")
        assert time.monotonic() - started < 0.5
        redis.thaw()
        time.sleep(1.1)
        assert cache.get("count") == 1  # the dropped write never happened
        cache.set("count", 3)
        assert cache.get("count") == 3


def test_a_redis_cache_url_configures_the_degrading_cache_with_timeouts():
    """What the settings make of CACHE_URL=redis://… (checked here on the settings' own
    reading of the environment, in a fresh process)."""
    code = (
        "import django; django.setup(); from django.conf import settings as s; "
        "print(s.CACHES['default']['BACKEND'], sorted(s.CACHES['default']['OPTIONS']))"
    )
    env = {"CACHE_URL": "redis://127.0.0.1:1/1", "DJANGO_SETTINGS_MODULE": "deckwarden.settings"}
    answer = subprocess.run(
        [sys.executable, "-c", code],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        check=True,
        cwd=settings.BASE_DIR,
    ).stdout
    assert answer.split()[0] == "basics.cache.DegradingRedisCache"
    assert "socket_timeout" in answer and "socket_connect_timeout" in answer
