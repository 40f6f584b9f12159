"""Issue 15, item 9: Redis, the cache and the broker, down or frozen. Every request answers in
seconds: reads that need neither keep working (a cache that degrades), the readiness probe and
job submissions answer 503 with Retry-After, and the website's test-games form says so on its
page. Before, health, lists, jobs and the website's log-in answered 500 after up to 15 s and the
test-games form hung past a minute.

Through gunicorn configured from the environment as a deployment is, against a private
redis-server this test stops, restarts and freezes (SIGSTOP): never the shared one."""

from __future__ import annotations

import json
import time
from collections.abc import Callable

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command

from jobs.models import SimulationJob
from rulebook.samples import PROJECT_ROOT

from .servers import Browser, gunicorn, private_redis

pytestmark = [
    pytest.mark.skipif(not settings.IS_POSTGRES, reason="needs PostgreSQL (DATABASE_URL)"),
    pytest.mark.django_db(transaction=True),
]

FAST = 6.0  # seconds: the Redis timeouts (1 s to connect, 2 s to answer) and a little
SAMPLES = PROJECT_ROOT / "rulebook" / "neopets" / "sample_decks"
SIMULATION = json.dumps(
    {
        "game": "neopets",
        "decks": [{"text": (SAMPLES / f"{name}.txt").read_text()} for name in ("strong", "weak")],
        "games": 100,
    }
).encode()
JSON = {"Content-Type": "application/json"}


def check_every_path(base: str, job_id: str) -> float:
    """What a client sees with Redis unusable; every answer within FAST seconds. The slowest
    answer's seconds."""
    browser = Browser(base)
    slowest = 0.0

    def timed(answer: tuple, expected: int | Callable[[int], bool]) -> tuple:
        status, _, body, seconds = answer
        ok = expected(status) if callable(expected) else status == expected
        assert ok, (status, body[:2000])
        assert seconds < FAST, f"{seconds:.1f} s"
        nonlocal slowest
        slowest = max(slowest, seconds)
        return answer

    # Reads that need neither the cache nor the broker, throttled as ever.
    timed(browser.open("/api/v1/games/"), 200)
    timed(browser.open("/api/v1/cards/?game=neopets"), 200)
    timed(browser.open(f"/api/v1/simulations/{job_id}/"), 200)
    timed(browser.open("/api/v1/health/live/"), 200)
    # Readiness says what is missing.
    _, headers, body, _ = timed(browser.open("/api/v1/health/"), 503)
    assert '"cache":"unavailable"' in body.replace(" ", "") and headers["Retry-After"]
    # A job cannot be queued: 503, retry later, nothing kept.
    jobs = SimulationJob.objects.count()
    _, headers, body, _ = timed(browser.open("/api/v1/simulations/", SIMULATION, **JSON), 503)
    assert json.loads(body)["code"] == "service_unavailable" and int(headers["Retry-After"]) > 0
    # The website: log-in works (its attempt counts live in the cache), and the test-games form
    # answers a page saying the queue cannot be reached.
    _, _, page, _ = timed(
        browser.post_form("/accounts/login/", {"username": "alice", "password": "password"}),
        200,
    )
    assert "Log out" in page or "log out" in page.lower(), page[:2000]
    form = {
        "game": "neopets",
        "deck_a": "sample:neopets:strong",
        "deck_b": "sample:neopets:weak",
        "games": "1000",
    }
    _, headers, page, _ = timed(browser.post_form("/tools/test-games/", form), 503)
    assert "job queue cannot be reached" in page and int(headers["Retry-After"]) > 0
    assert SimulationJob.objects.count() == jobs
    return slowest


def test_every_request_answers_in_seconds_with_redis_down_then_frozen():
    call_command("load_samples", verbosity=0)
    get_user_model().objects.create_user("alice", password="password")
    with private_redis() as redis:
        environment = {
            "CACHE_URL": redis.url.replace("/0", "/1"),
            "CELERY_BROKER_URL": redis.url,
            "DECKWARDEN_THROTTLE_ANON": "1000/minute",
            "DECKWARDEN_THROTTLE_USER": "1000/minute",
        }
        with gunicorn(**environment) as base:
            status, _, body, _ = Browser(base).open("/api/v1/simulations/", SIMULATION, **JSON)
            assert status == 202, body
            job_id = json.loads(body)["id"]
            redis.stop()
            down = check_every_path(base, job_id)
            redis.start()
            redis.freeze()
            frozen = check_every_path(base, job_id)
            redis.thaw()
            back = ready_again(base)
            assert back < FAST  # and back in the load balancer's rotation
    print(
        f"slowest answer with Redis down {down:.1f} s, frozen {frozen:.1f} s; "
        f"ready {back:.1f} s after it answered again"
    )


def ready_again(base: str) -> float:
    """Seconds until readiness answers 200 again."""
    started = time.monotonic()
    while Browser(base).open("/api/v1/health/")[0] != 200:
        assert time.monotonic() - started < 60, "still not ready a minute after Redis came back"
        time.sleep(0.2)
    return time.monotonic() - started
