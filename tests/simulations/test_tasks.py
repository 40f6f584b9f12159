"""The Celery task run in this process (apply): thin, idempotent, failing a job with a reason."""

from __future__ import annotations

import pytest
from celery.exceptions import Retry

from jobs.models import SimulationJob
from jobs.services.chunks import chunk_claim
from jobs.services.test_games import simulation_create
from jobs.tasks import DATABASE_RETRIES, run_simulation_chunk
from rulebook.samples import NEOPETS as NEOPETS_SAMPLES


@pytest.fixture
def job(neopets_cards, django_capture_on_commit_callbacks) -> SimulationJob:
    with django_capture_on_commit_callbacks():
        return simulation_create(
            owner=None,
            game="neopets",
            decks=[NEOPETS_SAMPLES.entries("strong"), NEOPETS_SAMPLES.entries("weak")],
            games=20,
            seed=3,
            chunk_size=10,
        )


def run(chunk_id: int):
    return run_simulation_chunk.apply(args=[chunk_id], throw=True).get()


def test_it_records_a_chunk_and_skips_it_when_run_again(job):
    chunk = job.chunks.get(index=0)
    assert run(chunk.pk) == "recorded"
    assert run(chunk.pk) == "skipped"
    job.refresh_from_db()
    assert job.done == 10


def test_it_retries_a_chunk_another_worker_holds(job):
    chunk = job.chunks.get(index=0)
    chunk_claim(chunk_id=chunk.pk, worker="elsewhere")
    with pytest.raises(Retry):
        run(chunk.pk)


def test_it_keeps_waiting_for_a_held_chunk_past_the_database_retry_limit(job):
    """A dead worker's chunk must not be dropped because its task waited more than 8 times."""
    chunk = job.chunks.get(index=0)
    chunk_claim(chunk_id=chunk.pk, worker="elsewhere")
    beyond_limit = DATABASE_RETRIES + 5
    with pytest.raises(Retry):
        run_simulation_chunk.apply(args=[chunk.pk], retries=beyond_limit, throw=True).get()


def test_a_chunk_that_cannot_be_played_fails_the_job_with_the_reason(job, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("no such rule")

    monkeypatch.setattr("jobs.kinds.games.run_job_chunk", broken)
    assert run(job.chunks.get(index=1).pk) == "failed"
    job.refresh_from_db()
    assert job.status == "failed" and job.error == "RuntimeError: no such rule"
    assert run(job.chunks.get(index=0).pk) == "skipped"  # a failed job claims no more chunks


def test_the_task_is_safe_to_deliver_twice():
    """Late acknowledgement and re-delivery on worker loss rely on the task being idempotent."""
    assert run_simulation_chunk.acks_late is True
    assert run_simulation_chunk.reject_on_worker_lost is True
    assert run_simulation_chunk.retry_kwargs == {"max_retries": DATABASE_RETRIES}  # database errors
    assert run_simulation_chunk.time_limit
    assert run_simulation_chunk.soft_time_limit < run_simulation_chunk.time_limit
