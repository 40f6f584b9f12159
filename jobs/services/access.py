"""What may be done with a job once it is queued, and by whom: cancel it (its owner, or whoever
holds an anonymous job's cancel key), share it by link (its owner). Who may read a job is
jobs.selectors.simulation_get."""

from __future__ import annotations

import hashlib
import hmac
import secrets

from django.utils import timezone

from jobs.models import SimulationJob


def cancel_key_new() -> tuple[str, str]:
    """A new cancel key for an anonymous job, and the hash the job keeps (the key itself is
    given once, to whoever submitted the job)."""
    key = secrets.token_urlsafe(24)
    return key, _digest(key)


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def simulation_may_cancel(*, job: SimulationJob, cancel_key: str | None) -> bool:
    """Whether this request may cancel a job it can see: a user's job is its owner's (whom
    simulation_get already checked), an anonymous job is whoever holds its cancel key, not
    everyone its shared link reached."""
    if job.owner_id is not None:
        return True
    if not (job.cancel_key_hash and cancel_key):
        return False
    return hmac.compare_digest(job.cancel_key_hash, _digest(cancel_key))


def simulation_share(*, job: SimulationJob, sharing: bool) -> SimulationJob:
    """Share the owner's job by an unguessable link (a new one each time it is shared again),
    or stop sharing it: the old link then finds nothing. Anonymous jobs are read by their id
    already and have no such link."""
    if job.owner_id is None:
        raise ValueError("an anonymous job is shared by its own address")
    job.share_token = secrets.token_urlsafe(16) if sharing else None
    job.save(update_fields=["share_token"])
    return job


def simulation_cancel(*, job: SimulationJob) -> bool:
    """Cancel an unfinished job: chunks not yet claimed are skipped. False if already finished."""
    cancelled = SimulationJob.objects.filter(pk=job.pk, status__in=SimulationJob.UNFINISHED).update(
        status=SimulationJob.Status.CANCELLED, finished=timezone.now()
    )
    job.refresh_from_db()
    return bool(cancelled)
