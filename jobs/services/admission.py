"""Whether a job may be queued, and at what priority: the limits on one job (games, chunk size)
and on the games a client may have waiting, checked before anything is kept; and the refusals
the API and the site answer: DecksIllegal (400, every deck's report), and those a client may
retry (SubmitLater and its kinds: 429 or 503 with Retry-After).
"""

from __future__ import annotations

import hashlib
import hmac
import math
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db import connection
from django.db.models import F, Sum

from basics.errors import InvalidRequest
from jobs.models import SimulationJob
from rulebook.core.report import Report

MAX_GAMES = 100_000  # what any deployment's limits may reach (settings set the limits in force)
MAX_CHUNK_SIZE = 10_000
ADMISSION_LOCK = 0x5_1A_0B_5  # PostgreSQL advisory lock: job submissions take turns under it

PRIORITY_STEPS = (0, 3, 6, 9)  # the Redis transport's priority lists; 0 is taken first
# A client's games queued (this job's included) past each of these lowers its job's priority a
# step; an anonymous job starts a step lower.
BACKLOG_STEPS = (5_000, 50_000, 100_000)


class DecksIllegal(Exception):
    """One or more decks break the construction rules; `reports` holds every deck's report."""

    def __init__(self, reports: list[Report]) -> None:
        super().__init__("illegal decks")
        self.reports = reports


class SubmitLater(Exception):
    """The job cannot be taken now and nothing was kept; the same request may succeed after
    `retry_after` seconds. `message` says why, for the person who asked; `code` and `status`
    are how the API and the website answer it."""

    retry_after = 30
    code = "service_unavailable"
    status = 503

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class QueueFull(SubmitLater):
    """The client (or anonymous clients together) already has as many games queued as the
    limits allow; nothing was kept."""

    retry_after = 60
    code = "queue_full"
    status = 429


class BrokerUnavailable(SubmitLater):
    """The job's tasks could not be sent; the job was not kept."""

    def __init__(self, reason: str) -> None:
        super().__init__(
            "The job queue cannot be reached; nothing was kept. Submit the job again in a moment."
        )
        self.reason = reason


@dataclass(frozen=True)
class SimulationLimits:
    """What one job may ask for (settings.DECKWARDEN_SIMULATION_*), stricter when anonymous."""

    max_games: int
    min_chunk_size: int
    max_chunks: int
    anonymous: bool

    @classmethod
    def for_owner(cls, owner: User | None) -> SimulationLimits:
        anonymous = owner is None
        return cls(
            max_games=settings.DECKWARDEN_SIMULATION_MAX_GAMES_ANONYMOUS
            if anonymous
            else settings.DECKWARDEN_SIMULATION_MAX_GAMES,
            min_chunk_size=settings.DECKWARDEN_SIMULATION_MIN_CHUNK_GAMES_ANONYMOUS
            if anonymous
            else settings.DECKWARDEN_SIMULATION_MIN_CHUNK_GAMES,
            max_chunks=settings.DECKWARDEN_SIMULATION_MAX_CHUNKS,
            anonymous=anonymous,
        )

    def checked_games(self, games: int, field: str = "games") -> None:
        """InvalidRequest naming `field` when a job of `games` games is past the limit."""
        if games > self.max_games:
            who = " without logging in" if self.anonymous else ""
            raise InvalidRequest(field, f"must be at most {self.max_games}{who}")

    def checked_chunk_size(self, games: int, asked: int | None) -> int:
        """The chunk size for `games` games within the limits: the one asked for, else the
        default raised as far as the chunk count needs. InvalidRequest naming the field past a
        limit (`games` or `chunk_size`)."""
        self.checked_games(games)
        fewest = max(self.min_chunk_size, math.ceil(games / self.max_chunks))
        if asked is None:
            return max(settings.DECKWARDEN_SIMULATION_CHUNK_GAMES, fewest)
        if asked < fewest and asked < games:
            raise InvalidRequest(
                "chunk_size",
                f"must be at least {fewest} for {games} games (at most {self.max_chunks} chunks, "
                f"at least {self.min_chunk_size} games each)",
            )
        return asked


def client_key(owner: User | None, address: str) -> str:
    """Whose queue a job counts in: the user's, else the address's (keyed hash: the address
    itself is not kept)."""
    if owner is not None:
        return f"user:{owner.pk}"
    keyed = hmac.new(settings.SECRET_KEY.encode(), address.encode(), hashlib.sha256)
    return f"addr:{keyed.hexdigest()[:32]}"


def queued_games(jobs: Any) -> int:
    """Games of these jobs not yet played, of the unfinished ones."""
    unfinished = jobs.filter(status__in=SimulationJob.UNFINISHED)
    return unfinished.aggregate(left=Sum(F("games") - F("done")))["left"] or 0


def admitted(job: SimulationJob) -> int:
    """The job's queue priority, if the limits on queued games let it in; QueueFull if not.

    Runs in the transaction that saves the job; on PostgreSQL submissions take turns here, so
    two at once cannot both squeeze under a limit.
    """
    anonymous = job.owner_id is None
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [ADMISSION_LOCK])
    mine = queued_games(SimulationJob.objects.filter(client=job.client)) + job.games
    limit = (
        settings.DECKWARDEN_SIMULATION_QUEUED_GAMES_PER_ADDRESS
        if anonymous
        else settings.DECKWARDEN_SIMULATION_QUEUED_GAMES_PER_USER
    )
    if mine > limit:
        raise QueueFull(
            f"You have {mine - job.games} games queued; at most {limit} may wait at once. "
            "Submit this job when some have been played, or cancel one."
        )
    if anonymous:
        everyone = queued_games(SimulationJob.objects.filter(owner__isnull=True)) + job.games
        if everyone > settings.DECKWARDEN_SIMULATION_QUEUED_GAMES_ANONYMOUS:
            raise QueueFull(
                "Too many games are queued by visitors who are not logged in; log in, or "
                "submit the job again in a few minutes."
            )
    step = sum(mine > backlog for backlog in BACKLOG_STEPS) + anonymous
    return PRIORITY_STEPS[min(step, len(PRIORITY_STEPS) - 1)]
