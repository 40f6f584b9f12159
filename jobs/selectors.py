"""Reads of the jobs app for a viewer: a job as the user asking may see it."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Q

from .models import SimulationJob


def simulation_get(
    *,
    user: User | AnonymousUser,
    job_id: Any = None,
    share_token: str | None = None,
    doctor: bool = False,
) -> SimulationJob:
    """The job if this user may see it: by its id, their own or an anonymous job (whose id is
    the key); by `share_token`, a job its owner shares by link (anyone holding the link). A deck
    doctor job when `doctor`, else a test-game job (each is read only where it is drawn).

    Raises SimulationJob.DoesNotExist otherwise, so another user's job is never revealed.
    """
    is_doctor = Q(kind=SimulationJob.Kind.DOCTOR)
    jobs = SimulationJob.objects.select_related("game").filter(is_doctor if doctor else ~is_doctor)
    if share_token is not None:
        return jobs.get(share_token=share_token)
    visible = Q(owner__isnull=True)
    if user.is_authenticated:
        visible |= Q(owner=user)
    return jobs.get(visible, pk=job_id)
