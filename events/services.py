"""Writes to events and registrations (Django-Styleguide services: keyword-only, typed).

The registration deadline is enforced in the database write itself: every registration opens
its transaction by locking the event row and then running a conditional UPDATE of it that
matches only while the deadline is ahead of the database's clock. If nothing matched, the
deadline has passed and nothing is written. Registrations for one event are serialised on that
lock, and a request racing the deadline is judged once it holds the lock (the clock is read
then: clock_timestamp(), not the transaction's start), never on a check made before it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import QuerySet
from django.db.models.functions import Now
from django.utils import timezone

from cards.models import Game
from decks.models import DeckVersion
from decks.selectors import deck_version_latest
from decks.services import deck_import
from decks.snapshots import list_hash
from rulebook.core.report import Report
from rules.models import Format
from rules.services.validation import deck_validate

from .models import Event, Registration, RosterEntry
from .notifications import DROPPED, ILLEGAL, PROMOTED, notify
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


class PublishWhileOpen(Exception):
    """Publishing while registration is open would show every list to players who may still
    register (and copy one); it needs the organiser's explicit confirmation (HTTP 409)."""

    def __init__(self, event: Event) -> None:
        super().__init__(
            f"Registration is open until {event.registration_deadline.isoformat()}: publishing "
            "now shows every list to players who can still register (and copy one). Publish "
            "after the deadline, or confirm that you mean it."
        )
        self.event = event


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
    organiser: User,
    name: str,
    game: Game,
    date: date,
    registration_deadline: datetime,
    format: Format | None = None,
    time_zone: str = "UTC",
    webhook_url: str = "",
    capacity: int | None = None,
) -> Event:
    return Event.objects.create(
        webhook_url=webhook_url,
        capacity=capacity,
        organiser=organiser,
        name=name,
        game=game,
        format=format,
        date=date,
        registration_deadline=registration_deadline,
        time_zone=time_zone,
    )


JUDGED_BY = ("date", "format")  # the settings a list's verdict depends on (registration_judge)


@dataclass(frozen=True)
class EventUpdated:
    """An event after a change, and, when the change moved what lists are judged by (its date
    or format), the re-check that followed: how many entries, and whose verdict changed."""

    event: Event
    rechecked: int | None = None
    changes: list[VerdictChange] = field(default_factory=list)


def event_update(*, event: Event, publish_while_open: bool = False, **changes: Any) -> EventUpdated:
    """Set the given fields (name, game, format, date, time_zone, registration_deadline,
    published, capacity: more seats go to the players waiting, in order).

    Raises PublishWhileOpen when the change publishes the lists while registration is open
    (by the deadline the event will have) unless `publish_while_open` confirms it. A new date
    or format re-checks every current entry at once (issue 26, item 5): a verdict stored under
    the old ones would otherwise stand, stale, with nothing to say so.
    """
    publishes = changes.get("published") and not event.published
    deadline = changes.get("registration_deadline", event.registration_deadline)
    if publishes and deadline > timezone.now() and not publish_while_open:
        raise PublishWhileOpen(event)
    # as stored: a site form has already set its values on the instance it was given
    judged_before = Event.objects.values_list(*JUDGED_BY).get(pk=event.pk)
    for name, value in changes.items():
        setattr(event, name, value)
    with transaction.atomic():
        event_lock(event.pk)
        event.save(update_fields=list(changes))
        if "capacity" in changes:
            waitlist_promote(event=event)
    if judged_before == Event.objects.values_list(*JUDGED_BY).get(pk=event.pk):
        return EventUpdated(event)
    checked, verdicts = registrations_recheck(event=event)
    return EventUpdated(event, checked, verdicts)


def event_close(*, event: Event) -> Event:
    """Close registration now: the deadline becomes the database's clock, under the event's
    lock, so a registration being written finishes first and none after it gets in. An event
    already closed keeps its deadline. Reopening is setting a deadline in the future."""
    with transaction.atomic():
        event_lock(event.pk)
        Event.objects.filter(pk=event.pk, registration_deadline__gt=DatabaseClock()).update(
            registration_deadline=DatabaseClock()
        )
    event.refresh_from_db(fields=["registration_deadline"])
    return event


def event_delete(*, event: Event) -> None:
    """Delete the event, its rounds and every registration in it (the players' decks stay
    theirs)."""
    with transaction.atomic():
        event_lock(event.pk)
        # the rounds first: a table keeps its players' entries (PROTECT) while it stands
        event.rounds.all().delete()
        event.registrations.all().delete()
        event.delete()


def registration_submit(*, event: Event, player: User, deck_version: DeckVersion) -> Registration:
    """Lock `deck_version` as the player's entry, replacing (and keeping) any earlier one.

    Raises RegistrationClosed after the deadline (before anything else is said about the
    request), RegistrationRefused for another player's deck, a deck of another game, or a
    player the organiser dropped.
    """
    _refuse_if_closed(event)
    deck = deck_version.deck
    if deck.owner_id != player.pk:
        raise RegistrationRefused("deck", "You may register only a deck of your own.")
    if deck.game_id != event.game_id:
        raise RegistrationRefused("deck", f"This event is for {event.game} decks, not {deck.game}.")
    report = registration_judge(event=event, deck_version=deck_version)
    with transaction.atomic():
        _claim_open(event)
        return registration_lock_in(
            event=event, player=player, deck_version=deck_version, report=report
        )


def registration_lock_in(
    *,
    event: Event,
    player: User,
    deck_version: DeckVersion,
    report: Report,
    entered_by: User | None = None,
) -> Registration:
    """Lock `deck_version` with its report as the player's entry, keeping the one it replaces
    as history, and put the player on the roster (joined, if the list is their own). Run
    inside a transaction holding the event's lock (event_lock); RegistrationRefused for a
    player who was dropped or withdrew."""
    current = Registration.objects.filter(event=event, player=player, replaced__isnull=True)
    refuse_if_left(current)
    waitlisted = _place_in_line(event, current.first())
    current.update(replaced=timezone.now())
    entry = RosterEntry.objects.get_or_create(event=event, player=player)[0]
    if entered_by is None and entry.joined is None:  # the player's own list: they joined
        entry.joined = timezone.now()
        entry.save(update_fields=["joined"])
    registration = Registration.objects.create(
        event=event,
        player=player,
        deck_version=deck_version,
        content_hash=list_hash(deck_version.snapshot),
        legal=report.legal,
        report=report.as_dict(),
        entered_by=entered_by,
        waitlisted=waitlisted,
    )
    if not registration.legal:
        notify(registrations=[registration], kind=ILLEGAL)
    return registration


def _place_in_line(event: Event, earlier: Registration | None) -> datetime | None:
    """Where a new entry stands (issue 39, item 5): a seat (None), or the waitlist from when.
    A player who registers again keeps what their earlier entry had, seat or place in line;
    anyone new waits once the event's seats (its capacity) are taken."""
    if earlier is not None:
        return earlier.waitlisted
    if event.capacity is not None and seats_taken(event=event) >= event.capacity:
        return timezone.now()
    return None


def seats_taken(*, event: Event) -> int:
    """The players holding a seat: a current entry, not left, not waiting."""
    return Registration.objects.filter(
        event=event, replaced__isnull=True, dropped__isnull=True, waitlisted__isnull=True
    ).count()


def waitlist_promote(*, event: Event) -> list[Registration]:
    """Give each seat that is free to the next player waiting, in the order they joined the
    waitlist, while no round has started here (before the event; once it runs, a seat left is
    not filled); the players promoted, each told (notify, through events.notice_gate's limits).
    Run under the event's lock (event_lock), where every drop and withdrawal is written."""
    if event.capacity is None or event.rounds.exists():
        return []
    free = event.capacity - seats_taken(event=event)
    if free <= 0:
        return []
    waiting = Registration.objects.filter(
        event=event, replaced__isnull=True, dropped__isnull=True, waitlisted__isnull=False
    ).order_by("waitlisted", "id")
    promoted = list(waiting.select_related("player", "deck_version")[:free])
    Registration.objects.filter(pk__in=[r.pk for r in promoted]).update(waitlisted=None)
    for registration in promoted:
        registration.waitlisted = None
    notify(registrations=promoted, kind=PROMOTED)
    return promoted


def registration_judge(*, event: Event, deck_version: DeckVersion) -> Report:
    """The one judging of a list for an event: its format, the lists in force on its date."""
    return deck_validate(
        game=event.game.slug,
        entries=version_entries(version=deck_version),
        format=event.format.slug if event.format else None,
        as_of=event.date,
        # judged as the deck's owner sees it: their own private cards count
        viewer=deck_version.deck.owner,
    )


@dataclass(frozen=True)
class VerdictChange:
    """A current entry whose report changed when re-checked: what it was, what it is, why."""

    registration: Registration
    was_legal: bool
    new_errors: list[dict[str, Any]]
    resolved_errors: list[dict[str, Any]]


def registrations_recheck(*, event: Event) -> tuple[int, list[VerdictChange]]:
    """Judge every current entry again, against the lists in force on the event's date as they
    stand now (a ban announced since registration counts), and store the new reports.

    Answers how many entries were checked and those whose errors changed. Lists are judged
    outside the event's lock (it would hold registrations up); each report is then written in
    one transaction, so the re-check is all or nothing.
    """
    current = list(
        event.registrations.filter(replaced__isnull=True).select_related(
            "player", "deck_version__deck"
        )
    )
    judged = [(r, registration_judge(event=event, deck_version=r.deck_version)) for r in current]
    changes = []
    with transaction.atomic():
        event_lock(event.pk)
        for registration, report in judged:
            new = report.as_dict()
            before = {_issue_key(issue) for issue in registration.report["errors"]}
            after = {_issue_key(issue) for issue in new["errors"]}
            if before != after or registration.legal != report.legal:
                changes.append(
                    VerdictChange(
                        registration=registration,
                        was_legal=registration.legal,
                        new_errors=[i for i in new["errors"] if _issue_key(i) not in before],
                        resolved_errors=[
                            i for i in registration.report["errors"] if _issue_key(i) not in after
                        ],
                    )
                )
            Registration.objects.filter(pk=registration.pk).update(legal=report.legal, report=new)
            registration.legal, registration.report = report.legal, new
        turned = [c.registration for c in changes if c.was_legal and not c.registration.legal]
        notify(registrations=turned, kind=ILLEGAL)
    return len(judged), changes


def _issue_key(issue: dict[str, Any]) -> tuple[str, str, tuple[str, ...]]:
    return (issue["code"], issue.get("section") or "", tuple(issue.get("cards", ())))


def registration_submit_text(*, event: Event, player: User, text: str, name: str) -> Registration:
    """Register a pasted decklist: it becomes a private deck of the player's, then is locked.

    Raises RegistrationClosed after the deadline whatever the text holds (a closed event has
    nothing to fix), what deck_import raises for unreadable lines or unknown cards, and what
    registration_submit raises; nothing is stored then (one transaction).
    """
    _refuse_if_closed(event)
    with transaction.atomic():
        deck = deck_import(owner=player, game=event.game, name=name, text=text)
        version = deck_version_latest(deck=deck, viewer=player)
        assert version is not None  # a new deck always has its first version
        return registration_submit(event=event, player=player, deck_version=version)


def registration_drop(
    *, registration: Registration, after_round: int | None = None
) -> Registration:
    """The organiser drops the player of `registration` (any time: dropping is not the
    player's change) after round `after_round` (None: not said); answers the player's current
    entry, marked dropped. Dropping a player already dropped records the round only.

    The drop takes the event's row lock, as registering does, and then marks whatever entry is
    the player's current one: a drop racing the player's re-registration drops the new entry
    (or is seen by it), never only the entry being replaced.
    """
    with transaction.atomic():
        event_lock(registration.event_id)
        current = Registration.objects.select_related("player", "deck_version__deck").get(
            event_id=registration.event_id, player_id=registration.player_id, replaced__isnull=True
        )
        if registration_leave(current=current, reason="organiser", after_round=after_round):
            notify(registrations=[current], kind=DROPPED)
    return current


def registration_leave(
    *, current: Registration, reason: str, after_round: int | None = None
) -> bool:
    """Mark the player's current entry as left for `reason` (organiser, withdrew), after round
    `after_round` if said (None keeps what was said); whether it had not left before. The one
    way a drop and a withdrawal are stored. Run under the event's lock (event_lock)."""
    if after_round is not None:
        current.dropped_after_round = after_round
        current.save(update_fields=["dropped_after_round"])
    if current.dropped is not None:
        return False
    current.dropped, current.drop_reason = timezone.now(), reason
    current.save(update_fields=["dropped", "drop_reason"])
    waitlist_promote(event=current.event)
    return True


def registrations_drop_illegal(*, event: Event) -> int:
    """Drop every player whose current list is illegal; how many were dropped. Under the
    event's lock, so no registration changes between the read and the write. Their reason is
    `illegal`, a list refused before play, told apart from a player who left mid-event."""
    with transaction.atomic():
        event_lock(event.pk)
        illegal = list(
            Registration.objects.filter(
                event=event, replaced__isnull=True, dropped__isnull=True, legal=False
            )
        )
        Registration.objects.filter(pk__in=[r.pk for r in illegal]).update(
            dropped=timezone.now(), drop_reason="illegal", dropped_after_round=0
        )
        notify(registrations=illegal, kind=DROPPED)
        waitlist_promote(event=event)
        return len(illegal)


def refuse_if_left(current: QuerySet[Registration]) -> None:
    """RegistrationRefused when the player's current entry was dropped or withdrawn: only the
    organiser's undo lets them back in."""
    left = current.filter(dropped__isnull=False).values_list("drop_reason", flat=True).first()
    if left == "withdrew":
        raise RegistrationRefused(
            "player", "You withdrew from this event; ask the organiser to let you back in."
        )
    if left is not None:
        raise RegistrationRefused("player", "The organiser dropped you from this event.")


def event_lock(event_id: int) -> None:
    """Take the event's row lock: every write to its registrations holds it (one at a time)."""
    list(Event.objects.filter(pk=event_id).select_for_update().values_list("pk"))


def _refuse_if_closed(event: Event) -> None:
    """RegistrationClosed if the deadline has passed by the database's clock: the early answer,
    so that a closed event says so before judging what was sent. The write decides again under
    the lock (_claim_open), for a request racing the deadline."""
    if not Event.objects.filter(pk=event.pk, registration_deadline__gt=DatabaseClock()).exists():
        raise RegistrationClosed(event)


def _claim_open(event: Event) -> None:
    """The deadline guard, run first in the registration's transaction.

    The row lock is taken before the deadline is compared: PostgreSQL decides an UPDATE's
    WHERE before waiting for a lock and, when the holder did not change the row, does not
    decide it again after the wait, so a lock-and-compare in one statement would let through
    a write that waited past the deadline.
    """
    event_lock(event.pk)
    opened = Event.objects.filter(pk=event.pk, registration_deadline__gt=DatabaseClock()).update(
        registrations_changed=DatabaseClock()
    )
    if not opened:
        raise RegistrationClosed(event)
