"""Telling a proposer what became of their proposal: an email through Django's email backend
(the console unless an SMTP server is set), sent once the review commits, so a review rolled
back tells nobody. One email per proposer for a reviewed upload, not one per card."""

from __future__ import annotations

from collections.abc import Sequence

from django.core.mail import send_mail
from django.db import transaction

from .models import Proposal

_VERBS = {
    Proposal.Status.APPROVED: "was approved",
    Proposal.Status.REJECTED: "was rejected",
    Proposal.Status.CHANGES_REQUESTED: "needs changes",
}


def proposer_tell(*, proposals: Sequence[Proposal]) -> None:
    """Queue the news of these reviewed proposals (all of one proposer) for after the commit."""
    if not proposals or not proposals[0].proposer.email:
        return
    first = proposals[0]
    verb = _VERBS[Proposal.Status(first.status)]
    what = f"Your proposal of {first.card.get('name', first.key)}"
    if len(proposals) > 1:
        what = f"Your {len(proposals)} proposals from {first.upload or 'one upload'}"
    lines = [f"{what} ({first.game.name}) {verb}."]
    if first.review_note:
        lines.append(f"The curator says: {first.review_note}")
    subject, body, to = f"Deckwarden: {what} {verb}", "\n\n".join(lines), first.proposer.email
    transaction.on_commit(lambda: send_mail(subject, body, None, [to], fail_silently=True))
