"""Integration: real `celery worker` processes on a real broker play a job's chunks.

Runs when CELERY_BROKER_URL names a real broker (redis:// or amqp://) and the database is
PostgreSQL, as in CI (.ci/run): the worker is a separate process that must reach the test
database. On the embedded default (filesystem broker, SQLite in memory) it skips, saying why.
Each test database gets a queue of its own, so parallel test processes (pytest -n) sharing one
broker never take each other's tasks.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from django.utils import timezone
from kombu import Exchange, Queue

from deckwarden.celery import app
from jobs.models import SimulationJob
from rulebook.core.frozen import deck_thaw
from rulebook.samples import PROJECT_ROOT as ROOT
from rulebook.simulation import ENGINES
from rulebook.simulation.doctor import (
    Field,
    Round,
    doctor_result,
    doctor_run,
    first_round,
    round_chunks,
)
from tests.faults.brokers import broker_at
from tests.faults.servers import private_redis, suite_database_url

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

    def __init__(self, name: str, log_dir: Path, cwd: Path = ROOT, **limits: str) -> None:
        # This test's jobs must be sent to the queue its workers take (the own_queue fixture,
        # which a module borrowing these helpers lacks): otherwise only the sweep finds them.
        assert queue_name() == settings.DECKWARDEN_SIMULATION_QUEUE, "use the own_queue fixture"
        self.log = log_dir / f"{name}.log"
        env = {
            **os.environ,
            "DATABASE_URL": suite_database_url(),
            "CELERY_BROKER_URL": settings.CELERY_BROKER_URL,
            "DECKWARDEN_SIMULATION_CHUNK_SECONDS": str(CHUNK_SECONDS),
            "CELERY_VISIBILITY_TIMEOUT": str(VISIBILITY_TIMEOUT),
            # Tasks the worker sends itself (a starting worker's resume) go to this test's queue.
            "DECKWARDEN_SIMULATION_QUEUE": queue_name(),
            **limits,
        }
        command = [sys.executable, "-m", "celery", "-A", "deckwarden", "worker"]
        options = ["--concurrency=2", "--loglevel=INFO", f"--hostname={name}@%h"]
        options += [f"--queues={queue_name()}"]
        options += ["--without-gossip", "--without-mingle", "--without-heartbeat"]
        with self.log.open("w") as log:
            self.process = subprocess.Popen(
                command + options,
                cwd=cwd,
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


def test_an_idle_worker_takes_a_job_at_once(api, neopets_cards):
    """A job's tasks go to the queue the workers take, so the first game starts as soon as the
    job is kept. Sent anywhere else, the workers' sweep would still find its chunks once their
    10-second lease ran out and send them again, and every other test here would pass: only
    the wait shows it (a user's job sat "queued" 12 seconds)."""
    with workers() as (started, log_dir):
        started.append(Worker("idle", log_dir))
        warm_up = submit(api, games=50, seed=3, chunk_size=50)
        wait_for(warm_up, lambda job: job.is_finished)
        time.sleep(1)  # the worker waits, idle, for the next task
        job = wait_for(submit(api, games=200, seed=4, chunk_size=50), lambda job: job.started)
    waited = (job.started - job.created).total_seconds()
    assert waited < 5, f"the first chunk was claimed {waited:.1f} s after the job was kept"


def a_copy_of_the_project(folder: Path) -> Path:
    """The project's sources in another folder, as a second machine holds them: no var/ (its
    own is made there), no compiled engine (its pure Python runs), nothing shared but the
    database and the broker the worker is pointed at."""
    copy = folder / "deckwarden-copy"
    shutil.copytree(
        ROOT,
        copy,
        ignore=shutil.ignore_patterns(
            ".git", ".venv", "var", "build", "*.so", "*.c", "__pycache__", ".*_cache", "*.png"
        ),
    )
    return copy


def test_a_worker_from_another_copy_of_the_project_plays_its_share_identically(
    api, neopets_cards, tmp_path
):
    """Issue 44, item 5: workers on other machines. The second worker runs from a copy of the
    project in another folder (no var/, no compiled engine), told only where the database and
    the broker are; both play chunks of one job, and the answer is
    the one a single process gives."""
    copy = a_copy_of_the_project(tmp_path)
    with workers() as (started, log_dir):
        started.append(Worker("here", log_dir))
        started.append(Worker("elsewhere", log_dir, cwd=copy))
        job_id = submit(api, games=2000, seed=17, chunk_size=25)
        job = wait_for(job_id, lambda job: job.is_finished)
        assert job.status == "done", job.error
    played_by = {worker.split("@")[0] for worker in job.chunks.values_list("worker", flat=True)}
    assert played_by == {"here", "elsewhere"}
    assert job.result == in_process_result(2000, 17)


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


def test_a_live_worker_takes_over_a_killed_workers_chunks_within_seconds(api, neopets_cards):
    """Nobody restarts anything and the broker keeps the dead worker's tasks (the production
    chunk time limit and visibility timeout: minutes): the survivor's sweep finds the claims
    no longer renewed and queues their chunks again, within about one and a half leases."""
    lease = settings.DECKWARDEN_SIMULATION_CLAIM_SECONDS
    production = {
        "DECKWARDEN_SIMULATION_CHUNK_SECONDS": "120",
        "CELERY_VISIBILITY_TIMEOUT": "240",
        "DECKWARDEN_SIMULATION_CLAIM_SECONDS": str(lease),
    }
    games, seed = 4000, 13
    with workers() as (started, log_dir):
        started.append(Worker("survivor", log_dir, **production))
        started.append(Worker("doomed", log_dir, **production))
        job_id = submit(api, games=games, seed=seed, chunk_size=200)

        def doomed_is_playing(job: SimulationJob) -> bool:
            return job.chunks.filter(status="running", worker__startswith="doomed@").exists()

        wait_for(job_id, doomed_is_playing, timeout=120)
        started[1].kill(signal.SIGKILL)
        killed_at = time.monotonic()
        orphaned = list(
            SimulationJob.objects.get(pk=job_id)
            .chunks.filter(status="running", worker__startswith="doomed@")
            .values_list("pk", flat=True)
        )
        assert orphaned

        def orphans_retaken(job: SimulationJob) -> bool:
            retaken = job.chunks.filter(pk__in=orphaned).exclude(worker__startswith="doomed@")
            return retaken.count() == len(orphaned) and not retaken.filter(status="pending")

        wait_for(job_id, orphans_retaken, timeout=120)
        recovery = time.monotonic() - killed_at
        print(f"chunks of a SIGKILLed worker retaken after {recovery:.1f} s (lease {lease} s)")
        assert recovery < 2 * lease + 5
        job = wait_for(job_id, lambda job: job.is_finished)
    assert job.status == "done", job.error
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


def test_a_job_goes_on_after_its_redis_broker_restarts(api, neopets_cards, monkeypatch):
    """Issue 15, item 8: Redis restarted (without persistence) mid-job loses every queued task.
    The chunks stayed pending until a worker restarted; the workers' sweep sends them again,
    and the job ends with the same result. A private redis-server, never the shared one."""
    games, seed = 3000, 14
    with (
        private_redis() as redis,
        broker_at(redis.url, monkeypatch),
        workers() as (started, log_dir),
    ):
        started.append(Worker("steady", log_dir, CELERY_BROKER_URL=redis.url))
        job_id = submit(api, games=games, seed=seed, chunk_size=50)
        wait_for(job_id, lambda job: job.done >= 300)
        redis.stop()
        redis.start()
        restarted = timezone.now()
        lost = SimulationJob.objects.get(pk=job_id).chunks.filter(status="pending")
        lost = list(lost.values_list("pk", flat=True))  # their tasks went with the restart
        assert lost

        def resumed(job: SimulationJob) -> bool:
            # More than the tasks the worker held already (its two processes, one prefetched
            # task each): chunks whose tasks went with the restart are being played.
            return job.chunks.filter(pk__in=lost).exclude(status="pending").count() > 4

        job = wait_for(job_id, resumed, timeout=120)
        resumed_after = (timezone.now() - restarted).total_seconds()
        lease = settings.DECKWARDEN_SIMULATION_CLAIM_SECONDS
        print(f"a job resumed {resumed_after:.1f} s after its Redis broker restarted")
        assert resumed_after < 3 * lease
        job = wait_for(job_id, lambda job: job.is_finished)
    assert job.status == "done", job.error
    assert job.result == in_process_result(games, seed)


def test_a_users_small_job_is_not_held_behind_an_anonymous_flood(
    api, alice_api, neopets_cards, settings
):
    """Issue 15, item 11: 110 anonymous jobs in a minute delayed a signed-in user's small job
    by 141 s (one FIFO queue). A flood's chunks are queued at a lower priority, so the small
    job is played as soon as a worker process is free, not after the flood."""
    settings.DECKWARDEN_SIMULATION_QUEUED_GAMES_PER_ADDRESS = 100_000
    with workers() as (started, log_dir):
        started.append(Worker("busy", log_dir))
        flood = [submit(api, games=1000, seed=seed, chunk_size=250) for seed in range(8)]
        mine = alice_api.post(
            "/api/v1/simulations/",
            {"game": "neopets", "decks": [inline("strong"), inline("weak")], "games": 250},
            format="json",
        )
        assert mine.status_code == 202
        submitted = time.monotonic()
        wait_for(mine.json()["id"], lambda job: job.is_finished, timeout=120)
        waited = time.monotonic() - submitted
        flood_jobs = SimulationJob.objects.filter(pk__in=flood)
        played = sum(job.done for job in flood_jobs)
        print(
            f"a user's 250-game job done {waited:.1f} s after an 8,000-game flood; "
            f"{played} of the flood's games played by then"
        )
        assert played <= 8000 // 2
        flood_jobs.update(status="cancelled")  # nothing more to learn from the flood


def doctor_body(swaps: list[dict], budget: int, seed: int) -> dict:
    """A Neopets doctor job for the strong sample deck against a field of both sample decks."""
    return {
        "game": "neopets",
        "deck": inline("strong"),
        "opponents": [
            {"deck": inline("weak"), "weight": 1},
            {"deck": inline("strong"), "weight": 3},
        ],
        "swaps": swaps,
        "budget": budget,
        "seed": seed,
    }


def submit_doctor(api, body: dict) -> str:
    response = api.post("/api/v1/deck-doctor/", body, format="json")
    assert response.status_code == 202, response.json()
    return response.json()["id"]


def doctor_in_process(job: SimulationJob) -> tuple[list[Round], dict]:
    """The rounds and answer `doctor_run` gives for the job's frozen decks and seed, played in
    this process with no worker at all (the answer without the engine's `policy`)."""
    engine = ENGINES["neopets"]
    decks = [engine.prepare(deck_thaw("neopets", deck)) for deck in job.decks]
    spec = job.doctor
    field = Field(tuple(decks[1:3]), tuple(spec["weights"]), table=False)
    rounds, stats = doctor_run(
        engine, decks[0], decks[3:], field, budget=spec["budget"], seed=job.seed
    )
    return rounds, doctor_result(rounds, stats, spec["swaps"], table=False, seed=job.seed)


def without_policy(result: dict) -> dict:
    return {key: value for key, value in result.items() if key != "policy"}


def test_a_deck_doctor_job_plays_its_rounds_in_real_workers_with_the_in_process_answer(
    api, neopets_cards
):
    """Issue 28: a doctor job's rounds follow one another across two worker processes (each
    round's chunks written as the previous round's last chunk is recorded), and the answer is
    the one `doctor_run` gives for the same seed in this process."""
    swaps = [
        {"out": "Green Grarrl", "in": "Green Slorg"},
        {"out": "Mau Codestone", "in": "Zei Codestone"},
        {"out": "Hot Dog", "in": "Omelette", "count": 2},
    ]
    with workers() as (started, log_dir):
        started.append(Worker("one", log_dir))
        started.append(Worker("two", log_dir))
        job_id = submit_doctor(api, doctor_body(swaps, budget=1500, seed=8))
        job = wait_for(job_id, lambda job: job.is_finished)
        assert job.status == "done", job.error
    assert job.done == job.games and job.chunks.count() > len(job.doctor["rounds"])
    assert without_policy(job.result) == doctor_in_process(job)[1]


def test_a_deck_doctor_job_survives_its_worker_being_killed_mid_round(api, neopets_cards):
    """A doctor round is started by a worker (its chunks written as the previous round's last
    chunk is recorded), so a worker SIGKILLed in the middle of one must not strand the job:
    another worker takes over the dead one's chunks, finishes the round, starts the next, and
    the answer is the undisturbed one for the same seed, every round played once."""
    swaps = [  # nine candidates: three rounds (9, 3, 2), so the kill lands in the middle one
        {"out": "Green Grarrl", "in": "Green Slorg"},
        {"out": "Mau Codestone", "in": "Zei Codestone"},
        {"out": "Hot Dog", "in": "Omelette", "count": 2},
        {"out": "Rusty Sword", "in": "Thorny Armour"},
        {"out": "Exploding Potion", "in": "Healing Potion"},
        {"out": "Korbat Defender", "in": "Usul Defender"},
        {"out": "Earth Faerie", "in": "Water Faerie"},
        {"out": "Vo Codestone", "in": "Bri Codestone"},
        {"out": "Fire Paint Brush", "in": "Island Paint Brush"},
    ]

    def middle_round(job: SimulationJob):
        """The chunks of round 1 (the second), which a worker wrote; none before it starts."""
        if len(job.doctor["rounds"]) < 2:
            return job.chunks.none()
        middle = Round.from_json(job.doctor["rounds"][1])
        return job.chunks.filter(
            first_game__gte=middle.first_game, first_game__lt=middle.first_game + middle.seeds
        )

    def mid_round(job: SimulationJob) -> bool:
        """The middle round is in flight: some of its chunks recorded, some being played (by
        the doomed worker, the only one), some waiting. A kill now strands chunks of a round
        half counted, not between rounds or after the last."""
        statuses = set(middle_round(job).values_list("status", flat=True))
        return statuses == {"done", "running", "pending"}

    with workers() as (started, log_dir):
        started.append(Worker("doomed", log_dir))
        job_id = submit_doctor(api, doctor_body(swaps, budget=6000, seed=9))
        wait_for(job_id, lambda job: mid_round(job) or len(job.doctor["rounds"]) > 2)
        started[0].kill(signal.SIGKILL)
        killed_at = SimulationJob.objects.get(pk=job_id)
        assert mid_round(killed_at), "the middle round was not in flight when the worker died"
        orphaned = middle_round(killed_at).filter(status="running")
        orphaned = list(orphaned.values_list("pk", flat=True))
        started.append(Worker("rescuer", log_dir))
        job = wait_for(job_id, lambda job: job.is_finished)
        assert job.status == "done", job.error
    # The dead worker's chunks were claimed again, by the rescuer, and each counted once.
    retaken = job.chunks.filter(pk__in=orphaned, status="done", attempts__gte=2)
    assert retaken.filter(worker__startswith="rescuer@").count() == len(orphaned)
    rounds, expected = doctor_in_process(job)
    assert job.doctor["rounds"] == [r.as_json() for r in rounds]  # none lost, none started twice
    # Every round's every seed is in exactly one chunk: no chunk written twice, none missing.
    spans = job.chunks.values_list("first_game", "count")
    seeds = sorted(n for first, count in spans for n in range(first, first + count))
    assert seeds == list(range(sum(r.seeds for r in rounds)))
    assert job.done == job.games
    assert without_policy(job.result) == expected


def test_a_deck_doctor_job_survives_its_redis_broker_restarting_between_rounds(
    api, neopets_cards, monkeypatch, settings
):
    """Issue 43, item 5: Redis restarted (without persistence) in the middle of a doctor job
    left the job `failed` in one run of three, and its worker gone. A doctor round is queued by
    the worker that records the previous round's last chunk: with the broker away then, the
    send raised and the task failed the job; and the worker, holding a task as its connection
    dropped, crashed putting it back ("Unrecoverable error: AttributeError"). Now the round's
    chunks wait, written, for the sweep to send them once Redis is back, the worker reconnects,
    the answer is the undisturbed one, and the same worker plays the next job."""
    swaps = [
        {"out": "Green Grarrl", "in": "Green Slorg"},
        {"out": "Mau Codestone", "in": "Zei Codestone"},
        {"out": "Hot Dog", "in": "Omelette", "count": 2},
        {"out": "Rusty Sword", "in": "Thorny Armour"},
        {"out": "Exploding Potion", "in": "Healing Potion"},
    ]
    budget = 1000
    # Round 0 in two chunks, one for each of the worker's processes: once both are taken the
    # broker holds nothing of the job, and the worker queues round 1 with Redis down. (A round
    # is split into several chunks when it has the games: the chunk size that makes it two.)
    first = first_round(len(swaps), budget)
    settings.DECKWARDEN_SIMULATION_CHUNK_GAMES = next(
        games
        for games in range(first.games, 100 * first.games)
        if len(round_chunks(first, games)) == 2
    )
    roomy = {"DECKWARDEN_SIMULATION_CHUNK_SECONDS": "60", "CELERY_VISIBILITY_TIMEOUT": "120"}
    with (
        private_redis() as redis,
        broker_at(redis.url, monkeypatch),
        workers() as (started, log_dir),
    ):
        started.append(Worker("steady", log_dir, CELERY_BROKER_URL=redis.url, **roomy))
        job_id = submit_doctor(api, doctor_body(swaps, budget=budget, seed=10))

        def first_round_all_taken(job: SimulationJob) -> bool:
            return set(job.chunks.values_list("status", flat=True)) == {"running"}

        wait_for(job_id, first_round_all_taken, timeout=120)
        redis.stop()
        stopped_at = SimulationJob.objects.get(pk=job_id)
        assert len(stopped_at.doctor["rounds"]) == 1, "round 0 ended before Redis went down"
        wait_for(job_id, lambda job: len(job.doctor["rounds"]) > 1 or job.is_finished)
        time.sleep(2)  # the worker finds its broker gone
        redis.start()
        job = wait_for(job_id, lambda job: job.is_finished)
        assert job.status == "done", job.error
        assert started[0].process.poll() is None, "the worker exited:\n" + started[0].tail()
        after = submit(api, games=200, seed=15, chunk_size=50)
        assert wait_for(after, lambda job: job.is_finished, timeout=60).status == "done"
    rounds, expected = doctor_in_process(job)
    assert job.doctor["rounds"] == [r.as_json() for r in rounds]
    assert without_policy(job.result) == expected
