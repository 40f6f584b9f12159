"""Test-game jobs and their chunks: the database side of `rulebook.simulation`.

A job's kind (jobs.kinds) plans its chunks; each chunk is one Celery task. Chunks are claimed
and recorded with conditional UPDATEs (jobs.services.chunks), so a chunk run twice, or by a
second worker after the first died, counts once. docs/architecture/jobs.md tells the whole path.

The tables keep the names they had when these models lived in the rules app (`db_table`): the
move (jobs/migrations/0001_initial, rules/migrations/0009_jobs_moved) changed Django's state
only, so no row moved and workers of either version read the same tables during a deploy.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q

from rulebook.simulation import JobKind


class SimulationJob(models.Model):
    """N test games between decks frozen at submission: a match, a table, a card test or a deck
    doctor's rounds."""

    # An anonymous job's cancel key, given to its submitter once by the service that created
    # it (None for a user's job); never stored: cancel_key_hash is.
    cancel_key: str | None

    class Kind(models.TextChoices):
        MATCH = JobKind.MATCH.value, "match"
        TABLE = JobKind.TABLE.value, "table"
        CARD_TEST = JobKind.CARD_TEST.value, "card test"
        DOCTOR = JobKind.DOCTOR.value, "deck doctor"

    class Status(models.TextChoices):
        QUEUED = "queued"
        RUNNING = "running"
        DONE = "done"
        FAILED = "failed"
        CANCELLED = "cancelled"

    UNFINISHED = (Status.QUEUED, Status.RUNNING)

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="simulation_jobs",
        help_text="Empty for an anonymous job, which anyone holding its id may read.",
    )
    game = models.ForeignKey("cards.Game", on_delete=models.PROTECT, related_name="+")
    kind = models.CharField(
        max_length=10,
        choices=Kind.choices,
        help_text="What the job is, said when it was made: a match (two decks), a table (2 to 5 "
        "decks at one table) or a card test (the deck with the card, without it, the "
        "reference). It decides how its chunks are played and what its result holds.",
    )
    decks = models.JSONField(
        help_text="The decks as resolved at submission, cards included, so later edits to a "
        "stored deck or a card do not change a job."
    )
    options = models.JSONField(
        default=dict,
        blank=True,
        help_text="The engine's options the job chose, e.g. the Millennium Blades Store.",
    )
    doctor = models.JSONField(
        null=True,
        blank=True,
        help_text="A deck doctor job only: its swaps, field and rounds so far (decks holds the "
        "deck, its opponents, then each swapped deck).",
    )
    games = models.PositiveIntegerField()
    seed = models.BigIntegerField()
    chunk_size = models.PositiveIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    done = models.PositiveIntegerField(default=0, help_text="Games played and recorded.")
    result = models.JSONField(null=True, blank=True)
    error = models.TextField(blank=True, default="")
    created = models.DateTimeField(auto_now_add=True)
    started = models.DateTimeField(null=True, blank=True)
    finished = models.DateTimeField(null=True, blank=True)
    client = models.CharField(
        max_length=80,
        blank=True,
        default="",
        help_text="Who queued it, for the limits on queued games: user:<id>, or for an "
        "anonymous job addr:<a keyed hash of the client's address> (the address is not kept).",
    )
    priority = models.PositiveSmallIntegerField(
        default=0,
        help_text="Its chunks' queue priority, 0 first: lower for anonymous jobs and for a "
        "client with many games queued, so a flood does not starve others.",
    )
    cancel_key_hash = models.CharField(
        max_length=64,
        blank=True,
        default="",
        help_text="sha256 of the key that cancels an anonymous job (given once, to whoever "
        "submitted it).",
    )

    share_token = models.CharField(
        max_length=32,
        null=True,
        blank=True,
        unique=True,
        default=None,
        help_text="Set while its owner shares the result by link: an unguessable name under "
        "which anyone may read it (jobs.selectors.simulation_get); empty when not shared.",
    )

    class Meta:
        db_table = "rules_simulationjob"
        ordering = ["-created"]
        indexes = [models.Index(fields=["client", "status"], name="simulation_job_client")]
        constraints = [
            models.CheckConstraint(
                condition=Q(done__lte=models.F("games")), name="simulation_done_within_games"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.games} {self.game_id} games ({self.status})"

    @property
    def is_finished(self) -> bool:
        return self.status not in self.UNFINISHED


class SimulationChunk(models.Model):
    """A run of consecutive games of a job: the unit one Celery task plays."""

    class Status(models.TextChoices):
        PENDING = "pending"
        RUNNING = "running"
        DONE = "done"

    job = models.ForeignKey(SimulationJob, on_delete=models.CASCADE, related_name="chunks")
    index = models.PositiveIntegerField()
    first_game = models.PositiveIntegerField()
    count = models.PositiveIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    result = models.JSONField(
        null=True,
        blank=True,
        help_text="The chunk's mergeable statistics, of its job's kind (jobs.kinds).",
    )
    attempts = models.PositiveIntegerField(default=0, help_text="Times the chunk was claimed.")
    claimed_at = models.DateTimeField(null=True, blank=True)
    worker = models.CharField(max_length=200, blank=True, default="")
    queued_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When its task was last sent: a pending chunk sent long ago whose task is no "
        "longer in the queue was lost by the broker, and is sent again.",
    )

    class Meta:
        db_table = "rules_simulationchunk"
        ordering = ["job", "index"]
        constraints = [
            models.UniqueConstraint(fields=["job", "index"], name="simulation_chunk_unique_index"),
        ]
        indexes = [models.Index(fields=["job", "status"], name="simulation_chunk_job_status")]

    def __str__(self) -> str:
        return f"chunk {self.index} of {self.job_id} ({self.status})"


class Play(models.Model):
    """A game a person plays against the bots (rulebook.simulation.person): the decks frozen
    when it began, its seed and the person's picks, from which every request replays it."""

    class Status(models.TextChoices):
        OPEN = "open"
        FINISHED = "finished"
        EXPIRED = "expired"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="plays",
        help_text="Empty for an anonymous visitor's game, which their session holds.",
    )
    session_key = models.CharField(
        max_length=40,
        blank=True,
        default="",
        help_text="An anonymous visitor's session (Django's session key): only it reads the game.",
    )
    game = models.ForeignKey("cards.Game", on_delete=models.PROTECT, related_name="+")
    decks = models.JSONField(
        help_text="The seats' decks as resolved when the game began, cards included: the "
        "person's first, then the bots'."
    )
    options = models.JSONField(
        default=dict,
        blank=True,
        help_text="The engine's options, e.g. the Millennium Blades Store.",
    )
    seed = models.BigIntegerField()
    bot = models.CharField(max_length=20, help_text="The bots' player (Engine.bots): its name.")
    picks = models.JSONField(
        default=list,
        blank=True,
        help_text="The person's picks, each an option's place in its step: with the seed, the "
        "whole game (the bots answer the same in every replay).",
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    placements = models.JSONField(
        null=True, blank=True, help_text="Each seat's placement, once the game is over."
    )
    share_token = models.CharField(
        max_length=32,
        unique=True,
        help_text="The unguessable name under which anyone reads the game once it is over.",
    )
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated"]
        indexes = [
            models.Index(fields=["owner", "status"], name="play_owner_status"),
            models.Index(fields=["session_key", "status"], name="play_session_status"),
        ]

    def __str__(self) -> str:
        return f"{self.game_id} against the {self.bot} bot ({self.status})"
