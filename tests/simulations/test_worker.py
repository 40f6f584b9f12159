"""Integration: real `celery worker` processes on a real broker play a job's chunks.

Runs when CELERY_BROKER_URL names a real broker (redis:// or amqp://) and the database is
PostgreSQL, as in CI (.ci/run): the worker is a separate process that must reach the test
database. On the embedded default (filesystem broker, SQLite in memory) it skips, saying why.
Each test database gets a queue of its own, so parallel test processes (pytest -n) sharing one
broker never take each other's tasks.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

import pytest
from django.conf import settings
from django.db import connection
from kombu import Exchange, Queue

from deckwarden.celery import app
from rules.models import SimulationJob
from rules.neopets.sample_decks import PROJECT_ROOT as ROOT

from .conftest import in_process_result, inline
from .keeper_decks import DECK_A, DECK_B
from .keeper_decks import in_process_result as keeper_result

REAL_BROKERS = ("redis://", "rediss://", "amqp://", "pyamqp://")
# Short limits so the test recovers from a killed worker in seconds, not minutes.
CHUNK_SECONDS = 4
VISIBILITY_TIMEOUT = 3

pytestmark = [
    pytest.mark.worker,
    pytest.mark.skipif(
        not settings.CELERY_BROKER_URL.startswith(REAL_BROKERS),
        reason="needs a real broker: set CELERY_BROKER_URL=redis://… or amqp://… (CI does)",
    ),
    pytest.mark.skipif(
        not settings.IS_POSTGRES,
        reason="needs PostgreSQL (DATABASE_URL): the worker process must reach the test database",
    ),
    pytest.mark.django_db(transaction=True),
]


def worker_database_url() -> str:
    """DATABASE_URL for the worker: the test database pytest-django created."""
    db = connection.settings_dict
    user = quote(db["USER"] or "", safe="")
    password = f":{quote(db['PASSWORD'], safe='')}" if db["PASSWORD"] else ""
    return f"postgres://{user}{password}@{db['HOST']}:{db['PORT'] or 5432}/{db['NAME']}"


def queue_name() -> str:
    return f"simulations-{connection.settings_dict['NAME']}"


def purge(name: str) -> None:
    """Empty the queue: tasks left over from an earlier run would muddle this one."""
    queue = Queue(name, Exchange(name), routing_key=name)
    with app.connection_for_write() as conn:
        bound = queue(conn.default_channel)
        bound.declare()
        bound.purge()


class Worker:
    """A `celery -A deckwarden worker` process group on this test's queue, logging to a file."""

    def __init__(self, name: str, log_dir: Path) -> None:
        self.log = log_dir / f"{name}.log"
        env = {
            **os.environ,
            "DATABASE_URL": worker_database_url(),
            "CELERY_BROKER_URL": settings.CELERY_BROKER_URL,
            "DECKWARDEN_SIMULATION_CHUNK_SECONDS": str(CHUNK_SECONDS),
            "CELERY_VISIBILITY_TIMEOUT": str(VISIBILITY_TIMEOUT),
            # Tasks the worker sends itself (a starting worker's resume) go to this test's queue.
            "DECKWARDEN_SIMULATION_QUEUE": queue_name(),
        }
        command = [sys.executable, "-m", "celery", "-A", "deckwarden", "worker"]
        options = ["--concurrency=2", "--loglevel=INFO", f"--hostname={name}@%h"]
        options += [f"--queues={queue_name()}"]
        options += ["--without-gossip", "--without-mingle", "--without-heartbeat"]
        with self.log.open("w") as log:
            self.process = subprocess.Popen(
                command + options,
                cwd=ROOT,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its own process group: kill takes the pool too
            )

    def kill(self, sig: int = signal.SIGKILL) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, sig)
        self.process.wait(timeout=30)

    def tail(self) -> str:
        return self.log.read_text()[-3000:] if self.log.exists() else ""


@pytest.fixture(autouse=True)
def own_queue(settings) -> None:
    settings.DECKWARDEN_SIMULATION_QUEUE = queue_name()


@contextmanager
def workers() -> Iterator[tuple[list[Worker], Path]]:
    """Start workers with `started.append(Worker(name, log_dir))`; all die on the way out."""
    purge(queue_name())
    started: list[Worker] = []
    with tempfile.TemporaryDirectory() as log_dir:
        try:
            yield started, Path(log_dir)
        except BaseException:
            for worker in started:
                print(f"--- {worker.log.name}\n{worker.tail()}")
            raise
        finally:
            for worker in started:
                worker.kill()
            purge(queue_name())


def wait_for(job_id: str, condition, timeout: float = 180) -> SimulationJob:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        job = SimulationJob.objects.get(pk=job_id)
        if condition(job):
            return job
        time.sleep(0.05)
    raise AssertionError(f"job {job_id}: {job.status}, {job.done}/{job.games} after {timeout}s")


def submit(api, games: int, seed: int, chunk_size: int) -> str:
    body = {
        "game": "neopets",
        "decks": [inline("strong"), inline("weak")],
        "games": games,
        "seed": seed,
        "chunk_size": chunk_size,
    }
    response = api.post("/api/v1/simulations/", body, format="json")
    assert response.status_code == 202, response.json()
    return response.json()["id"]


def test_it_plays_a_job_in_a_real_worker_with_the_in_process_result(api, neopets_cards):
    with workers() as (started, log_dir):
        started.append(Worker("first", log_dir))
        job_id = submit(api, games=400, seed=11, chunk_size=50)
        job = wait_for(job_id, lambda job: job.is_finished)
        assert job.status == "done", job.error
    assert job.result == in_process_result(400, 11)


def test_a_job_survives_its_worker_being_killed_mid_job(api, neopets_cards):
    games, seed = 5000, 12
    with workers() as (started, log_dir):
        started.append(Worker("doomed", log_dir))
        job_id = submit(api, games=games, seed=seed, chunk_size=50)
        job = wait_for(job_id, lambda job: job.done >= 200 or job.is_finished)
        started[0].kill(signal.SIGKILL)
        killed_at = SimulationJob.objects.get(pk=job_id)
        assert killed_at.status == "running", "the job ended before the worker could be killed"
        orphaned = list(killed_at.chunks.filter(status="running").values_list("pk", flat=True))
        started.append(Worker("rescuer", log_dir))
        job = wait_for(job_id, lambda job: job.is_finished)
        assert job.status == "done", job.error
        assert job.done == games
    # The chunks the dead worker held were claimed again (and counted once).
    retaken = job.chunks.filter(pk__in=orphaned, attempts__gte=2, status="done").count()
    assert retaken == len(orphaned)
    assert job.result == in_process_result(games, seed)


def test_a_keeper_deck_of_user_made_cards_plays_10000_games_in_real_workers(api):
    """Issue 10: a deck built only from user-made (inline) cards, a 10,000-game job, PostgreSQL
    and a real broker, and the same result as the same seed played in this process."""
    games, seed = 10_000, 21
    body = {"game": "keeper", "decks": [DECK_A, DECK_B], "games": games, "seed": seed}
    with workers() as (started, log_dir):
        started.append(Worker("keeper", log_dir))
        response = api.post("/api/v1/simulations/", {**body, "chunk_size": 500}, format="json")
        assert response.status_code == 202, response.json()
        job = wait_for(response.json()["id"], lambda job: job.is_finished)
        assert job.status == "done", job.error
    assert job.result == keeper_result(games, seed)
