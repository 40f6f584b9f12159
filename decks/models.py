"""Stored decks, their entries by section and immutable version snapshots.

Decks are written only through decks.services, which keeps `revision` (the basis of the ETag)
and the version history in step with every saved change.
"""

from __future__ import annotations

import secrets
import uuid
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.crypto import salted_hmac

from rulebook.core.decklist import MAX_QUANTITY


def new_link_token() -> str:
    """An unguessable name for a deck's link: 128 random bits, never all digits (a deck's
    address holds either its id or this token)."""
    while True:
        token = secrets.token_urlsafe(16)
        if not token.isdigit():
            return token


ETAG_SALT = "decks.Deck.etag"


class Deck(models.Model):
    class Visibility(models.TextChoices):
        PRIVATE = "private"  # the owner alone sees it
        UNLISTED = "unlisted"  # anyone with its link (token) reads it; it is not listed
        PUBLIC = "public"  # listed for everyone

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="decks"
    )
    game = models.ForeignKey("cards.Game", on_delete=models.PROTECT, related_name="decks")
    format = models.ForeignKey(
        "rules.Format",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="decks",
        help_text="Empty means the game's default format.",
    )
    name = models.CharField(max_length=200)
    description = models.TextField(blank=True, default="")
    visibility = models.CharField(
        max_length=10, choices=Visibility.choices, default=Visibility.PRIVATE
    )
    link_token = models.CharField(
        max_length=32,
        unique=True,
        default=new_link_token,
        editable=False,
        help_text="The deck's shareable address: ids can be counted, this cannot be guessed.",
    )
    revision = models.PositiveIntegerField(
        default=1, help_text="Bumped by every saved change; the ETag is built from it."
    )
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated", "-id"]
        indexes = [
            models.Index(fields=["owner", "game"], name="deck_owner_game"),
            models.Index(fields=["visibility", "game"], name="deck_visibility_game"),
        ]
        constraints = [
            models.CheckConstraint(condition=Q(revision__gte=1), name="deck_revision_positive"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def address(self) -> int | str:
        """How pages link to this deck: a public deck by its id, any other by its unguessable
        link token, since a deck that is not public cannot be read by id (decks.links)."""
        return self.pk if self.visibility == self.Visibility.PUBLIC else self.link_token

    @property
    def etag(self) -> str:
        """The strong entity tag of this revision, quoted as HTTP wants it: the revision (which
        the deck's body shows anyway) and a keyed digest of the deck and revision, so the tag
        tells nothing its reader may not know: not the numeric id an unlisted deck's link
        hides, nor how many decks there are."""
        digest = salted_hmac(ETAG_SALT, f"{self.pk}:{self.revision}", algorithm="sha256")
        return f'"{self.revision}-{digest.hexdigest()[:20]}"'


class DeckEntry(models.Model):
    """Copies of one card (optionally one printing of it) in one section of a deck."""

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="entries")
    section = models.SlugField(max_length=40)
    card = models.ForeignKey("cards.Card", on_delete=models.PROTECT, related_name="deck_entries")
    printing = models.ForeignKey(
        "cards.Printing",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="deck_entries",
    )
    quantity = models.PositiveSmallIntegerField(
        validators=[MinValueValidator(1), MaxValueValidator(MAX_QUANTITY)]
    )
    position = models.PositiveIntegerField(help_text="Order in the deck, as the owner gave it.")

    class Meta:
        ordering = ["deck", "position"]
        verbose_name_plural = "deck entries"
        constraints = [
            models.CheckConstraint(
                condition=Q(quantity__gte=1, quantity__lte=MAX_QUANTITY),
                name="deck_entry_quantity_range",
            ),
            # Two partial indexes, because NULLs are distinct in a plain unique index.
            models.UniqueConstraint(
                fields=["deck", "section", "card", "printing"],
                condition=Q(printing__isnull=False),
                name="deck_entry_unique_printing",
            ),
            models.UniqueConstraint(
                fields=["deck", "section", "card"],
                condition=Q(printing__isnull=True),
                name="deck_entry_unique_card",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.quantity} {self.card} ({self.section})"


class DeckVersionImmutable(Exception):
    """Raised on an attempt to change a saved DeckVersion."""


class DeckVersion(models.Model):
    """A snapshot of a deck's contents: what a tournament registration points to. Never changes."""

    # What a reader may see of it, given by decks.selectors (deck_versions_seen_by,
    # deck_version_seen_by; a serializer showing a version not passed there fails rather than
    # tells); never stored.
    hash_seen: str | None
    snapshot_seen: dict[str, Any]

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    created = models.DateTimeField(auto_now_add=True)
    content_hash = models.CharField(
        max_length=64, help_text="sha256 of the canonical JSON of name, format and entries."
    )
    snapshot = models.JSONField()

    class Meta:
        ordering = ["deck", "number"]
        constraints = [
            models.UniqueConstraint(fields=["deck", "number"], name="deck_version_unique_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="deck_version_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.deck} v{self.number}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise DeckVersionImmutable(f"{self} is immutable; write a new version instead.")
        super().save(*args, **kwargs)


class DeckDraft(models.Model):
    """The deck editor's unsaved changes of one user to one deck, kept as they edit so that
    closing the tab loses nothing (web.deck_draft). `form` is the editor form as it would be
    posted; `revision` the deck's revision the changes started from, so that saving the
    restored draft is still checked against it. `draft_revision` is the draft's own: a change
    to the draft is checked against the one its page started from, so two tabs' unsaved
    changes never erase each other (web.views.decks.editor merges them)."""

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="drafts")
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="deck_drafts"
    )
    form = models.JSONField()
    revision = models.PositiveIntegerField()
    draft_revision = models.PositiveBigIntegerField(
        default=0,
        help_text="Bumped by every change to the draft; a new draft starts at a random number, "
        "so a page of a draft since saved or discarded is never taken for the new draft's.",
    )
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["deck", "owner"], name="deck_draft_one_per_user"),
        ]

    def __str__(self) -> str:
        return f"{self.owner}'s draft of {self.deck}"


class DeckLike(models.Model):
    """A user's like of a deck they can read: counted on public decks, which can be sorted by it."""

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="likes")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="deck_likes"
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["deck", "user"], name="deck_like_once_per_user"),
        ]

    def __str__(self) -> str:
        return f"{self.user} likes {self.deck}"


class DeckTag(models.Model):
    """A word its owner files a deck under ("aggro", "budget"); public decks are found by it."""

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="tags")
    name = models.CharField(max_length=30)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["deck", "name"], name="deck_tag_once_per_deck"),
        ]
        indexes = [models.Index(fields=["name"], name="deck_tag_name")]

    def __str__(self) -> str:
        return self.name


class DeckVerdict(models.Model):
    """A deck's stored legality verdict in its format (the game's default when it names none),
    so lists filter on a column instead of running the rules for every deck (decks.verdicts).
    It holds while the deck is at the judged revision (a change of contents or format bumps
    it), the catalogue (cards, formats, lists) is as it was (`catalogue`, a digest), and the day
    is before `until`: the day the format's lists next change (a dated ban or unban, the
    format's start or end), when the verdict may change with no edit at all."""

    deck = models.OneToOneField(Deck, on_delete=models.CASCADE, related_name="verdict")
    format = models.ForeignKey(
        "rules.Format",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="+",
        help_text="The format judged; empty for the built-in standard rules.",
    )
    revision = models.PositiveIntegerField()
    catalogue = models.CharField(max_length=64)
    until = models.DateField(null=True, blank=True)
    legal = models.BooleanField()
    judged = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.deck}: {'legal' if self.legal else 'not legal'}"


# A print is kept this long after it was asked for, then deleted with its PDF; one still queued
# after PROXY_PRINT_WAIT was lost (no worker runs, or one died drawing it) and counts as failed.
PROXY_PRINT_KEPT = timedelta(days=1)
PROXY_PRINT_WAIT = timedelta(minutes=10)


class ProxyPrint(models.Model):
    """A deck's proxies printed in the background (decks.proxies: a deck of more copies than
    are printed while the request waits) for the person who asked: a worker draws the PDF into
    the private storage (STORAGES["private"]), and only its owner reads it
    (decks.selectors.proxy_print_get), for a day; then it is deleted."""

    class Status(models.TextChoices):
        QUEUED = "queued"
        DONE = "done"
        FAILED = "failed"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="proxy_prints"
    )
    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="proxy_prints")
    paper = models.CharField(max_length=10)
    missing = models.BooleanField(
        default=False, help_text="Only the copies the owner's collection lacked."
    )
    copies = models.PositiveIntegerField(help_text="Cards printed, one per copy.")
    contents = models.CharField(
        max_length=64,
        help_text="sha256 of what is printed (the title, the paper, each card and its copies): "
        "the same cards asked for again while this is kept get this print, not another.",
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    file = models.CharField(
        max_length=200,
        blank=True,
        default="",
        help_text="The PDF's name in the private storage, once drawn.",
    )
    error = models.TextField(blank=True, default="")
    created = models.DateTimeField(auto_now_add=True)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created"]
        indexes = [
            models.Index(fields=["owner", "contents"], name="proxy_print_owner_contents"),
            models.Index(fields=["created"], name="proxy_print_created"),
        ]

    def __str__(self) -> str:
        return f"{self.copies} proxies of {self.deck_id} ({self.status})"

    @property
    def state(self) -> str:
        """Its status as its owner is told: queued, done, or failed (a print queued longer than
        PROXY_PRINT_WAIT was lost, and is failed too)."""
        if self.status == self.Status.QUEUED and self.created < timezone.now() - PROXY_PRINT_WAIT:
            return self.Status.FAILED
        return self.status

    @property
    def problem(self) -> str:
        """Why it failed, for its owner ("" unless it did)."""
        if self.state != self.Status.FAILED:
            return ""
        minutes = PROXY_PRINT_WAIT.seconds // 60
        return self.error or (
            f"No worker drew it within {minutes} minutes (are the workers running?); ask again."
        )
