"""Telling players and the organiser's tools what happened (issue 17, item 12).

A player hears by email (Django's email backend: the console unless an SMTP server is set) when
their list is illegal, when they are dropped, when the deadline is a day away, and when a deck
check records or changes a penalty (the penalty only: the judges' notes are never sent). The
organiser's webhook, if the event has one, receives the same news as a JSON POST. Both are sent
from a Celery task once the write that caused them commits (events.tasks), so a slow mail
server or webhook never holds a registration up, and a write rolled back tells nobody.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

import httpx
from celery import current_app
from django.contrib.auth.models import User
from django.core.mail import EmailMultiAlternatives, get_connection
from django.db import transaction
from django.template.loader import render_to_string
from django.utils import timezone

from .models import DeckCheck, Event, JudgePenalty, NoticeSent, Registration, RosterEntry
from .notice_gate import Envelope, notice_allowed
from .notice_words import quoted, subject_name
from .webhooks import webhook_post

logger = logging.getLogger(__name__)

ILLEGAL, DROPPED, REMINDER = "list.illegal", "player.dropped", "deadline.reminder"
PROMOTED = "waitlist.promoted"
PENALTY = "check.penalty"
# What a webhook hears, in the words of the forms that ask for one (the site's, the API's),
# each kind named as the payload's `kind` says it: one list, so a new kind is never left out.
WEBHOOK_NEWS = (
    "a JSON POST when a list is illegal, a player is dropped, a judge gives a penalty (at a "
    "deck check or not) or corrects one, a player waiting gets a seat, or the deadline is a "
    "day away (kind "
    f"{ILLEGAL}, {DROPPED}, {PENALTY}, {PROMOTED} or {REMINDER})."
)

# The tasks' names, pinned: tasks already queued and the documented beat schedule name them.
DELIVER_TASK = "events.tasks.deliver_notifications"
REMIND_TASK = "events.tasks.remind_deadlines"
PENALTY_TASK = "events.tasks.deliver_penalty_notice"


def notify(*, registrations: list[Registration], kind: str) -> None:
    """Queue the news about these entries, sent after the current transaction commits."""
    ids = [registration.pk for registration in registrations]
    if ids:
        transaction.on_commit(lambda: _queue(ids, kind))


def notify_penalty(*, given: DeckCheck | JudgePenalty, previous: str | None = None) -> None:
    """Queue the news of a deck check's penalty (as it stands when sent), or of one a judge
    gave outside a check, after the commit; `previous` is the penalty a correction changed
    (None: a first check), so that the player reads a change as a change, not as a second
    penalty."""
    if isinstance(given, JudgePenalty):
        args: tuple[Any, ...] = (None, None, given.pk)
    else:
        args = (given.pk, previous)
    transaction.on_commit(lambda: _send_task(PENALTY_TASK, args))


def _queue(ids: list[int], kind: str) -> None:
    _send_task(DELIVER_TASK, (ids, kind))


def _send_task(name: str, args: tuple[Any, ...]) -> None:
    # The task by its pinned name, from the app's registry: events.tasks imports this module.
    task = current_app.tasks[name]
    try:
        task.apply_async(args, retry=False)  # fail fast, never hang
    except Exception:  # the broker is down: the write stands; the news is lost, and logged
        logger.exception("Could not queue the task %s%r", name, args)


def deliver_many(*, registration_ids: list[int], kind: str) -> int:
    """Send the news about each entry (email, organiser's webhook); how many were sent."""
    registrations = Registration.objects.filter(pk__in=registration_ids).select_related(
        "event", "player", "deck_version"
    )
    for registration in registrations:
        deliver(registration=registration, kind=kind)
    return len(registrations)


def deliver(*, registration: Registration, kind: str) -> None:
    """Email the player (if they gave an address) and POST to the organiser's webhook (if
    any). A webhook that fails is logged, not retried: the news is also on the dashboard."""
    _send(registration, kind, *_message(registration, kind))


def deliver_penalty(
    *, check_id: int | None, previous: str | None = None, penalty_id: int | None = None
) -> bool:
    """Tell the player the penalty of their deck check, as the check stands now (a later edit
    wins), or the one given outside a check (`penalty_id`), by email and the organiser's
    webhook; whether there was a penalty to tell of. The message names the penalty alone (and
    the one it replaced, `previous`, after a correction): the judges' notes are theirs."""
    if penalty_id is not None:
        return _deliver_given(penalty_id)
    check = (
        DeckCheck.objects.filter(pk=check_id)
        .select_related("event", "registration__player", "registration__deck_version")
        .first()
    )
    if check is None:  # deleted with its event meanwhile
        return False
    now = check.penalty_said
    if previous is not None and previous == now:
        return True  # a later correction put the penalty back: the player has nothing new
    extra = {
        "penalty": now,
        "previous_penalty": previous or "",
        "penalty_kind": check.penalty,
        "infraction": check.infraction,
    }
    # A correction is news the player must hear: the hour's limit is on the same penalty of
    # the same check (a judge cycling two penalties is held by the daily cap).
    limited_as = f"{PENALTY}:{check.pk}:{check.penalty}:{check.infraction}"
    message = _penalty_message(check.event, now, previous)
    _send(check.registration, PENALTY, *message, extra=extra, limited_as=limited_as)
    return True


def _deliver_given(penalty_id: int) -> bool:
    given = (
        JudgePenalty.objects.filter(pk=penalty_id)
        .select_related("event", "registration__player", "registration__deck_version")
        .first()
    )
    if given is None:  # deleted with its event meanwhile
        return False
    now = given.penalty_said
    extra = {"penalty": now, "penalty_kind": given.penalty, "infraction": given.infraction}
    name = quoted(given.event.name)
    message = (
        f"{subject_name(given.event.name)}: penalty",
        f"A judge of {name} gave you a penalty: {now}",
    )
    limited_as = f"{PENALTY}:given:{given.pk}"  # each penalty is news; the daily cap holds
    _send(given.registration, PENALTY, *message, extra=extra, limited_as=limited_as)
    return True


def _penalty_message(event: Event, penalty: str, previous: str | None) -> tuple[str, str]:
    """The news in words; the penalty and infraction are the lists' words, never a judge's."""
    subject, name = subject_name(event.name), quoted(event.name)
    if not penalty:
        return (
            f"{subject}: your penalty was withdrawn",
            f"The penalty recorded at your deck check in {name} was withdrawn.",
        )
    if previous:  # a correction of a penalty already told: that penalty changed, not a new one
        return (
            f"{subject}: your penalty was changed",
            f"The penalty recorded at your deck check in {name} was changed "
            f"from {quoted(previous)} to {penalty}.",
        )
    return (
        f"{subject}: penalty at your deck check",
        f"A judge checked your deck in {name} and recorded a penalty: {penalty}",
    )


def _send(
    registration: Registration,
    kind: str,
    subject: str,
    body: str,
    extra: dict[str, Any] | None = None,
    limited_as: str | None = None,
) -> None:
    event = registration.event
    kind_sent = limited_as or kind
    email_notice(
        player=registration.player, event=event, kind=kind_sent, subject=subject, body=body
    )
    if event.webhook_url:
        payload = {
            "kind": kind,
            "event": event.token,
            "event_name": event.name,
            "player": registration.player.get_username(),
            "registration": registration.pk,
            "legal": registration.legal,
            "dropped": registration.dropped is not None,
            "error_codes": [issue["code"] for issue in registration.report["errors"]],
            "message": body,
            **(extra or {}),
        }
        try:
            webhook_post(event.webhook_url, payload)
        except (OSError, ValueError, httpx.HTTPError) as exc:  # TimeoutError is an OSError
            logger.warning("Webhook of event %s failed: %s", event.pk, exc)


def _message(registration: Registration, kind: str) -> tuple[str, str]:
    event, deadline = registration.event, registration.event.registration_deadline
    subject, name = subject_name(event.name), quoted(event.name)
    deck = quoted(registration.deck_name)
    if kind == ILLEGAL:
        errors = "\n".join(  # a report's message may quote a card's name: someone's words
            f"- {i['code']} ({i['rule']}): {quoted(i['message'])}"
            for i in registration.report["errors"]
        )
        return (
            f"{subject}: your list is illegal",
            f"Your list {deck} for {name} is illegal:\n{errors}\n\n"
            f"Register a legal list before {deadline:%Y-%m-%d %H:%M} UTC.",
        )
    if kind == PROMOTED:
        return (
            f"{subject}: you have a seat",
            f"A seat came free in {name} and it is yours: you are off the waitlist and "
            f"registered with your list {deck}.",
        )
    if kind == DROPPED:
        return (
            f"{subject}: you were dropped",
            f"The organiser dropped you from {name}. Ask them if this is a mistake.",
        )
    verdict = "legal" if registration.legal else "ILLEGAL"
    return (
        f"{subject}: registration closes in a day",
        f"Registration for {name} closes at "
        f"{deadline:%Y-%m-%d %H:%M} UTC. Your list {deck} is {verdict}.",
    )


def deadlines_remind() -> int:
    """Tell each player of an event whose deadline is a day away (once per event). Players on
    the roster with no list yet hear by email too; how many events were reminded."""
    reminded = 0
    for event in events_to_remind():
        with transaction.atomic():
            claimed = Event.objects.filter(pk=event.pk, reminded__isnull=True).update(
                reminded=timezone.now()
            )  # one reminder per event, whoever runs this at the same moment
            if not claimed:
                continue
            current = list(event.registrations.filter(replaced__isnull=True, dropped__isnull=True))
            notify(registrations=current, kind=REMINDER)
            registered = {r.player_id for r in current}
            waiting = RosterEntry.objects.filter(event=event).exclude(player_id__in=registered)
            _email_the_unregistered(event, [e.player for e in waiting.select_related("player")])
        reminded += 1
    return reminded


def _email_the_unregistered(event: Event, players: list[User]) -> None:
    deadline = f"{event.registration_deadline:%Y-%m-%d %H:%M} UTC"
    subject = f"{subject_name(event.name)}: registration closes in a day"
    body = (
        f"You are on the roster of {quoted(event.name)} but have not registered a list. "
        f"Registration closes at {deadline}."
    )

    def send() -> None:
        for player in players:
            email_notice(player=player, event=event, kind=REMINDER, subject=subject, body=body)

    transaction.on_commit(send)


def email_notice(*, player: User, event: Event, kind: str, subject: str, body: str) -> bool:
    """Email the player the notice if events.notice_gate allows it (they joined, their address
    is verified, they did not stop such mail, it is within the limits: `kind` is what the
    hour's limit counts as the same news), with the links that stop it; whether it was allowed
    (sent now, or when the caller's transaction commits).

    The record (NoticeSent) is written first and the email goes only once it has committed
    (on_commit). Sent before, a rollback of the caller's transaction would erase the record of
    an email already gone, and the hour's limit would let the same notice out again; so a send
    never happens without its record. If the process dies between the commit and the send,
    the notice is lost but never sent twice: a limit on mail errs on the side of silence (the
    dashboard shows the news anyway). A send that fails takes its record back out, so a later
    notice is not held back by one that never left."""
    with transaction.atomic():
        envelope = notice_allowed(player=player, event=event, kind=kind)
        if envelope is None:
            return False
        transaction.on_commit(lambda: _send_recorded(subject, body, envelope))
    return True


def _send_recorded(subject: str, body: str, envelope: Envelope) -> None:
    try:
        send_notices([(subject, body, envelope)])
    except Exception:
        NoticeSent.objects.filter(pk=envelope.notice).delete()
        raise


def send_notices(messages: list[tuple[str, str, Envelope]]) -> None:
    """Send each (subject, plain-text body, envelope) over one connection, the body also as an
    HTML part in which every word is escaped (the body quotes the organiser's); each with the
    envelope's stop links (the service's own, the only links a notice holds) and headers."""
    emails = []
    for subject, body, envelope in messages:
        email = EmailMultiAlternatives(
            subject, body + envelope.footer, to=[envelope.address], headers=envelope.headers
        )
        context = {"body": body, "envelope": envelope}
        email.attach_alternative(render_to_string("events/notice_email.html", context), "text/html")
        emails.append(email)
    get_connection().send_messages(emails)


def events_to_remind() -> list[Event]:
    """Events whose deadline is less than a day away and whose players were not yet told."""
    now = timezone.now()
    return list(
        Event.objects.filter(
            reminded__isnull=True,
            registration_deadline__gt=now,
            registration_deadline__lte=now + timedelta(days=1),
        )
    )
