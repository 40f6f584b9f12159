"""The chunk life cycle: claim, play, record, and what follows the last chunk of a job.

Whatever the job's kind, its handler (jobs.kinds) says how to play a chunk and what to do once
every chunk written is recorded; this module makes that safe with any number of workers:

- claim: a conditional UPDATE turns a chunk `pending` (or `running` with a stale claim, whose
  worker must have died) into `running`; one worker wins, the others see 0 rows updated,
  exactly as healthchecks claims its work.
- play: the handler's `play`, plain Python (rulebook.simulation), no database; meanwhile a
  thread renews the claim (`claimed_at`) every third of the claim lease, so a live worker's
  claim never goes stale however long its chunk takes, and a dead worker's goes stale within
  the lease. Every worker sweeps stale claims back to `pending` and queues their chunks again
  (chunks_requeue_stale), and sends again pending chunks whose task the broker lost
  (chunks_requeue_lost: a Redis restarted without persistence, a killed worker's tasks on the
  embedded broker).
- record: a conditional UPDATE from `running` to `done`; only the first completion counts. In
  the same transaction, under the job's row lock, the job's progress grows by the handler's
  count, and when no chunk written is left unrecorded the handler merges every chunk's
  statistics and says what follows: more chunks (queued in that transaction), or the result
  that finishes the job. So a job moves on, and finishes, exactly once.
"""

from __future__ import annotations

import enum
import gc
import logging
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import timedelta
from time import sleep
from typing import Any, cast

from django.conf import settings
from django.db import DatabaseError, connection, transaction
from django.db.models import Q, QuerySet
from django.utils import timezone
from kombu.exceptions import KombuError

from jobs.kinds import Stats, handler_for
from jobs.models import SimulationChunk, SimulationJob

from . import chunk_sql, queue

logger = logging.getLogger(__name__)

# A chunk's job is read without its frozen decks: the handler reads them once per worker
# process and job, not with every chunk, and a doctor job's hold every swap's deck (about 1 MB
# for the 154 swaps of a Neopets format's cards: some 40 ms to parse, twice a chunk, beside its
# games' half second).
JOB_DEFERRED = ("job__decks",)
# How long a task taken from the queue may take to claim its chunk, however busy its worker.
IN_FLIGHT_SECONDS = 1.0


class ChunkOutcome(enum.Enum):
    RECORDED = "recorded"  # this run's result counted
    SKIPPED = "skipped"  # nothing to do: chunk already done, or its job finished or cancelled
    BUSY = "busy"  # another worker holds a live claim; try again once it could have gone stale


@dataclass(frozen=True)
class ChunkRun:
    outcome: ChunkOutcome
    retry_in: float = 0.0  # seconds, for BUSY


def chunk_run(*, chunk_id: int, worker: str) -> ChunkRun:
    """Claim, play and record one chunk: everything the Celery task does."""
    chunk = chunk_claim(chunk_id=chunk_id, worker=worker)
    if chunk is None:
        return _unclaimed(chunk_id)
    with _claim_kept(chunk):
        stats = chunk_play(chunk=chunk)
    recorded = chunk_record(chunk=chunk, stats=stats)
    return ChunkRun(ChunkOutcome.RECORDED if recorded else ChunkOutcome.SKIPPED)


def claim_timeout() -> timedelta:
    """How old a claim must be before another worker may take the chunk over: the lease, which
    a live worker renews every third of it while it plays (_claim_kept)."""
    return timedelta(seconds=settings.DECKWARDEN_SIMULATION_CLAIM_SECONDS)


def chunk_claim(*, chunk_id: int, worker: str) -> SimulationChunk | None:
    """Take the chunk if it is free (or its claim went stale) and its job is unfinished."""
    now = timezone.now()
    chunk = chunk_sql.chunk_claimed(
        chunk_id, worker=worker[:200], now=now, stale_before=now - claim_timeout()
    )
    if chunk is None:
        return None
    chunk.job = chunk_sql.job_read(chunk.job_id)
    if chunk.job.status == SimulationJob.Status.QUEUED:  # the job's first chunk claimed
        SimulationJob.objects.filter(pk=chunk.job_id, status=SimulationJob.Status.QUEUED).update(
            status=SimulationJob.Status.RUNNING, started=now
        )
    return chunk


@contextmanager
def _claim_kept(chunk: SimulationChunk) -> Iterator[None]:
    """Renew the chunk's claim every third of the lease while the block runs (the games are
    pure Python; the GIL lets this thread in every few milliseconds)."""
    stop = threading.Event()
    interval = claim_timeout().total_seconds() / 3

    def renew() -> None:
        try:
            while not stop.wait(interval):
                try:
                    SimulationChunk.objects.filter(
                        pk=chunk.pk, status=SimulationChunk.Status.RUNNING, worker=chunk.worker
                    ).update(claimed_at=timezone.now())
                except DatabaseError:  # a missed renewal; the next may get through
                    logger.warning("Could not renew the claim on chunk %s", chunk.pk)
                    # A connection the server closed stays broken: the next renewal opens a new
                    # one, or every renewal would fail and the claim go stale under a live worker.
                    connection.close()
        finally:
            connection.close()  # this thread's own connection

    thread = threading.Thread(target=renew, name=f"claim-{chunk.pk}", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()


def _unclaimed(chunk_id: int) -> ChunkRun:
    """Why a chunk could not be claimed: finished work, or a live claim worth waiting for."""
    chunk = (
        SimulationChunk.objects.select_related("job")
        .defer(*JOB_DEFERRED)
        .filter(pk=chunk_id)
        .first()
    )
    if (
        chunk is None
        or chunk.status != SimulationChunk.Status.RUNNING
        or chunk.job.is_finished
        or chunk.claimed_at is None
    ):
        return ChunkRun(ChunkOutcome.SKIPPED)
    stale_at = chunk.claimed_at + claim_timeout()
    return ChunkRun(ChunkOutcome.BUSY, max(1.0, (stale_at - timezone.now()).total_seconds()))


def chunk_play(*, chunk: SimulationChunk) -> Stats:
    """Play the chunk's games (no database work): its mergeable statistics, of the kind its job
    says it is."""
    with _collector_passes_over_what_exists():
        return handler_for(chunk.job).play(chunk.job, chunk)


@contextmanager
def _collector_passes_over_what_exists() -> Iterator[None]:
    """While a chunk plays, the cycle collector leaves alone every object that exists when it
    starts (Django, the modules, the cards: some 200,000 in a worker). Each game leaves reference
    cycles, so the collector runs often, and it walked all of those each time: 300 Neopets games
    in a worker's process took 12% fewer instructions with them frozen (callgrind, issue 44).
    Frozen objects are still freed by their counts; unfreezing hands them back to the collector.
    Another thread's chunk ending first unfreezes early, which costs speed, never memory."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def chunk_record(*, chunk: SimulationChunk, stats: Stats) -> bool:
    """Store a played chunk's statistics; once no chunk of the job is left unrecorded, the job
    moves on (_advance).

    False when another run of the same chunk got there first: its (identical) result stands.
    """
    handler = handler_for(chunk.job)
    games = handler.games(chunk.job, chunk)
    with transaction.atomic():
        if not chunk_sql.chunk_recorded(chunk, stats.as_json(), games):
            return False
        # Its progress UPDATE locks the job's row until commit, so concurrent last chunks take
        # turns, and the second sees the first's chunk done.
        barrier = handler.barrier(chunk.job_id)
        if chunk_sql.chunks_unrecorded(chunk.job_id, below=barrier):
            # Not the last chunk: the job is read only once every one is recorded, or when this
            # worker would wait for the others' last chunks and the handler may know more work.
            if (
                handler.looks_ahead
                and barrier is None
                and not chunk_sql.chunks_pending(chunk.job_id)
            ):
                _look_ahead(_job_read(chunk.job_id))
            return True
        job = _job_read(chunk.job_id)
        if not job.is_finished:
            _advance(job, barrier)
    return True


def _job_read(job_id: Any) -> SimulationJob:
    return SimulationJob.objects.select_related("game").defer("decks").get(pk=job_id)


def _recorded_merged(job: SimulationJob, below: int | None = None) -> Any:
    """The recorded chunks' statistics (of index below `below`, if given), merged in index
    order by the job's handler."""
    chunks = job.chunks.filter(status=SimulationChunk.Status.DONE)
    if below is not None:
        chunks = chunks.filter(index__lt=below)
    parts = cast(
        "list[dict[str, Any]]", list(chunks.order_by("index").values_list("result", flat=True))
    )
    return handler_for(job).merge(job, parts)


def _look_ahead(job: SimulationJob) -> None:
    """Queue the chunks the handler can start before the job's step ends (JobHandler.ahead)."""
    if job.is_finished:
        return
    ahead = handler_for(job).ahead(job, _recorded_merged(job))
    if ahead:
        queue.chunks_queue(job, ahead, resent_if_refused=True)


def _advance(job: SimulationJob, barrier: int | None) -> None:
    """Every chunk written (before the barrier, if any: JobHandler.barrier) is recorded: merge
    their statistics, in index order, and queue the chunks the handler says follow, or finish
    the job with its result once nothing is left to play."""
    handler = handler_for(job)
    merged = _recorded_merged(job, barrier)
    following = handler.follow(job, merged)
    if following:
        # Sent by the worker that recorded the last chunk: with the broker away for a moment
        # the chunks wait, written, for the sweep, and the job goes on once it is back.
        queue.chunks_queue(job, following, resent_if_refused=True)
        return
    if barrier is not None:
        # The chunks written ahead are all this step plays: once they are recorded too (they
        # may be already), the job goes on.
        if not chunk_sql.chunks_unrecorded(job.pk):
            _advance(job, None)
        return
    SimulationJob.objects.filter(pk=job.pk, status__in=SimulationJob.UNFINISHED).update(
        status=SimulationJob.Status.DONE,
        result=handler.result(job, merged),
        finished=timezone.now(),
    )


def simulation_fail(*, chunk_id: int, error: str) -> None:
    """Mark a chunk's job failed (a chunk that cannot be played would fail every time)."""
    SimulationJob.objects.filter(chunks__pk=chunk_id, status__in=SimulationJob.UNFINISHED).update(
        status=SimulationJob.Status.FAILED, error=error[:2000], finished=timezone.now()
    )


def chunks_requeue_stale() -> int:
    """Queue again the chunks whose claim went stale (their worker died mid-chunk); how many.

    Each goes back to `pending` with a conditional UPDATE first, so of all the workers sweeping
    at once exactly one queues it; any worker then claims it at once.
    """
    stale_before = timezone.now() - claim_timeout()
    stale = Q(status=SimulationChunk.Status.RUNNING, claimed_at__lt=stale_before)
    candidates = (
        SimulationChunk.objects.filter(stale, job__status__in=SimulationJob.UNFINISHED)
        .select_related("job")
        .defer(*JOB_DEFERRED)
    )
    freed = [
        chunk
        for chunk in candidates
        if SimulationChunk.objects.filter(stale, pk=chunk.pk).update(
            status=SimulationChunk.Status.PENDING,
            claimed_at=None,
            worker="",
            queued_at=timezone.now(),
        )
    ]
    try:
        with transaction.atomic():
            queue.send_chunks(freed)
    except (KombuError, OSError):
        # Not (all) queued: stale again, so the next sweep tries them again.
        SimulationChunk.objects.filter(
            pk__in=[chunk.pk for chunk in freed], status=SimulationChunk.Status.PENDING
        ).update(status=SimulationChunk.Status.RUNNING, claimed_at=stale_before)
        raise
    return len(freed)


def chunks_requeue_lost() -> int:
    """Send again the pending chunks whose task the broker lost; how many.

    A pending chunk is held by no worker; its task waits in the queue, unless the broker lost
    it (Redis restarted without persistence, or a killed worker's reserved tasks on the
    embedded broker). Chunks sent more than a claim lease ago are suspects; when the queue
    holds fewer tasks than there are suspects, some are lost and which ones cannot be told, so
    every suspect is sent again: a duplicate is harmless (claims are conditional) and costs a
    worker a moment. Each is stamped first with a conditional UPDATE, so of all the workers
    sweeping at once exactly one sends it, and it is not suspect again for another lease.
    """
    now = timezone.now()
    waited = Q(queued_at__lt=now - claim_timeout()) | Q(queued_at__isnull=True)
    pending = Q(status=SimulationChunk.Status.PENDING) & waited
    suspects = SimulationChunk.objects.filter(pending, job__status__in=SimulationJob.UNFINISHED)
    if not _tasks_missing(suspects):
        return 0
    # A task a worker has just taken from the queue is neither in it nor claimed yet: it looks
    # lost for the milliseconds until its chunk is claimed. Caught at such a moment, a sweep sent
    # every pending chunk of a 120-chunk job again, in 4 of 6 runs of `bench.jobs --workers`
    # (issue 44); so a second look, once such a task has claimed its chunk, must agree.
    sleep(IN_FLIGHT_SECONDS)
    if not _tasks_missing(suspects):
        return 0
    resent = [
        chunk
        for chunk in suspects.select_related("job")
        .defer(*JOB_DEFERRED)
        .order_by("job__created", "index")
        if SimulationChunk.objects.filter(pending, pk=chunk.pk).update(queued_at=now)
    ]
    try:
        with transaction.atomic():
            queue.send_chunks(resent)
    except (KombuError, OSError):
        # Not (all) sent: suspects again at the next sweep.
        SimulationChunk.objects.filter(pk__in=[chunk.pk for chunk in resent]).update(queued_at=None)
        raise
    return len(resent)


def _tasks_missing(suspects: QuerySet[SimulationChunk]) -> bool:
    """Whether the queue holds fewer tasks than there are suspect chunks."""
    count = suspects.count()
    return bool(count) and queue.queued_tasks() < count
