"""Reads of the jobs app for a viewer: a job, or a game against the bots, as the person asking
may see it."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Q, QuerySet

from .models import Play, SimulationJob


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
    if doctor:
        # Its frozen decks, every swap's (about 1 MB for 154 swaps), are the workers' alone: the
        # page that polls the job every second and the API never show them.
        jobs = jobs.defer("decks")
    if share_token is not None:
        return jobs.get(share_token=share_token)
    visible = Q(owner__isnull=True)
    if user.is_authenticated:
        visible |= Q(owner=user)
    return jobs.get(visible, pk=job_id)


def plays_of(*, user: User | AnonymousUser, session_key: str | None) -> QuerySet[Play]:
    """The games this person plays against the bots, the latest answered first: a user's own,
    or an anonymous visitor's, by their session."""
    if user.is_authenticated:
        return Play.objects.select_related("game").filter(owner=user)
    if not session_key:
        return Play.objects.none()
    return Play.objects.select_related("game").filter(owner=None, session_key=session_key)


def play_get(*, user: User | AnonymousUser, session_key: str | None, play_id: Any) -> Play:
    """One of this person's games (plays_of); Play.DoesNotExist otherwise, so another person's
    game is never revealed."""
    return plays_of(user=user, session_key=session_key).get(pk=play_id)


def play_shared(*, share_token: str) -> Play:
    """A finished game, by its share link: anyone holding it may read it. Play.DoesNotExist
    for a game still going (its owner's alone) or no such link."""
    return Play.objects.select_related("game").get(
        share_token=share_token, status=Play.Status.FINISHED
    )
