"""Celery tasks of the rules app: each plays one chunk of a test-game job.

The task is thin (claim, play, record — rules.services.simulations) and idempotent: a chunk
claimed or recorded twice counts once. That is what makes late acknowledgement safe, so a
worker killed mid-chunk loses nothing: the broker hands the task to another worker, which takes
the chunk over once the dead worker's claim is older than the chunk time limit.
"""

from __future__ import annotations

import logging
import os

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded
from celery.signals import worker_ready
from django.conf import settings
from django.db import InterfaceError, OperationalError

from rules.services.simulations import (
    ChunkOutcome,
    chunk_run,
    simulation_fail,
    simulations_resume,
)

logger = logging.getLogger(__name__)

CHUNK_SECONDS = settings.DECKWARDEN_SIMULATION_CHUNK_SECONDS
SOFT_SECONDS = CHUNK_SECONDS * 0.9  # leaves time to mark the job failed before the hard limit
DATABASE_RETRIES = 8


@shared_task(
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
        # Waiting for another worker's claim is not a failure: the claim goes stale within the
        # chunk time limit, so this wait is bounded by time, not by a count (the count bounds
        # database errors). A count here could drop the only task of a dead worker's chunk.
        raise self.retry(countdown=run.retry_in)
    return run.outcome.value


@worker_ready.connect
def resume_simulations(**kwargs: object) -> None:
    """A starting worker queues again the chunks of unfinished jobs, in case a killed worker
    held their tasks: the filesystem broker keeps no unacknowledged tasks at all, and Redis gives
    them back only after its visibility timeout and a restore pass that a worker killed at the
    wrong moment can hold up for minutes. Duplicates are harmless (conditional claims)."""
    queued = simulations_resume()
    if queued:
        logger.info("Queued %s unfinished simulation chunks again.", queued)
