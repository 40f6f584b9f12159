"""Tournament events and the decklists players lock into them.

An Event is reached by its unguessable `token` (the link an organiser shares); ids are never
shown outside the admin. A Registration locks one DeckVersion (with its content hash) and the
legality report it had when it was registered. Registering again keeps the old row, marked
`replaced`, so an event's history of entries is never lost; at most one entry per player is
current. Rows are written only through events.services, which guards the deadline in the write.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse


def new_token() -> str:
    """An unguessable link token: 128 random bits, URL-safe."""
    return secrets.token_urlsafe(16)


class Event(models.Model):
    organiser = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="organised_events"
    )
    token = models.CharField(max_length=32, unique=True, default=new_token, editable=False)
    name = models.CharField(max_length=200)
    game = models.ForeignKey("cards.Game", on_delete=models.PROTECT, related_name="events")
    format = models.ForeignKey(
        "rules.Format",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="events",
        help_text="Empty means the game's default format.",
    )
    date = models.DateField(
        help_text="The day the format's banned and restricted lists are read on."
    )
    registration_deadline = models.DateTimeField()
    published = models.BooleanField(
        default=False, help_text="Whether everyone may see the registered decklists."
    )
    created = models.DateTimeField(auto_now_add=True)
    registrations_changed = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When a player last registered; written by the deadline guard (services).",
    )

    class Meta:
        ordering = ["-date", "-id"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("events:detail", kwargs={"token": self.token})


class Registration(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="registrations")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="registrations"
    )
    deck_version = models.ForeignKey(
        "decks.DeckVersion", on_delete=models.PROTECT, related_name="registrations"
    )
    content_hash = models.CharField(
        max_length=64, help_text="The locked version's content hash, copied when registered."
    )
    registered = models.DateTimeField(auto_now_add=True)
    legal = models.BooleanField()
    report = models.JSONField(help_text="The legality report as it was when registered.")
    replaced = models.DateTimeField(
        null=True, blank=True, help_text="Set when the player registered again; history."
    )
    dropped = models.DateTimeField(
        null=True, blank=True, help_text="Set when the organiser dropped the player."
    )

    class Meta:
        ordering = ["event", "registered", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "player"],
                condition=Q(replaced__isnull=True),
                name="registration_one_current_per_player",
            ),
        ]
        indexes = [models.Index(fields=["event", "replaced"], name="registration_event_current")]

    def __str__(self) -> str:
        return f"{self.player} at {self.event}"

    @property
    def is_current(self) -> bool:
        return self.replaced is None
