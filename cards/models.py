"""The card database: games, sets, cards (the rules identity) and their printings."""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Sequence
from typing import Any, TypedDict

from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User
from django.contrib.postgres.search import SearchVectorField
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower

from rulebook.core.cards import CardInfo
from rulebook.core.game import GameSpec
from rulebook.core.identity import identity
from rulebook.registry import GAMES

from .fulltext import RulesTextVector
from .stat_columns import STAT_ATTRIBUTES, STAT_COLUMNS, stat_column, stat_field, stat_index


class GameQuerySet(models.QuerySet):
    def registered(self) -> GameQuerySet:
        """The games the rules registry knows now: a row outlives a game that leaves it (its
        cards and decks stay), but such a game is offered nowhere."""
        return self.filter(slug__in=list(GAMES))


class Game(models.Model):
    """A game known to the rules registry; rows are kept in step with it after each migrate."""

    slug = models.SlugField(max_length=40, unique=True)
    name = models.CharField(max_length=120)

    objects = GameQuerySet.as_manager()

    class Meta:
        ordering = ["slug"]

    def __str__(self) -> str:
        return self.name

    @property
    def spec(self) -> GameSpec:
        return GAMES[self.slug]


class CardSet(models.Model):
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="sets")
    code = models.CharField(max_length=20)
    name = models.CharField(max_length=200)
    released = models.DateField(null=True, blank=True)
    is_sample = models.BooleanField(
        default=False, help_text="Invented by Deckwarden as sample data; not a real product."
    )

    class Meta:
        ordering = ["game__slug", "released", "code"]
        constraints = [
            models.UniqueConstraint(fields=["game", "code"], name="cardset_unique_code_per_game"),
        ]

    def __str__(self) -> str:
        return f"{self.code} — {self.name}"


Viewer = User | AnonymousUser | None


class CardQuerySet(models.QuerySet["Card"]):
    """Cards written in bulk get their folded name too (bulk_create skips Card.save)."""

    def bulk_create(self, objs: Iterable[Card], *args: Any, **kwargs: Any) -> list[Card]:
        objs = list(objs)
        for card in objs:
            card.folded_name = identity(card.name)
        return super().bulk_create(objs, *args, **kwargs)

    def bulk_update(
        self, objs: Iterable[Card], fields: Sequence[str], *args: Any, **kwargs: Any
    ) -> int:
        objs = list(objs)
        if "name" in fields:
            for card in objs:
                card.folded_name = identity(card.name)
            fields = sorted({*fields, "folded_name"})
        return super().bulk_update(objs, fields, *args, **kwargs)

    def without_searched_columns(self) -> CardQuerySet:
        """The cards without the columns only searches read (the full-text vector and the stat
        columns; a card shows and plays its stats from `attributes`): reading the vector was a
        third of the time a 20,000-copy collection import took to read its cards
        (bench/collection.py)."""
        return self.defer("text_vector", *STAT_COLUMNS)

    def usable_by(self, viewer: Viewer) -> CardQuerySet:
        """The cards this viewer may read and put in decks: the catalogue, every shared
        user-made card, and their own user-made cards (None: an anonymous caller).

        This is the one visibility rule of user-made cards; Card.visible_to is its twin for a
        row already read (a deck's entries), and every read of a card goes through one of
        the two with the user who asks, never the deck's owner on their behalf."""
        usable = Q(owner__isnull=True) | Q(shared=True)
        if viewer is not None and viewer.is_authenticated:
            usable |= Q(owner=viewer)
        return self.filter(usable)


class PrintingRow(TypedDict):
    """A printing as a page of cards shows it (cards.selectors.cards_for_display)."""

    card_id: int
    number: str
    rarity: str
    image_url: str
    set_code: str
    set_name: str
    set_is_sample: bool


class ImageUrls(TypedDict):
    """A card's picture as a page shows it (cards.selectors.cards_given_image_urls)."""

    thumb: str
    full: str


class Card(models.Model):
    """A card's rules identity: what copy limits count. Printings hang off it.

    Catalogue cards have no owner. A user-made card (Keeper's card builder) belongs to its
    author and is private, readable and usable in decks by the author alone, until shared.
    """

    # Given to the cards a page shows by cards.selectors.cards_for_display; never stored.
    game_slug: str
    printing_list: list[PrintingRow]
    image_urls: ImageUrls | None

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="cards")
    key = models.SlugField(
        max_length=200, help_text="Unique within the game; defaults to the name."
    )
    name = models.CharField(max_length=200)
    # The name as every lookup compares it (rulebook.core.identity): written from `name` on save.
    folded_name = models.CharField(max_length=200, editable=False, default="")
    type = models.CharField(max_length=40)
    text = models.TextField(blank=True, default="")
    attributes = models.JSONField(default=dict, blank=True)
    is_sample = models.BooleanField(
        default=False, help_text="Invented by Deckwarden as sample data; not a real card."
    )
    # Written by the database from `text` (see cards/fulltext.py); PostgreSQL only.
    text_vector = models.GeneratedField(
        expression=RulesTextVector(), output_field=SearchVectorField(), db_persist=True
    )
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="made_cards",
        help_text="The user who made this card in the card builder; empty for catalogue cards.",
    )
    shared = models.BooleanField(
        default=False, help_text="A user-made card that everyone may read and put in decks."
    )
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    objects = CardQuerySet.as_manager()

    class Meta:
        ordering = ["game__slug", "name", "key"]
        constraints = [
            models.UniqueConstraint(fields=["game", "key"], name="card_unique_key_per_game"),
            models.CheckConstraint(
                condition=Q(owner__isnull=False) | Q(shared=False),
                name="card_shared_only_if_user_made",
            ),
        ]
        indexes = [
            models.Index(fields=["game", "type"], name="card_game_type"),
            models.Index(Lower("name"), "game", name="card_lower_name_game"),
            models.Index(fields=["game", "folded_name"], name="card_game_folded_name"),
            # The catalogue's deterministic order; PostgreSQL's search indexes are in
            # migration 0002 (they exist only there). It carries what the privacy rule reads
            # (usable_by) and the stats, so that a search page's ids in this order, by name or
            # by stat, come from the index alone (basics/counted_pages.py; PostgreSQL only,
            # SQLite has no INCLUDE).
            models.Index(
                fields=["name", "key", "id"],
                name="card_catalogue_order",
                include=["owner", "shared", *STAT_COLUMNS],
            ),
            *(stat_index(attribute) for attribute in STAT_ATTRIBUTES),
            # The validation cache's staleness check reads the latest update every second.
            models.Index(fields=["updated"], name="card_updated"),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.folded_name = identity(self.name)
        # What its construction text states, kept as reviewed data: the validator reads only
        # the data (the importer, which creates in bulk, keeps it as its parser reads it).
        self.attributes = GAMES[self.game.slug].reviewed_attributes(
            self.name, self.text, self.attributes or {}, self.known_names()
        )
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "name" in update_fields:
            kwargs["update_fields"] = {*update_fields, "folded_name"}
        super().save(*args, **kwargs)

    def clean(self) -> None:
        problems = GAMES[self.game.slug].card_problems(
            self.type,
            self.attributes or {},
            name=self.name,
            text=self.text,
            known_names=self.known_names(),
        )
        if problems:
            errors: dict[str, list[str]] = {}
            for path, message in problems:
                errors.setdefault(path.split(".")[0], []).append(f"{path} {message}")
            raise ValidationError(errors)

    def known_names(self) -> frozenset[str]:
        """The names its construction text may name: its game's catalogue cards'."""
        if not GAMES[self.game.slug].derive_attributes or not self.text.strip():
            return frozenset()
        cards = Card.objects.filter(game_id=self.game_id, owner__isnull=True)
        return frozenset(cards.values_list("name", flat=True))

    @property
    def is_user_made(self) -> bool:
        return self.owner_id is not None

    def visible_to(self, viewer: Viewer) -> bool:
        """Whether this viewer may read the card: Card.objects.usable_by for one row."""
        if self.owner_id is None or self.shared:
            return True
        return viewer is not None and viewer.is_authenticated and viewer.pk == self.owner_id

    def as_info(self) -> CardInfo:
        """The plain object the rules core works on."""
        return CardInfo(
            key=self.key,
            name=self.name,
            type=self.type,
            text=self.text,
            attributes=self.attributes,
            id=self.pk,
        )


# The numeric attributes as columns `stat_<attribute>`, written by the database
# (cards/stat_columns.py): one per name in STAT_ATTRIBUTES, the list the indexes above use too.
for _attribute in STAT_ATTRIBUTES:
    Card.add_to_class(stat_column(_attribute), stat_field(_attribute))


class CardPicture(models.Model):
    """A card's picture in two sizes (cards.services.images): storage names made of each file's
    content hash. Kept beside the card rather than in its row: search rechecks every card its
    trigram index finds in the table itself, so two 81-character names in each row made it read
    half as many pages again and slowed search's p95 by a third (bench/search.py, issue 36). A
    page of cards reads its pictures in one small query (cards.selectors.card_picture_names)."""

    card = models.OneToOneField(
        Card, primary_key=True, on_delete=models.CASCADE, related_name="picture"
    )
    thumb = models.FileField(max_length=100, editable=False)
    full = models.FileField(max_length=100, editable=False)

    def __str__(self) -> str:
        return f"Picture of {self.card_id}"


class Printing(models.Model):
    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="printings")
    set = models.ForeignKey(CardSet, on_delete=models.PROTECT, related_name="printings")
    number = models.CharField(max_length=20, help_text="Collector number within the set.")
    rarity = models.CharField(max_length=40, blank=True, default="")
    image_url = models.URLField(blank=True, default="")

    class Meta:
        ordering = ["set__code", "number"]
        constraints = [
            models.UniqueConstraint(fields=["set", "number"], name="printing_unique_number_in_set"),
        ]

    def __str__(self) -> str:
        return f"{self.card.name} ({self.set.code}) {self.number}"


# The most copies of one card (or one printing of it) a collection records: a deck line's cap
# (rulebook.core.decklist.MAX_QUANTITY), so a pasted list and a collection count alike; a count
# of a million is a typo, refused naming `quantity`.
MAX_OWNED = 999


class OwnedCard(models.Model):
    """Copies of a card a user owns: of one printing, or (printing empty) of a printing they did
    not say, as a pasted list without set codes records them. What a deck is missing counts
    every row of the card: any printing plays the same."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="owned_cards"
    )
    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="owned")
    printing = models.ForeignKey(
        Printing, null=True, blank=True, on_delete=models.CASCADE, related_name="owned"
    )
    quantity = models.PositiveIntegerField()

    class Meta:
        ordering = ["owner", "card__name", "id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(quantity__gte=1, quantity__lte=MAX_OWNED),
                name="owned_card_quantity_range",
            ),
            # Two partial indexes, because NULLs are distinct in a plain unique index.
            models.UniqueConstraint(
                fields=["owner", "card", "printing"],
                condition=Q(printing__isnull=False),
                name="owned_card_unique_printing",
            ),
            models.UniqueConstraint(
                fields=["owner", "card"],
                condition=Q(printing__isnull=True),
                name="owned_card_unique_card",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.quantity} {self.card}"


def new_share_token() -> str:
    """An unguessable collection link: 128 random bits."""
    return secrets.token_urlsafe(16)


class CollectionShare(models.Model):
    """A user's collection shared read-only with whoever has the link; no row, not shared.
    Sharing again after stopping makes a new token, so an old link stays dead."""

    owner = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="collection_share"
    )
    token = models.CharField(max_length=32, unique=True, default=new_share_token, editable=False)
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.owner}'s collection link"


# The fields of a card a revision records, as the card file names them (cards.cardfile).
REVISED_FIELDS = ("name", "type", "text", "attributes", "is_sample")


class CardRevision(models.Model):
    """One change to a catalogue card (its creation included): each field before and after,
    who proposed it, who approved it, why, and the day it takes effect. An erratum's earlier
    text stays in force before that day: a deck checked `as_of` an earlier day is judged by it
    (cards.selectors.cards_in_force)."""

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="revisions")
    # {field: {"before": value or None for a new card, "after": value}}
    fields = models.JSONField()
    reason = models.TextField(blank=True, default="")
    proposed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="Empty for a change imported from a card file.",
    )
    approved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    effective = models.DateField(help_text="The day the change takes effect (an erratum's date).")
    created = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-effective", "-created", "-id"]
        indexes = [models.Index(fields=["card", "effective"], name="cardrevision_card_effective")]

    def __str__(self) -> str:
        return f"{self.card} ({self.effective})"
