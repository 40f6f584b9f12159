"""The chunk life cycle: conditional claims and records, exactly-once finishing, determinism."""

from __future__ import annotations

import gc
import time
import uuid
from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.conf import settings as django_settings
from django.utils import timezone
from kombu.exceptions import OperationalError

from jobs.models import SimulationChunk, SimulationJob
from jobs.services import chunks, queue
from jobs.services.access import simulation_cancel
from jobs.services.chunks import (
    ChunkOutcome,
    chunk_claim,
    chunk_play,
    chunk_record,
    chunk_run,
    chunks_requeue_lost,
    chunks_requeue_stale,
    claim_timeout,
)
from jobs.services.test_games import simulation_create
from rulebook.samples import NEOPETS as NEOPETS_SAMPLES
from rulebook.simulation import ChunkStats
from tests.faults.servers import terminate_other_sessions

from .conftest import in_process_result

GAMES = 60


def new_job(chunk_size: int = 20, seed: int = 7, games: int = GAMES) -> SimulationJob:
    return simulation_create(
        owner=None,
        game="neopets",
        decks=[NEOPETS_SAMPLES.entries("strong"), NEOPETS_SAMPLES.entries("weak")],
        games=games,
        seed=seed,
        chunk_size=chunk_size,
    )


def run_all(job: SimulationJob, order=lambda chunks: chunks) -> SimulationJob:
    for chunk in order(list(job.chunks.order_by("index"))):
        assert chunk_run(chunk_id=chunk.pk, worker="test").outcome is ChunkOutcome.RECORDED
    job.refresh_from_db()
    return job


@pytest.fixture
def job(neopets_cards, django_capture_on_commit_callbacks) -> SimulationJob:
    with django_capture_on_commit_callbacks() as queued:
        job = new_job()
    assert len(queued) == 3  # one task per chunk, sent after the commit
    return job


def test_it_splits_a_job_into_consecutive_chunks(job):
    chunks = list(job.chunks.values_list("index", "first_game", "count", "status"))
    assert chunks == [(0, 0, 20, "pending"), (1, 20, 20, "pending"), (2, 40, 20, "pending")]
    assert job.status == "queued" and job.done == 0


def test_it_lets_only_one_worker_claim_a_chunk(job):
    chunk = job.chunks.get(index=0)
    assert chunk_claim(chunk_id=chunk.pk, worker="a") is not None
    assert chunk_claim(chunk_id=chunk.pk, worker="b") is None
    chunk.refresh_from_db()
    assert (chunk.status, chunk.worker, chunk.attempts) == ("running", "a", 1)
    job.refresh_from_db()
    assert job.status == "running" and job.started is not None


def test_it_hands_a_stale_claim_to_another_worker(job):
    """A worker that died mid-chunk never records; after the time limit another takes over."""
    chunk = job.chunks.get(index=0)
    chunk_claim(chunk_id=chunk.pk, worker="dead")
    SimulationChunk.objects.filter(pk=chunk.pk).update(
        claimed_at=timezone.now() - claim_timeout() - timedelta(seconds=1)
    )
    assert chunk_claim(chunk_id=chunk.pk, worker="alive") is not None
    chunk.refresh_from_db()
    assert (chunk.worker, chunk.attempts) == ("alive", 2)


def test_it_asks_to_retry_a_chunk_another_worker_holds(job):
    chunk = job.chunks.get(index=0)
    chunk_claim(chunk_id=chunk.pk, worker="a")
    run = chunk_run(chunk_id=chunk.pk, worker="b")
    assert run.outcome is ChunkOutcome.BUSY
    assert 0 < run.retry_in <= claim_timeout().total_seconds()


def test_recording_the_same_chunk_twice_changes_nothing(job):
    chunk = chunk_claim(chunk_id=job.chunks.get(index=0).pk, worker="a")
    stats = chunk_play(chunk=chunk)
    assert chunk_record(chunk=chunk, stats=stats) is True
    assert chunk_record(chunk=chunk, stats=stats) is False
    job.refresh_from_db()
    assert job.done == 20 and job.status == "running"
    assert chunk_run(chunk_id=chunk.pk, worker="b").outcome is ChunkOutcome.SKIPPED


def test_the_last_chunk_finishes_the_job_with_the_in_process_result(job):
    job = run_all(job)
    assert job.status == "done" and job.done == GAMES and job.finished is not None
    assert job.result == in_process_result(GAMES, seed=7)
    assert job.result["games"] == GAMES


def test_the_same_seed_gives_the_same_result_for_any_chunk_size_and_order(job):
    reference = run_all(job).result
    one_chunk = run_all(new_job(chunk_size=GAMES))
    many_backwards = run_all(new_job(chunk_size=7), order=lambda chunks: chunks[::-1])
    assert one_chunk.result == reference
    assert many_backwards.result == reference


def test_a_different_seed_gives_different_games(job):
    assert run_all(job).result != run_all(new_job(seed=8)).result


def test_a_cancelled_job_stops_claiming_chunks(job):
    chunk = job.chunks.get(index=0)
    assert simulation_cancel(job=job) is True
    assert job.status == "cancelled"
    assert chunk_run(chunk_id=chunk.pk, worker="a").outcome is ChunkOutcome.SKIPPED
    chunk.refresh_from_db()
    assert chunk.status == "pending"


def test_a_chunk_finishing_after_cancellation_does_not_finish_the_job(job):
    chunks = [chunk_claim(chunk_id=c.pk, worker="a") for c in job.chunks.order_by("index")]
    simulation_cancel(job=job)
    for chunk in chunks:
        chunk_record(chunk=chunk, stats=chunk_play(chunk=chunk))
    job.refresh_from_db()
    assert job.status == "cancelled" and job.result is None


def test_the_sample_game_log_is_game_zeros(job):
    sample = run_all(job).result["sample_game"]
    assert sample["game"] == 0 and sample["log"]


def test_chunk_rows_hold_mergeable_counts(job):
    run_all(job)
    parts = [ChunkStats.from_json(c.result) for c in job.chunks.order_by("index")]
    assert [part.games for part in parts] == [20, 20, 20]


@pytest.fixture
def empty_queue(settings) -> None:
    """A chunk queue of this test's own, which holds no task (as after a Redis restart)."""
    settings.DECKWARDEN_SIMULATION_QUEUE = f"empty-{uuid.uuid4()}"


def sent_long_ago(job: SimulationJob) -> None:
    long_ago = timezone.now() - claim_timeout() - timedelta(seconds=1)
    job.chunks.update(queued_at=long_ago)


def test_a_sweep_sends_again_the_pending_chunks_the_broker_lost(
    job, empty_queue, django_capture_on_commit_callbacks
):
    """Redis restarted without persistence: the job's tasks are gone, its chunks pending, and
    no worker holds them. They stayed pending until a worker restarted; the sweep sends them
    again, once, and leaves a claimed chunk to its worker."""
    chunk_claim(chunk_id=job.chunks.get(index=0).pk, worker="alive")
    sent_long_ago(job)
    with django_capture_on_commit_callbacks() as queued:
        assert chunks_requeue_lost() == 2
        assert chunks_requeue_lost() == 0  # sent again just now: not suspect for a lease
    assert len(queued) == 2
    assert run_all_pending(job).status == "done"


def run_all_pending(job: SimulationJob) -> SimulationJob:
    for chunk in job.chunks.exclude(status="done"):
        if chunk.status == "running":
            SimulationChunk.objects.filter(pk=chunk.pk).update(status="pending")
        assert chunk_run(chunk_id=chunk.pk, worker="test").outcome is ChunkOutcome.RECORDED
    job.refresh_from_db()
    return job


def test_a_sweep_leaves_pending_chunks_whose_tasks_wait_in_the_queue(
    job, monkeypatch, django_capture_on_commit_callbacks
):
    """A long queue is not a lost one: no duplicates while the queue holds as many tasks."""
    sent_long_ago(job)
    monkeypatch.setattr(queue, "queued_tasks", lambda: 3)
    with django_capture_on_commit_callbacks() as queued:
        assert chunks_requeue_lost() == 0
    assert not queued


def test_a_sweep_leaves_a_chunk_whose_task_a_worker_has_just_taken(
    job, monkeypatch, django_capture_on_commit_callbacks
):
    """Taken from the queue, not yet claimed: the queue holds one task fewer than the pending
    chunks for a moment, and then the worker claims its chunk. Nothing is lost: no duplicates."""
    sent_long_ago(job)
    monkeypatch.setattr(queue, "queued_tasks", lambda: 2)
    taken = job.chunks.get(index=0)
    monkeypatch.setattr(
        "jobs.services.chunks.sleep", lambda seconds: chunk_claim(chunk_id=taken.pk, worker="a")
    )
    with django_capture_on_commit_callbacks() as queued:
        assert chunks_requeue_lost() == 0
    assert not queued


def test_a_sweep_leaves_chunks_sent_less_than_a_lease_ago(
    job, empty_queue, django_capture_on_commit_callbacks
):
    """A task just sent may be on its way to a worker (taken from the queue, not yet claimed)."""
    with django_capture_on_commit_callbacks() as queued:
        assert chunks_requeue_lost() == 0
    assert not queued


def test_sweeping_queues_again_exactly_the_chunks_whose_claim_went_stale(
    job, django_capture_on_commit_callbacks
):
    """A worker killed mid-chunk stops renewing its claim; a sweep (every live worker runs
    them) gives the chunk back to the queue once, and leaves a live claim alone."""
    dead, alive = (job.chunks.get(index=index) for index in (0, 1))
    chunk_claim(chunk_id=dead.pk, worker="killed")
    chunk_claim(chunk_id=alive.pk, worker="alive")
    SimulationChunk.objects.filter(pk=dead.pk).update(
        claimed_at=timezone.now() - claim_timeout() - timedelta(seconds=1)
    )
    with django_capture_on_commit_callbacks() as queued:
        assert chunks_requeue_stale() == 1
        assert chunks_requeue_stale() == 0  # another sweeper finds nothing left to do
    assert len(queued) == 1
    dead.refresh_from_db()
    alive.refresh_from_db()
    assert (dead.status, dead.worker, alive.status) == ("pending", "", "running")
    assert chunk_run(chunk_id=dead.pk, worker="rescuer").outcome is ChunkOutcome.RECORDED


@pytest.mark.django_db(transaction=True)
def test_a_live_worker_keeps_its_claim_however_long_its_chunk_takes(
    neopets_cards, settings, monkeypatch
):
    """The claim lease is seconds, a chunk may take minutes: the playing worker renews its
    claim, so nobody takes over a chunk whose worker is alive."""
    settings.DECKWARDEN_SIMULATION_CLAIM_SECONDS = 1
    monkeypatch.setattr(queue, "send_chunks", lambda chunks, **options: None)  # no broker here
    chunk = new_job().chunks.get(index=0)
    play = chunks.chunk_play

    def slow_play(*, chunk):
        time.sleep(2.5)  # two and a half leases
        assert chunk_claim(chunk_id=chunk.pk, worker="thief") is None
        return play(chunk=chunk)

    monkeypatch.setattr(chunks, "chunk_play", slow_play)
    assert chunk_run(chunk_id=chunk.pk, worker="slow").outcome is ChunkOutcome.RECORDED
    chunk.refresh_from_db()
    assert (chunk.status, chunk.worker, chunk.attempts) == ("done", "slow", 1)


@pytest.mark.skipif(not django_settings.IS_POSTGRES, reason="needs PostgreSQL (DATABASE_URL)")
@pytest.mark.django_db(transaction=True)
def test_a_claim_is_still_renewed_after_the_database_closed_the_renewing_connection(
    neopets_cards, settings, monkeypatch
):
    """Issue 15, item 10's sibling: the renewing thread kept a connection PostgreSQL had closed,
    every renewal failed, and another worker took over a live worker's chunk."""
    settings.DECKWARDEN_SIMULATION_CLAIM_SECONDS = 1
    monkeypatch.setattr(queue, "send_chunks", lambda chunks, **options: None)
    chunk = new_job().chunks.get(index=0)
    play = chunks.chunk_play

    def play_through_a_closed_connection(*, chunk):
        time.sleep(0.5)  # the renewing thread has its connection by now
        assert terminate_other_sessions() >= 1
        time.sleep(2.5)  # two and a half leases
        assert chunk_claim(chunk_id=chunk.pk, worker="thief") is None
        return play(chunk=chunk)

    monkeypatch.setattr(chunks, "chunk_play", play_through_a_closed_connection)
    assert chunk_run(chunk_id=chunk.pk, worker="slow").outcome is ChunkOutcome.RECORDED


def test_a_sweep_that_cannot_reach_the_broker_leaves_the_chunk_for_the_next_sweep(job, monkeypatch):
    chunk = job.chunks.get(index=0)
    chunk_claim(chunk_id=chunk.pk, worker="killed")
    SimulationChunk.objects.filter(pk=chunk.pk).update(
        claimed_at=timezone.now() - claim_timeout() - timedelta(seconds=1)
    )

    def broker_down(chunks):
        raise OperationalError("connection refused")

    monkeypatch.setattr(queue, "send_chunks", broker_down)
    with pytest.raises(OperationalError):
        chunks_requeue_stale()
    chunk.refresh_from_db()
    assert chunk.status == "running"  # still stale: not a pending chunk that no task will play
    monkeypatch.undo()
    assert chunks_requeue_stale() == 1


def test_a_chunk_plays_with_what_exists_frozen_and_leaves_the_collector_as_it_was(job, monkeypatch):
    """The cycle collector passes over what existed before the chunk (gc.freeze: 12% fewer
    instructions for a worker's games, issue 44), and gets it all back after, a failed chunk
    too: nothing stays out of its reach."""
    chunk = job.chunks.order_by("index").first()
    play = chunks.handler_for(job).play
    frozen = []

    def watched(job, chunk):
        frozen.append(gc.get_freeze_count())
        return play(job, chunk)

    def failing(job, chunk):
        raise RuntimeError("a game broke")

    monkeypatch.setattr(chunks, "handler_for", lambda job: SimpleNamespace(play=watched))
    assert isinstance(chunk_play(chunk=chunk), ChunkStats)
    assert frozen[0] > 10_000 and gc.get_freeze_count() == 0
    monkeypatch.setattr(chunks, "handler_for", lambda job: SimpleNamespace(play=failing))
    with pytest.raises(RuntimeError):
        chunk_play(chunk=chunk)
    assert gc.get_freeze_count() == 0
