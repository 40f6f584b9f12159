"""Writing a card's revisions: every change to a catalogue card is one (issue 36, item 3)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any

from django.contrib.auth.models import User
from django.utils import timezone

from ..models import Card, CardRevision


@dataclass(frozen=True)
class RevisionNote:
    """Who and why for the revisions a write makes, and the day they take effect (today
    when not given: an erratum announced for a later day carries that day)."""

    reason: str = ""
    proposed_by: User | None = None
    approved_by: User | None = None
    effective: date | None = None


def revisions_record(
    *, changes: Iterable[tuple[Card, Mapping[str, tuple[Any, Any]]]], note: RevisionNote
) -> list[CardRevision]:
    """One revision per changed card, each field (before, after); the cards are saved."""
    effective = note.effective or timezone.localdate()
    revisions = [
        CardRevision(
            card=card,
            fields={name: {"before": b, "after": a} for name, (b, a) in fields.items()},
            reason=note.reason,
            proposed_by=note.proposed_by,
            approved_by=note.approved_by,
            effective=effective,
        )
        for card, fields in changes
        if card.owner_id is None  # a user-made card is its author's, not the catalogue's
    ]
    return CardRevision.objects.bulk_create(revisions, batch_size=500)
