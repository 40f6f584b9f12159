"""Who may be emailed a notice, and how they stop it (issue 39, item 2).

Nobody can use the service to email someone else: a notice about an event goes to a player
only if all of these hold, checked when it is about to be sent:
- they joined the event themselves (the invite link, or a list of their own: RosterEntry.joined),
  never because an organiser typed their username in;
- their address is verified (events.email_addresses);
- they have not stopped mail from the event or its organiser (MailStop);
- no notice of this kind about this event reached them in the last hour, and fewer than
  DECKWARDEN_NOTICES_PER_DAY from this organiser in the last day (drop and undo-drop cycled
  sends one email, not one a cycle).
A notice allowed is recorded (NoticeSent) under a lock on the player's verified address, so two
workers sending at once count each other; it is sent only once that record commits
(events.notifications.email_notice says why). Every email carries a signed link that stops all mail
from the event or the organiser, and RFC 8058's List-Unsubscribe headers for the organiser's.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.contrib.auth.models import User
from django.core import signing
from django.db import transaction
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone

from .email_addresses import email_verified, same_address
from .models import Event, MailStop, NoticeSent, Registration, RosterEntry, VerifiedEmail

SALT = "events.notice_gate.stop"
EVENT, ORGANISER = "event", "organiser"


@dataclass(frozen=True)
class Envelope:
    """Where an allowed notice goes, and the links that stop such mail (the service's own)."""

    address: str
    stop_event: str
    stop_organiser: str
    notice: int  # the NoticeSent that counts it, taken back out if the send fails

    @property
    def footer(self) -> str:
        """The plain-text part's last lines: why it came, and how to stop it."""
        return (
            "\n\n--\nYou get this because you joined this event on Deckwarden.\n"
            f"Stop all mail about this event: {self.stop_event}\n"
            f"Stop all mail from this event's organiser: {self.stop_organiser}"
        )

    @property
    def headers(self) -> dict[str, str]:
        """RFC 8058: a mail client's unsubscribe button stops the organiser's mail in a POST."""
        return {
            "List-Unsubscribe": f"<{self.stop_organiser}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        }


def notice_allowed(*, player: User, event: Event, kind: str) -> Envelope | None:
    """The envelope of a notice of `kind` about `event` to `player`, recorded as sent (in the
    caller's transaction, if any: the send waits for its commit); None when the player may not
    be emailed it (see the module's list)."""
    address = email_verified(user=player)
    if address is None or not _joined(player, event) or _stopped(player, event):
        return None
    with transaction.atomic():
        VerifiedEmail.objects.select_for_update().filter(user=player).first()
        if _over_limit(player, event, kind):
            return None
        notice = NoticeSent.objects.create(
            recipient=player, event=event, organiser_id=event.organiser_id, kind=kind
        )
    return _envelope(address, player, event, notice.pk)


NOT_JOINED = "not emailed: they did not join the event themselves (a paper list)"
NO_ADDRESS = "not emailed: no confirmed email address"
STOPPED = "not emailed: they stopped mail from this event or from you"


def players_not_emailed(*, event: Event) -> dict[str, str]:
    """For the organiser's dashboard: each registered player whom no notice reaches, by
    username, with why (the reasons notice_allowed refuses, the limits aside)."""
    current = Registration.objects.filter(event=event, replaced__isnull=True)
    players = [r.player for r in current.select_related("player")]
    joined = set(
        RosterEntry.objects.filter(event=event, joined__isnull=False).values_list(
            "player_id", flat=True
        )
    )
    verified = dict(VerifiedEmail.objects.filter(user__in=players).values_list("user_id", "email"))
    stops = MailStop.objects.filter(Q(event=event) | Q(organiser_id=event.organiser_id))
    stopped = set(stops.values_list("user_id", flat=True))
    reasons = {}
    for player in players:
        if player.pk not in joined:
            reasons[player.username] = NOT_JOINED
        elif not same_address(player.email, verified.get(player.pk)):
            reasons[player.username] = NO_ADDRESS
        elif player.pk in stopped:
            reasons[player.username] = STOPPED
    return reasons


def _joined(player: User, event: Event) -> bool:
    return RosterEntry.objects.filter(event=event, player=player, joined__isnull=False).exists()


def _stopped(player: User, event: Event) -> bool:
    scope = Q(event=event) | Q(organiser_id=event.organiser_id)
    return MailStop.objects.filter(scope, user=player).exists()


def _over_limit(player: User, event: Event, kind: str) -> bool:
    now = timezone.now()
    sent = NoticeSent.objects.filter(recipient=player)
    same = sent.filter(event=event, kind=kind, sent__gt=now - timedelta(hours=1))
    today = sent.filter(organiser_id=event.organiser_id, sent__gt=now - timedelta(days=1))
    return same.exists() or today.count() >= settings.DECKWARDEN_NOTICES_PER_DAY


def _envelope(address: str, player: User, event: Event, notice: int) -> Envelope:
    return Envelope(
        address=address,
        notice=notice,
        stop_event=stop_link(player=player, event=event, scope=EVENT),
        stop_organiser=stop_link(player=player, event=event, scope=ORGANISER),
    )


def stop_link(*, player: User, event: Event, scope: str) -> str:
    """The absolute link that stops `player`'s mail from the event or its organiser. Signed,
    not stored, and never expiring: an old email's link still works."""
    target = event.pk if scope == EVENT else event.organiser_id
    token = signing.dumps({"user": player.pk, scope: target}, salt=SALT)
    return settings.DECKWARDEN_SITE_URL.rstrip("/") + reverse("web:mail-stop", args=[token])


@dataclass(frozen=True)
class StopRequest:
    """What a stop link asks: whose mail, and from which event or organiser."""

    user: User
    event: Event | None
    organiser: User | None

    @property
    def source(self) -> str:
        if self.event is not None:
            return f"the event {self.event.name}"
        assert self.organiser is not None
        return f"events organised by {self.organiser.get_username()}"


class StopLinkInvalid(Exception):
    """The stop link is not one we sent (or names what no longer exists)."""


def stop_request(*, token: str) -> StopRequest:
    """What the token asks; StopLinkInvalid if it is not ours or its user or event is gone."""
    try:
        claim = signing.loads(token, salt=SALT)
    except signing.BadSignature:
        raise StopLinkInvalid from None
    user = User.objects.filter(pk=claim.get("user")).first()
    event = Event.objects.filter(pk=claim[EVENT]).first() if EVENT in claim else None
    organiser = User.objects.filter(pk=claim[ORGANISER]).first() if ORGANISER in claim else None
    if user is None or (event is None and organiser is None):
        raise StopLinkInvalid
    return StopRequest(user=user, event=event, organiser=organiser)


def mail_stop(*, request: StopRequest) -> MailStop:
    """Stop the mail the request names (again is harmless)."""
    return MailStop.objects.get_or_create(
        user=request.user, event=request.event, organiser=request.organiser
    )[0]
