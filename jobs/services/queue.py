"""The broker's side of jobs: writing a job's chunks and sending one task each, and counting the
tasks that wait.

A chunk's task is sent only once the transaction that wrote the chunk commits, with its job's
priority (jobs.services.admission). The task is sent by its pinned name, so a task queued by
any version of the code is run by any other.
"""

from __future__ import annotations

import functools
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


def chunks_queue(job: SimulationJob, plans: Iterable[ChunkPlan]) -> list[SimulationChunk]:
    """Write the planned chunks after those the job has (a plan's index counts from 0), and
    send their tasks as the transaction commits."""
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
    send_chunks(chunks)
    return chunks


def send_chunks(chunks: Sequence[SimulationChunk]) -> None:
    """Queue one task per chunk once the transaction that wrote them commits."""
    # The task by its pinned name, from the app's registry: jobs.tasks imports the services.
    run_simulation_chunk = current_app.tasks[CHUNK_TASK]
    queue = settings.DECKWARDEN_SIMULATION_QUEUE
    for chunk in chunks:
        send = functools.partial(
            run_simulation_chunk.apply_async,
            (chunk.pk,),
            queue=queue,
            priority=chunk.job.priority,
        )
        transaction.on_commit(send)


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
