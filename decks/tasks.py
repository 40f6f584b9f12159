"""Celery tasks of the decks app: thin, each calls a service.

Names are pinned (decks.verdicts.REFRESH_TASK): tasks already queued name them.
"""

from __future__ import annotations

from celery import shared_task

from .verdicts import REFRESH_TASK, verdicts_refresh


@shared_task(name=REFRESH_TASK)
def refresh_verdicts() -> int:
    """Judge again every deck whose stored verdict a change of the lists ended; how many."""
    return verdicts_refresh()
