"""The organiser's roster and review (Django-Styleguide services): who is expected, who came,
lists entered on paper, withdrawals, checked lists, notes to players and undone drops.

Every write that changes a registration takes the event's row lock first, as registering
does (events.services), so none of them can act on an entry being replaced meanwhile.
"""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from decks.selectors import deck_version_latest
from decks.services import deck_import

from .models import Event, Registration, RosterEntry
from .selectors import rounds_played
from .services import (
    RegistrationRefused,
    event_lock,
    registration_judge,
    registration_leave,
    registration_lock_in,
)


def roster_invite(*, event: Event, username: str) -> RosterEntry:
    """Put a player on the roster by username; RegistrationRefused naming `username` if none."""
    player = get_user_model().objects.filter(username__iexact=username.strip()).first()
    if player is None:
        raise RegistrationRefused("username", f"Nobody here is called {username.strip()!r}.")
    return RosterEntry.objects.get_or_create(event=event, player=player)[0]


def roster_join(*, event: Event, player: AbstractBaseUser) -> RosterEntry:
    """The player followed the event's invite link (or accepted the organiser's invitation):
    they are on the roster, joined by their own hand, so the event's notices may reach them."""
    entry = RosterEntry.objects.get_or_create(event=event, player=player)[0]
    if entry.joined is None:
        entry.joined = timezone.now()
        entry.save(update_fields=["joined"])
    return entry


def roster_check_in(*, event: Event, player: AbstractBaseUser, present: bool) -> RosterEntry:
    """Record (or undo) the player's check-in on the day; a player not yet on the roster is
    added (a walk-in)."""
    entry = RosterEntry.objects.get_or_create(event=event, player=player)[0]
    entry.checked_in = timezone.now() if present else None
    entry.save(update_fields=["checked_in"])
    return entry


CHECK_IN_MINUTES = 30  # how long players' own check-in stays open unless the organiser says


def check_in_open(*, event: Event, minutes: int | None = None) -> Event:
    """Open players' own check-in (issue 39, item 5) for `minutes` from now (0 closes it)."""
    minutes = CHECK_IN_MINUTES if minutes is None else minutes
    event.check_in_until = timezone.now() + timedelta(minutes=minutes) if minutes else None
    event.save(update_fields=["check_in_until"])
    return event


def check_in_is_open(*, event: Event) -> bool:
    return event.check_in_until is not None and event.check_in_until > timezone.now()


def check_in_self(*, event: Event, player: AbstractBaseUser) -> RosterEntry:
    """The player checks themselves in while the organiser's window is open; RegistrationRefused
    naming `check_in` outside it, or `player` without a seat (no list, left, or waiting)."""
    if not check_in_is_open(event=event):
        raise RegistrationRefused(
            "check_in", "Check-in is not open: the organiser opens it on the day."
        )
    seated = Registration.objects.filter(
        event=event,
        player=player,
        replaced__isnull=True,
        dropped__isnull=True,
        waitlisted__isnull=True,
    )
    if not seated.exists():
        raise RegistrationRefused(
            "player", "Only a registered player with a seat (not waiting, not left) checks in."
        )
    return roster_check_in(event=event, player=player, present=True)


def registration_withdraw(
    *, event: Event, player: AbstractBaseUser, after_round: int | None = None
) -> Registration:
    """The player leaves the event (at any time), after round `after_round` if they say; their
    entry stays, marked withdrawn, stored as the organiser's drops are (registration_leave).
    Saying the round again after withdrawing corrects it; it never changes a drop of the
    organiser's: a round said by a player the organiser dropped is refused, never ignored.
    RegistrationRefused naming `after_round` for a round not yet played."""
    with transaction.atomic():
        event_lock(event.pk)
        current = _current(event, player)
        dropped_by_organiser = current.drop_reason not in ("", "withdrew")
        if after_round is not None:
            if dropped_by_organiser:
                raise RegistrationRefused(
                    "after_round",
                    "The organiser dropped you from this event; only they can change the round "
                    "you left after.",
                )
            _refuse_unplayed(event, after_round)
        if not dropped_by_organiser:
            registration_leave(current=current, reason="withdrew", after_round=after_round)
    return current


def _refuse_unplayed(event: Event, after_round: int) -> None:
    played = rounds_played(event=event)
    if played is not None and after_round > played:
        rounds = "no round" if played == 0 else f"{played} round{'s' if played > 1 else ''}"
        message = f"The event has played {rounds}: you cannot leave after round {after_round}."
        raise RegistrationRefused("after_round", message)


def registration_undo_drop(*, registration: Registration) -> Registration:
    """The organiser takes back a drop (or a withdrawal): the player's entry counts again."""
    with transaction.atomic():
        event_lock(registration.event_id)
        current = _current(registration.event, registration.player)
        current.dropped, current.drop_reason, current.dropped_after_round = None, "", None
        current.save(update_fields=["dropped", "drop_reason", "dropped_after_round"])
    return current


def registration_review(
    *, registration: Registration, checked: bool | None = None, note: str | None = None
) -> Registration:
    """Mark the player's current list checked (or not) and/or set the note the player reads."""
    with transaction.atomic():
        event_lock(registration.event_id)
        current = _current(registration.event, registration.player)
        fields = []
        if checked is not None:
            current.checked = timezone.now() if checked else None
            fields.append("checked")
        if note is not None:
            current.note = note.strip()
            fields.append("note")
        current.save(update_fields=fields)
    return current


def registration_submit_paper(
    *, event: Event, organiser: AbstractBaseUser, player: AbstractBaseUser, text: str, name: str
) -> Registration:
    """The organiser enters a list the player handed in on paper. It becomes a private deck of
    the player's and their entry, marked as entered by the organiser. The deadline does not
    apply (the organiser decides which paper lists came in time); a player who left must be
    let back in first. Raises what deck_import raises; nothing is stored then."""
    with transaction.atomic():
        event_lock(event.pk)
        deck = deck_import(owner=player, game=event.game, name=name, text=text)
        version = deck_version_latest(deck=deck, viewer=player)
        assert version is not None  # a new deck always has its first version
        report = registration_judge(event=event, deck_version=version)
        return registration_lock_in(
            event=event, player=player, deck_version=version, report=report, entered_by=organiser
        )


def _current(event: Event, player: AbstractBaseUser) -> Registration:
    return Registration.objects.select_related("player", "deck_version__deck", "event").get(
        event=event, player=player, replaced__isnull=True
    )
