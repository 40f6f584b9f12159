"""Celery tasks of the events app: notifications, sent after the write that caused them."""

from __future__ import annotations

from celery import shared_task
from django.db import transaction
from django.utils import timezone

from . import notifications
from .models import Event, Registration, RosterEntry


@shared_task
def deliver_notifications(registration_ids: list[int], kind: str) -> int:
    """Send the news about each entry (email, organiser's webhook); how many were sent."""
    registrations = Registration.objects.filter(pk__in=registration_ids).select_related(
        "event", "player", "deck_version"
    )
    for registration in registrations:
        notifications.deliver(registration=registration, kind=kind)
    return len(registrations)


@shared_task
def remind_deadlines() -> int:
    """Tell each player of an event whose deadline is a day away (once per event); run it
    every hour (cron, or `celery beat`). Players on the roster with no list yet hear by email
    too; how many events were reminded."""
    reminded = 0
    for event in notifications.events_to_remind():
        with transaction.atomic():
            claimed = Event.objects.filter(pk=event.pk, reminded__isnull=True).update(
                reminded=timezone.now()
            )  # one reminder per event, whoever runs this at the same moment
            if not claimed:
                continue
            current = list(event.registrations.filter(replaced__isnull=True, dropped__isnull=True))
            notifications.notify(registrations=current, kind=notifications.REMINDER)
            registered = {r.player_id for r in current}
            waiting = RosterEntry.objects.filter(event=event).exclude(player_id__in=registered)
            _email_the_unregistered(event, [e.player for e in waiting.select_related("player")])
        reminded += 1
    return reminded


def _email_the_unregistered(event: Event, players: list) -> None:
    from django.core.mail import send_mass_mail

    deadline = f"{event.registration_deadline:%Y-%m-%d %H:%M} UTC"
    messages = [
        (
            f"{event.name}: registration closes in a day",
            f"You are on the roster of {event.name} but have not registered a list. "
            f"Registration closes at {deadline}.",
            None,
            [player.email],
        )
        for player in players
        if player.email
    ]
    if messages:
        transaction.on_commit(lambda: send_mass_mail(messages))
