"""Stored legality verdicts (decks.models.DeckVerdict): a list filtered to legal decks reads a
column instead of running the rules for every deck on every request (issue 25, item 3: 2.8 to
3.9 s for about 150 public decks).

A verdict is judged as the deck's owner sees it (the same check as its page and the API's
report) and holds while the deck is at the judged revision, the catalogue digest is unchanged
(formats, list entries, the catalogue's cards) and the day is before the format's lists next
change. Every saved revision is judged when it is saved (decks.services); decks whose verdict
no longer holds (the lists changed) are judged when a list next asks for them, once.
"""

from __future__ import annotations

import hashlib
import logging
from datetime import date, timedelta

from django.db.models import Count, Exists, Max, Min, OuterRef, Q, QuerySet
from django.utils import timezone

from cards.models import Card
from decks.models import Deck, DeckVerdict
from decks.selectors import deck_report
from rules.models import Format, FormatListEntry

logger = logging.getLogger(__name__)


# The task that judges again, in a worker, the decks whose verdicts a change of the lists ended
# (decks.tasks; pinned name: queued tasks name it).
REFRESH_TASK = "decks.tasks.refresh_verdicts"


def decks_legal(decks: QuerySet[Deck]) -> QuerySet[Deck]:
    """Those of `decks` that are legal in their format today (judging first those whose
    verdict no longer holds)."""
    digest, today = catalogue_digest(), timezone.localdate()
    holding = _holding(digest, today)
    verdicts_refresh(decks=decks, digest=digest, today=today)
    return decks.filter(Exists(holding.filter(legal=True)))


def verdicts_refresh(
    *, decks: QuerySet[Deck] | None = None, digest: str | None = None, today: date | None = None
) -> int:
    """Judge those of `decks` (default: all) whose verdict no longer holds; how many."""
    digest = digest or catalogue_digest()
    today = today or timezone.localdate()
    decks = Deck.objects.all() if decks is None else decks
    stale = decks.exclude(Exists(_holding(digest, today))).select_related("game", "format", "owner")
    judged = 0
    for deck in stale:
        deck_verdict_judge(deck=deck, digest=digest, today=today)
        judged += 1
    return judged


def verdicts_refresh_later() -> None:
    """Ask a worker to judge again the decks a change of the lists has made stale, so the next
    legal-only list finds them judged. Without a broker, the next list judges them itself."""
    from celery import current_app

    try:
        current_app.tasks[REFRESH_TASK].apply_async(retry=False)  # fail fast, never hang
    except Exception:  # any broker's error: the list judges what is stale, as before
        logger.warning("Could not queue %s; the next legal-only list judges instead.", REFRESH_TASK)


def deck_verdict_judge(*, deck: Deck, digest: str | None = None, today: date | None = None) -> bool:
    """Judge the deck now and store the verdict; whether it is legal."""
    digest = digest or catalogue_digest()
    today = today or timezone.localdate()
    judged_format = deck.format or Format.objects.filter(game=deck.game, is_default=True).first()
    legal = deck_report(deck=deck, viewer=deck.owner).legal
    DeckVerdict.objects.update_or_create(
        deck=deck,
        defaults={
            "format": judged_format,
            "revision": deck.revision,
            "catalogue": digest,
            "until": _next_change(judged_format, today),
            "legal": legal,
        },
    )
    return legal


def catalogue_digest() -> str:
    """What verdicts depend on beyond the deck: the formats, their dated lists and the
    catalogue's cards. Users' own cards are left out, so that a player making a card does not
    send every deck to be judged again; a deck holding one is judged whenever it is saved."""
    formats = Format.objects.order_by("id").values_list(
        "id", "game_id", "slug", "ruleset", "is_default", "starts", "ends", "options"
    )
    entries = FormatListEntry.objects.order_by("id").values_list(
        "id", "format_id", "card_id", "status", "limit", "effective"
    )
    cards = Card.objects.filter(owner__isnull=True).aggregate(
        count=Count("id"), last=Max("id"), updated=Max("updated")
    )
    stamp = (list(formats), list(entries), sorted(cards.items()))
    return hashlib.sha256(repr(stamp).encode()).hexdigest()


def _holding(digest: str, today: date) -> QuerySet[DeckVerdict]:
    """The verdicts, for the deck of the outer query, that still hold."""
    return DeckVerdict.objects.filter(
        Q(until__isnull=True) | Q(until__gt=today),
        deck=OuterRef("pk"),
        revision=OuterRef("revision"),
        catalogue=digest,
    )


def _next_change(judged_format: Format | None, today: date) -> date | None:
    """The first day after `today` on which the format's lists or dates change what is legal."""
    if judged_format is None:
        return None
    days = [
        FormatListEntry.objects.filter(format=judged_format, effective__gt=today).aggregate(
            first=Min("effective")
        )["first"]
    ]
    if judged_format.starts and judged_format.starts > today:
        days.append(judged_format.starts)
    if judged_format.ends and judged_format.ends >= today:
        days.append(judged_format.ends + timedelta(days=1))
    return min((day for day in days if day is not None), default=None)
