"""Telling players and the organiser's tools what happened (issue 17, item 12).

A player hears by email (Django's email backend: the console unless an SMTP server is set) when
their list is illegal, when they are dropped, and when the deadline is a day away. The
organiser's webhook, if the event has one, receives the same news as a JSON POST. Both are sent
from a Celery task once the write that caused them commits (events.tasks), so a slow mail
server or webhook never holds a registration up, and a write rolled back tells nobody.
"""

from __future__ import annotations

import ipaddress
import json
import logging
import socket
import urllib.request
from datetime import timedelta
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction
from django.utils import timezone

from .models import Event, Registration

logger = logging.getLogger(__name__)

ILLEGAL, DROPPED, REMINDER = "list.illegal", "player.dropped", "deadline.reminder"


def notify(*, registrations: list[Registration], kind: str) -> None:
    """Queue the news about these entries, sent after the current transaction commits."""
    ids = [registration.pk for registration in registrations]
    if ids:
        transaction.on_commit(lambda: _queue(ids, kind))


def _queue(ids: list[int], kind: str) -> None:
    from .tasks import deliver_notifications  # tasks import this module

    try:
        deliver_notifications.apply_async((ids, kind), retry=False)  # fail fast, never hang
    except Exception:  # the broker is down: the write stands; the news is lost, and logged
        logger.exception("Could not queue %s notifications for registrations %s", kind, ids)


def deliver(*, registration: Registration, kind: str) -> None:
    """Email the player (if they gave an address) and POST to the organiser's webhook (if
    any). A webhook that fails is logged, not retried: the news is also on the dashboard."""
    event = registration.event
    subject, body = _message(registration, kind)
    if registration.player.email:
        send_mail(subject, body, None, [registration.player.email])
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
        }
        try:
            webhook_post(event.webhook_url, payload)
        except (OSError, ValueError) as exc:
            logger.warning("Webhook of event %s failed: %s", event.pk, exc)


def _message(registration: Registration, kind: str) -> tuple[str, str]:
    event, deck = registration.event, registration.deck_name
    if kind == ILLEGAL:
        errors = "\n".join(
            f"- {i['code']} ({i['rule']}): {i['message']}" for i in registration.report["errors"]
        )
        return (
            f"{event.name}: your list {deck} is illegal",
            f"Your list {deck} for {event.name} is illegal:\n{errors}\n\n"
            f"Register a legal list before {event.registration_deadline:%Y-%m-%d %H:%M} UTC.",
        )
    if kind == DROPPED:
        return (
            f"{event.name}: you were dropped",
            f"The organiser dropped you from {event.name}. Ask them if this is a mistake.",
        )
    verdict = "legal" if registration.legal else "ILLEGAL"
    return (
        f"{event.name}: registration closes in a day",
        f"Registration for {event.name} closes at "
        f"{event.registration_deadline:%Y-%m-%d %H:%M} UTC. Your list {deck} is {verdict}.",
    )


def webhook_post(url: str, payload: dict[str, Any]) -> int:
    """POST the payload as JSON within the configured timeout; the HTTP status. Refuses (as
    ValueError) a URL that is not http(s) or whose host is private, unless settings allow."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"not an http(s) URL: {url!r}")
    if not settings.DECKWARDEN_WEBHOOK_ALLOW_PRIVATE:
        for *_, address in socket.getaddrinfo(parts.hostname, parts.port or 443):
            ip = ipaddress.ip_address(address[0])
            if not ip.is_global:
                raise ValueError(f"{parts.hostname} is a private address ({ip})")
    request = urllib.request.Request(
        url,
        data=json.dumps(payload).encode("utf-8"),
        headers={"Content-Type": "application/json", "User-Agent": "Deckwarden webhook"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=settings.DECKWARDEN_WEBHOOK_TIMEOUT) as answer:
        return answer.status


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
