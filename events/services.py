"""Writes to events and registrations (Django-Styleguide services: keyword-only, typed).

The registration deadline is enforced in the database write itself: every registration opens
its transaction by locking the event row and then running a conditional UPDATE of it that
matches only while the deadline is ahead of the database's clock. If nothing matched, the
deadline has passed and nothing is written. Registrations for one event are serialised on that
lock, and a request racing the deadline is judged once it holds the lock (the clock is read
then: clock_timestamp(), not the transaction's start), never on a check made before it.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.db.models.functions import Now
from django.utils import timezone

from cards.models import Game
from decks.models import DeckVersion
from decks.selectors import deck_version_latest
from decks.services import deck_import
from rules.models import Format
from rules.services.validation import deck_validate

from .models import Event, Registration
from .selectors import version_entries


class RegistrationClosed(Exception):
    """The event's registration deadline has passed: no entry may change (HTTP 409)."""

    def __init__(self, event: Event) -> None:
        super().__init__(f"Registration for {event} closed at {event.registration_deadline}.")
        self.event = event


class RegistrationRefused(Exception):
    """This player may not register this deck here; `field` names the request's bad part."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


class DatabaseClock(Now):
    """The database's current time at the moment the expression is evaluated.

    PostgreSQL's now() and statement_timestamp() are fixed when the transaction or statement
    starts; a write that waited for the event's row lock past the deadline must see the time
    after the wait, which clock_timestamp() gives.
    """

    def as_postgresql(self, compiler: Any, connection: Any, **extra: Any) -> Any:
        return self.as_sql(compiler, connection, template="CLOCK_TIMESTAMP()", **extra)


def event_create(
    *,
    organiser: AbstractBaseUser,
    name: str,
    game: Game,
    date: date,
    registration_deadline: datetime,
    format: Format | None = None,
) -> Event:
    return Event.objects.create(
        organiser=organiser,
        name=name,
        game=game,
        format=format,
        date=date,
        registration_deadline=registration_deadline,
    )


def event_update(*, event: Event, **changes: Any) -> Event:
    """Set the given fields (name, format, date, registration_deadline, published)."""
    for field, value in changes.items():
        setattr(event, field, value)
    event.save(update_fields=list(changes))
    return event


def registration_submit(
    *, event: Event, player: AbstractBaseUser, deck_version: DeckVersion
) -> Registration:
    """Lock `deck_version` as the player's entry, replacing (and keeping) any earlier one.

    Raises RegistrationClosed after the deadline, RegistrationRefused for another player's
    deck, a deck of another game, or a player the organiser dropped.
    """
    deck = deck_version.deck
    if deck.owner_id != player.pk:
        raise RegistrationRefused("deck", "You may register only a deck of your own.")
    if deck.game_id != event.game_id:
        raise RegistrationRefused("deck", f"This event is for {event.game} decks, not {deck.game}.")
    report = deck_validate(
        game=event.game.slug,
        entries=version_entries(version=deck_version),
        format=event.format.slug if event.format else None,
        as_of=event.date,
    )
    with transaction.atomic():
        _claim_open(event)
        current = Registration.objects.filter(event=event, player=player, replaced__isnull=True)
        if current.filter(dropped__isnull=False).exists():
            raise RegistrationRefused("player", "The organiser dropped you from this event.")
        current.update(replaced=timezone.now())
        return Registration.objects.create(
            event=event,
            player=player,
            deck_version=deck_version,
            content_hash=deck_version.content_hash,
            legal=report.legal,
            report=report.as_dict(),
        )


def registration_submit_text(
    *, event: Event, player: AbstractBaseUser, text: str, name: str
) -> Registration:
    """Register a pasted decklist: it becomes a private deck of the player's, then is locked.

    Raises what deck_import raises for unreadable lines or unknown cards, and what
    registration_submit raises; nothing is stored then (one transaction).
    """
    with transaction.atomic():
        deck = deck_import(owner=player, game=event.game, name=name, text=text)
        version = deck_version_latest(deck=deck)
        assert version is not None  # a new deck always has its first version
        return registration_submit(event=event, player=player, deck_version=version)


def registration_drop(*, registration: Registration) -> Registration:
    """The organiser drops the player (any time: dropping is not the player's change)."""
    if registration.dropped is None:
        registration.dropped = timezone.now()
        registration.save(update_fields=["dropped"])
    return registration


def registrations_drop_illegal(*, event: Event) -> int:
    """Drop every player whose current list is illegal (one UPDATE); how many were dropped."""
    return Registration.objects.filter(
        event=event, replaced__isnull=True, dropped__isnull=True, legal=False
    ).update(dropped=timezone.now())


def _claim_open(event: Event) -> None:
    """The deadline guard, run first in the registration's transaction.

    The row lock is taken before the deadline is compared: PostgreSQL decides an UPDATE's
    WHERE before waiting for a lock and, when the holder did not change the row, does not
    decide it again after the wait, so a lock-and-compare in one statement would let through
    a write that waited past the deadline.
    """
    events = Event.objects.filter(pk=event.pk)
    list(events.select_for_update().values_list("pk"))
    opened = events.filter(registration_deadline__gt=DatabaseClock()).update(
        registrations_changed=DatabaseClock()
    )
    if not opened:
        raise RegistrationClosed(event)
