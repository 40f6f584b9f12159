"""`manage.py clear_scratch_decks`: delete the scratch decks (web.scratch) whose session has
ended: their scratch owner, with its decks, drafts and test games. Run it beside Django's
`clearsessions`, e.g. daily; a scratch owner made in the last day is kept whatever its session
(its visitor may be making their first deck right now)."""

from __future__ import annotations

from datetime import timedelta

from django.contrib.sessions.models import Session
from django.core.management.base import BaseCommand
from django.utils import timezone

from decks.scratch import scratch_owners_delete
from web.scratch import SESSION_KEY

GRACE = timedelta(days=1)


class Command(BaseCommand):
    help = "Delete the scratch decks of visitors whose session has ended."

    def handle(self, *args, **options) -> None:
        live = set()
        for session in Session.objects.filter(expire_date__gt=timezone.now()).iterator():
            owner = session.get_decoded().get(SESSION_KEY)
            if isinstance(owner, int):
                live.add(owner)
        deleted = scratch_owners_delete(keep=live, made_before=timezone.now() - GRACE)
        self.stdout.write(f"Scratch owners deleted (with their decks): {deleted}.")
