"""Submitting a job, whatever its kind: the path every kind's create function ends on
(jobs.services.test_games, jobs.services.doctor).

Admission, the job's row, its first chunks and their tasks are one transaction: a job is kept
only if it is admitted and all its tasks can be sent, so nothing half-queued is ever left.
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction
from kombu.exceptions import KombuError

from jobs.kinds import handler_for
from jobs.models import SimulationJob
from rulebook.core import frozen
from rulebook.core.cards import Deck

from .access import cancel_key_new
from .admission import BrokerUnavailable, admitted
from .queue import chunks_queue

logger = logging.getLogger(__name__)


def deck_freeze(deck: Deck, name: str | None = None) -> dict[str, Any]:
    """A resolved deck as JSON, cards and all (rulebook.core.frozen): the job plays exactly this
    whatever changes later. `name` is what the person who chose the deck called it, kept so a
    result can say which deck was which."""
    return {**({"name": name} if name else {}), **frozen.deck_freeze(deck)}


def job_submit(job: SimulationJob) -> SimulationJob:
    """Admit and save a job built (unsaved) by its kind's create function, write the chunks its
    handler plans and send their tasks as the transaction commits.

    QueueFull when the client already has as many games queued as it may, BrokerUnavailable
    when the tasks cannot be sent: then nothing is kept. An anonymous job comes back with
    `cancel_key`, the one secret that cancels it (only its hash is kept).
    """
    cancel_key = None
    if job.owner_id is None:
        cancel_key, job.cancel_key_hash = cancel_key_new()
    try:
        with transaction.atomic():  # the tasks are sent as it commits (queue.send_chunks)
            job.priority = admitted(job)
            job.save()
            chunks_queue(job, handler_for(job).plan(job))
    except (KombuError, OSError) as exc:
        # Committed but not (all) queued: a job no worker would ever play unless it was
        # resubmitted, so it goes, and the client is told to retry. Tasks already sent find no
        # chunk and do nothing.
        logger.warning(
            "A %s job %s not queued, the broker is unavailable: %s", job.kind, job.pk, exc
        )
        SimulationJob.objects.filter(pk=job.pk).delete()
        raise BrokerUnavailable(str(exc)) from exc
    job.cancel_key = cancel_key
    return job
