"""The statements a worker runs for every chunk of games, written out in SQL.

Through the ORM a chunk's claim and record were five queries whose building took a worker some
4 ms of CPU beside 70 ms of Neopets games (issue 44: a job must play 85% of its engine's games per
CPU-second). These are the same conditional UPDATEs (jobs.services.chunks says why each is safe),
with values prepared by the models' own fields, so they read and write exactly what the ORM
would: on PostgreSQL and on SQLite (3.35 or later, for RETURNING).
"""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime
from typing import Any

from django.db import connection

from jobs.models import SimulationChunk, SimulationJob

CHUNKS = SimulationChunk._meta.db_table
JOBS = SimulationJob._meta.db_table
Status = SimulationChunk.Status


UNFINISHED = SimulationJob.UNFINISHED


def _placeholders(values: Collection[object]) -> str:
    return ", ".join(["%s"] * len(values))


def _columns(*names: str) -> str:
    return ", ".join(connection.ops.quote_name(name) for name in names)


CLAIM = (
    f"UPDATE {CHUNKS} SET status = %s, claimed_at = %s, worker = %s, attempts = attempts + 1"
    " WHERE id = %s AND (status = %s OR (status = %s AND claimed_at < %s))"
    f" AND job_id IN (SELECT id FROM {JOBS} WHERE status IN ({_placeholders(UNFINISHED)}))"
    # What a worker reads of a chunk it claimed (claimed_at and worker it wrote itself).
    f" RETURNING {_columns('id', 'job_id', 'index', 'first_game', 'count', 'status', 'attempts')}"
)
# A job's decks are read once per worker process and job (jobs.kinds), not with every chunk: a
# deck doctor's hold every swap's deck, about 1 MB.
JOB = "SELECT {} FROM {} WHERE id = %s".format(
    _columns(*(f.column for f in SimulationJob._meta.concrete_fields if f.name != "decks")), JOBS
)
RECORD = f"UPDATE {CHUNKS} SET status = %s, result = %s WHERE id = %s AND status = %s"
PROGRESS = f"UPDATE {JOBS} SET done = done + %s WHERE id = %s"
UNRECORDED = f"SELECT 1 FROM {CHUNKS} WHERE job_id = %s AND status <> %s"
PENDING = f"SELECT 1 FROM {CHUNKS} WHERE job_id = %s AND status = %s LIMIT 1"
BELOW = ' AND "index" < %s'
ONE = " LIMIT 1"


def chunk_claimed(
    chunk_id: int, *, worker: str, now: datetime, stale_before: datetime
) -> SimulationChunk | None:
    """Mark the chunk running for `worker` if it is pending, or running with a claim made
    before `stale_before`, and its job is unfinished: the chunk (its job not read), or None."""
    claimed_at = SimulationChunk._meta.get_field("claimed_at")
    parameters = [
        Status.RUNNING.value,
        claimed_at.get_db_prep_value(now, connection),
        worker,
        chunk_id,
        Status.PENDING.value,
        Status.RUNNING.value,
        claimed_at.get_db_prep_value(stale_before, connection),
        *(status.value for status in UNFINISHED),
    ]
    # Read to the end (a list): SQLite ends a statement, and its write, once its rows are read.
    claimed = list(SimulationChunk.objects.raw(CLAIM, parameters))
    for chunk in claimed:
        chunk.claimed_at, chunk.worker = now, worker
    return claimed[0] if claimed else None


def job_read(job_id: Any) -> SimulationJob:
    """The job, all but its decks (deferred)."""
    (job,) = SimulationJob.objects.raw(JOB, [_job_id(job_id)])
    return job


def chunk_recorded(chunk: SimulationChunk, result: Any, games: int) -> bool:
    """Store a running chunk's result, mark it done and add `games` to its job's progress, in
    the caller's transaction; False (nothing written) if the chunk was not running. Locks the
    job's row until the transaction ends."""
    stored = SimulationChunk._meta.get_field("result").get_db_prep_save(result, connection)
    with connection.cursor() as cursor:
        cursor.execute(RECORD, [Status.DONE.value, stored, chunk.pk, Status.RUNNING.value])
        if cursor.rowcount != 1:
            return False
        cursor.execute(PROGRESS, [games, _job_id(chunk.job_id)])
    return True


def chunks_unrecorded(job_id: Any, *, below: int | None = None) -> bool:
    """Whether any chunk of the job (of index below `below`, if given) is not done."""
    parameters = [_job_id(job_id), Status.DONE.value]
    statement = UNRECORDED
    if below is not None:
        statement += BELOW
        parameters.append(below)
    with connection.cursor() as cursor:
        cursor.execute(statement + ONE, parameters)
        return cursor.fetchone() is not None


def chunks_pending(job_id: Any) -> bool:
    """Whether any chunk of the job waits for a worker to claim it."""
    with connection.cursor() as cursor:
        cursor.execute(PENDING, [_job_id(job_id), Status.PENDING.value])
        return cursor.fetchone() is not None


def _job_id(job_id: Any) -> Any:
    """A job's id as the ORM sends it (text on SQLite, a UUID on PostgreSQL)."""
    return SimulationJob._meta.get_field("id").get_db_prep_value(job_id, connection)
