"""Formats and their banned and restricted lists, each entry dated so any day can be replayed."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q

from rulebook.registry import RULESETS


class Format(models.Model):
    """A way to play a game: which ruleset applies and which lists are in force."""

    game = models.ForeignKey("cards.Game", on_delete=models.PROTECT, related_name="formats")
    slug = models.SlugField(max_length=60)
    name = models.CharField(max_length=120)
    ruleset = models.CharField(
        max_length=60,
        help_text="Registry key of the ruleset; the game's slug for its standard rules.",
    )
    rules_version = models.CharField(max_length=60, blank=True, default="")
    starts = models.DateField(null=True, blank=True)
    ends = models.DateField(null=True, blank=True)
    is_default = models.BooleanField(default=False, help_text="The game's standard format.")
    options = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["game__slug", "slug"]
        constraints = [
            models.UniqueConstraint(fields=["game", "slug"], name="format_unique_slug_per_game"),
            models.UniqueConstraint(
                fields=["game"], condition=Q(is_default=True), name="format_one_default_per_game"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game.slug}/{self.slug}"

    def clean(self) -> None:
        """The ruleset must be a registered one. Checked here, not by the column's choices: the
        registry (rulebook.registry) is code, and a game registered or gone must not make a
        migration."""
        if self.ruleset and self.ruleset not in RULESETS:
            known = ", ".join(sorted(RULESETS))
            raise ValidationError({"ruleset": f"must be a registered ruleset ({known})"})


class FormatListEntry(models.Model):
    """A card's status in a format from a date on; the latest entry on or before a day rules."""

    class Status(models.TextChoices):
        BANNED = "banned"
        RESTRICTED = "restricted"
        LEGAL = "legal"  # lifts an earlier ban or restriction

    format = models.ForeignKey(Format, on_delete=models.CASCADE, related_name="list_entries")
    card = models.ForeignKey("cards.Card", on_delete=models.CASCADE, related_name="format_entries")
    status = models.CharField(max_length=12, choices=Status.choices)
    limit = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Copies allowed while restricted."
    )
    effective = models.DateField()
    note = models.CharField(max_length=300, blank=True, default="")

    class Meta:
        ordering = ["format", "effective", "card__name"]
        verbose_name_plural = "format list entries"
        constraints = [
            models.UniqueConstraint(
                fields=["format", "card", "effective"], name="format_entry_unique_per_day"
            ),
            models.CheckConstraint(
                condition=Q(status="restricted", limit__isnull=False)
                | (~Q(status="restricted") & Q(limit__isnull=True)),
                name="format_entry_limit_only_when_restricted",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.card} {self.status} from {self.effective}"
