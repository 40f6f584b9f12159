"""Reads of the rules app for a viewer: a test-game job as the user asking may see it."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.db.models import Q

from .models import SimulationJob


def simulation_get(*, user: AbstractBaseUser | AnonymousUser, job_id: Any) -> SimulationJob:
    """The job if this user may see it: their own, or an anonymous job (whose id is the key).

    Raises SimulationJob.DoesNotExist otherwise, so another user's job is never revealed.
    """
    visible = Q(owner__isnull=True)
    if user.is_authenticated:
        visible |= Q(owner=user)
    return SimulationJob.objects.select_related("game").get(visible, pk=job_id)
