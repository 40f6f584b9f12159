"""Celery tasks of the jobs app: each plays one chunk of a job, whatever its kind.

Its name is still `rules.tasks.run_simulation_chunk` (jobs.services.queue.CHUNK_TASK): tasks
already queued name it. The task is thin (claim, play, record: jobs.services.chunks) and
idempotent: a chunk claimed or recorded twice counts once. That is what makes late
acknowledgement safe, so a worker killed mid-chunk loses nothing: its claim, no longer renewed,
goes stale within the claim lease (seconds), and every live worker sweeps stale chunks back to
the queue; the broker's own redelivery of the dead worker's task then finds the chunk taken or
done. The same sweep sends again the pending chunks whose task the broker lost.
"""

from __future__ import annotations

import logging
import os
import threading
import time

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded
from celery.signals import worker_ready
from django.conf import settings
from django.db import InterfaceError, OperationalError, close_old_connections, connection

from jobs.services.chunks import (
    ChunkOutcome,
    chunk_run,
    chunks_requeue_lost,
    chunks_requeue_stale,
    claim_timeout,
    simulation_fail,
)
from jobs.services.queue import CHUNK_TASK

logger = logging.getLogger(__name__)

CHUNK_SECONDS = settings.DECKWARDEN_SIMULATION_CHUNK_SECONDS
SOFT_SECONDS = CHUNK_SECONDS * 0.9  # leaves time to mark the job failed before the hard limit
DATABASE_RETRIES = 8


@shared_task(
    name=CHUNK_TASK,
    bind=True,
    acks_late=True,
    reject_on_worker_lost=True,
    autoretry_for=(OperationalError, InterfaceError),  # the database went away for a moment
    retry_backoff=2,
    retry_backoff_max=60,
    retry_kwargs={"max_retries": DATABASE_RETRIES},
    max_retries=None,  # waiting for a held chunk is bounded by time (see below), not a count
    soft_time_limit=SOFT_SECONDS,
    time_limit=CHUNK_SECONDS,
)
def run_simulation_chunk(self, chunk_id: int) -> str:
    """Play chunk `chunk_id` of its job, unless it is done, taken, or its job is finished."""
    worker = f"{self.request.hostname}:{os.getpid()}"
    try:
        run = chunk_run(chunk_id=chunk_id, worker=worker)
    except (OperationalError, InterfaceError):
        raise  # retried (autoretry_for), not a reason to fail the job
    except SoftTimeLimitExceeded:
        message = f"A chunk of games ran over its time limit ({SOFT_SECONDS:.0f} s)."
        simulation_fail(chunk_id=chunk_id, error=message)
        return "failed"
    except Exception as exc:  # the same games would fail again: fail the job, say why
        logger.exception("Simulation chunk %s failed", chunk_id)
        simulation_fail(chunk_id=chunk_id, error=f"{type(exc).__name__}: {exc}")
        return "failed"
    if run.outcome is ChunkOutcome.BUSY:
        # Waiting for another worker's claim is not a failure: the claim is renewed while its
        # worker lives and goes stale within the lease once it dies, so this wait is bounded by
        # time, not by a count (the count bounds database errors). A count here could drop the
        # only task of a dead worker's chunk.
        raise self.retry(countdown=run.retry_in)
    return run.outcome.value


@worker_ready.connect
def sweep(**kwargs: object) -> None:
    """Every worker sweeps at start and then twice a lease: chunks whose worker died mid-chunk
    (their claim no longer renewed) and pending chunks whose task the broker lost (a Redis
    restart, a killed worker's tasks on the embedded broker) are queued again, so a job
    goes on within seconds of either, whatever the broker does with unacknowledged tasks."""
    threading.Thread(target=_sweep_forever, name="simulation-sweeper", daemon=True).start()


def _sweep_forever() -> None:
    interval = claim_timeout().total_seconds() / 2
    while True:
        close_old_connections()  # as around each task: a connection the server closed is replaced
        try:
            stale, lost = chunks_requeue_stale(), chunks_requeue_lost()
        except Exception:
            # Whatever went wrong (the database or the broker away, a Redis client error kombu
            # does not wrap), the sweeper must outlive it: it is what recovers from such faults.
            logger.warning("Sweeping simulation chunks failed; trying again", exc_info=True)
            connection.close()
        else:
            if stale:
                logger.info("Queued again %s chunks whose worker stopped renewing a claim.", stale)
            if lost:
                logger.info("Sent again %s pending chunks the broker no longer held.", lost)
        time.sleep(interval)
