"""The broker's side of jobs: writing a job's chunks and sending one task each, and counting the
tasks that wait.

A chunk's task is sent only once the transaction that wrote the chunk commits, with its job's
priority (jobs.services.admission). The task is sent by its pinned name, so a task queued by
any version of the code is run by any other.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Iterable, Sequence

from celery import current_app  # the project's Celery app (deckwarden.celery)
from django.conf import settings
from django.db import transaction
from django.utils import timezone

from jobs.models import SimulationChunk, SimulationJob
from rulebook.simulation import ChunkPlan

# The chunk task's name, pinned: chunks already queued name it, so moving a module moves no task
# (it was named when jobs lived in the rules app).
CHUNK_TASK = "rules.tasks.run_simulation_chunk"

logger = logging.getLogger(__name__)


def chunks_queue(
    job: SimulationJob, plans: Iterable[ChunkPlan], *, resent_if_refused: bool = False
) -> list[SimulationChunk]:
    """Write the planned chunks after those the job has (a plan's index counts from 0), and
    send their tasks as the transaction commits (`resent_if_refused`: see send_chunks)."""
    start = SimulationChunk.objects.filter(job=job).count()
    now = timezone.now()
    chunks = SimulationChunk.objects.bulk_create(
        SimulationChunk(
            job=job,
            index=start + plan.index,
            first_game=plan.first_game,
            count=plan.count,
            queued_at=now,
        )
        for plan in plans
    )
    send_chunks(chunks, resent_if_refused=resent_if_refused)
    return chunks


def send_chunks(chunks: Sequence[SimulationChunk], *, resent_if_refused: bool = False) -> None:
    """Queue one task per chunk once the transaction that wrote them commits.

    A send the broker refuses raises from the commit, for the caller to undo or retry; with
    `resent_if_refused` it is logged instead and the chunks left as written, pending, for the
    workers' sweep to send again once the broker is back (chunks_requeue_lost): a worker that
    queues a job's next round must not fail the job because Redis is restarting. The chunks
    after a refused one are not tried then (each would wait out the same timeouts).
    """
    # The task by its pinned name, from the app's registry: jobs.tasks imports the services.
    run_simulation_chunk = current_app.tasks[CHUNK_TASK]
    queue = settings.DECKWARDEN_SIMULATION_QUEUE
    refused: list[SimulationChunk] = []

    def send(chunk: SimulationChunk) -> None:
        if refused:
            return
        try:
            run_simulation_chunk.apply_async((chunk.pk,), queue=queue, priority=chunk.job.priority)
        # Whatever the broker or its client raised (kombu wraps connection errors, not every
        # Redis timeout): the chunk is written, and the sweep is what sends it again.
        except Exception:
            if not resent_if_refused:
                raise
            refused.append(chunk)
            logger.warning(
                "The broker refused chunk %s of job %s; the sweep sends it again once it is back",
                chunk.pk,
                chunk.job_id,
                exc_info=True,
            )

    for chunk in chunks:
        transaction.on_commit(functools.partial(send, chunk))


def queued_tasks() -> int:
    """How many tasks wait in the chunk queue (not those a worker has taken); 0 when the
    queue does not exist, as after a broker restart."""
    with current_app.connection_for_read() as conn:
        channel = conn.default_channel
        try:
            # kombu's typed channel (StdChannel) does not declare queue_declare, which every
            # transport's channel has.
            declared = channel.queue_declare(  # type: ignore[attr-defined]
                queue=settings.DECKWARDEN_SIMULATION_QUEUE, passive=True
            )
        except conn.channel_errors:
            return 0
        return int(declared.message_count)
