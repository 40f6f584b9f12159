"""A game's community curating its catalogue (issue 36): curators per game, proposed cards and
changes awaiting review, uploads of many proposals at once, and numbered releases."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from cards.models import Game


class Curator(models.Model):
    """A user who reviews a game's proposals and publishes its releases; granted by an admin
    (`manage.py grant_curator`, the admin site) or by another curator of the game."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="curatorships"
    )
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="curators")
    granted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="Empty when granted from the command line.",
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "game"], name="curator_once_per_game"),
        ]

    def __str__(self) -> str:
        return f"{self.user} curates {self.game}"


class Upload(models.Model):
    """A spreadsheet or card file proposed whole: one proposal per card, approved together."""

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="uploads")
    proposer = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="uploads"
    )
    file_name = models.CharField(max_length=200)
    reason = models.TextField(blank=True, default="")
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.file_name


class Proposal(models.Model):
    """A new card or a change to one (an erratum), as a card-file card (cards.cardfile), with
    the sets it names that the catalogue lacks. Private to its proposer and the game's
    curators (curation.selectors.proposals_visible)."""

    class Kind(models.TextChoices):
        NEW = "new"
        CHANGE = "change"

    class Status(models.TextChoices):
        # labels as a sentence begins, as the site writes them (not "Changes Requested")
        OPEN = "open", "Open"
        CHANGES_REQUESTED = "changes_requested", "Changes requested"
        APPROVED = "approved", "Approved"
        REJECTED = "rejected", "Rejected"

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="proposals")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    key = models.SlugField(max_length=200, help_text="The card's key within its game.")
    card = models.JSONField(help_text="The proposed card, as a card file holds it.")
    sets = models.JSONField(default=list, blank=True, help_text="New sets the card names.")
    reason = models.TextField(blank=True, default="")
    effective = models.DateField(
        null=True, blank=True, help_text="The day an erratum takes effect (empty: on approval)."
    )
    proposer = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="proposals"
    )
    upload = models.ForeignKey(
        Upload, null=True, blank=True, on_delete=models.CASCADE, related_name="proposals"
    )
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.OPEN)
    reviewer = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    review_note = models.TextField(blank=True, default="")
    reviewed = models.DateTimeField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    # The picture proposed with the card (cards.services.images' two sizes, as Card holds them);
    # the card shows it once the proposal is approved.
    image_thumb = models.FileField(max_length=100, blank=True, default="", editable=False)
    image_full = models.FileField(max_length=100, blank=True, default="", editable=False)

    class Meta:
        ordering = ["created", "id"]  # the review queue: oldest first
        indexes = [models.Index(fields=["game", "status", "created"], name="proposal_queue")]

    def __str__(self) -> str:
        return f"{self.kind} {self.key} ({self.status})"


class Release(models.Model):
    """A numbered snapshot of a game's catalogue in the card-file format, with the changelog of
    the revisions since the game's previous release; anyone may download it."""

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="releases")
    number = models.PositiveIntegerField()
    card_file = models.JSONField()
    changelog = models.JSONField(default=list)
    published_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "-number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="release_number_per_game"),
        ]

    def __str__(self) -> str:
        return f"{self.game} release {self.number}"
