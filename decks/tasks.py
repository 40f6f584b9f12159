"""Celery tasks of the decks app: thin, each calls a service.

Names are pinned (decks.verdicts.REFRESH_TASK, decks.proxies.PRINT_TASK): tasks already queued
name them.
"""

from __future__ import annotations

import logging

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded

from .proxies import PRINT_SECONDS, PRINT_TASK, proxy_print_draw, proxy_print_fail
from .verdicts import REFRESH_TASK, verdicts_refresh

logger = logging.getLogger(__name__)


@shared_task(name=REFRESH_TASK)
def refresh_verdicts() -> int:
    """Judge again every deck whose stored verdict a change of the lists ended; how many."""
    return verdicts_refresh()


@shared_task(
    name=PRINT_TASK,
    acks_late=True,  # idempotent: a print drawn already is skipped (proxy_print_draw)
    reject_on_worker_lost=True,
    soft_time_limit=PRINT_SECONDS * 0.9,
    time_limit=PRINT_SECONDS,
)
def print_proxies(print_id: str) -> str:
    """Draw a deck's proxies in the background (decks.proxies); done, failed or skipped."""
    try:
        return proxy_print_draw(print_id=print_id)
    except SoftTimeLimitExceeded:
        proxy_print_fail(print_id=print_id, error=f"Drawing it took over {PRINT_SECONDS} s.")
    except Exception as exc:  # drawing it again would fail again: its owner is told
        logger.exception("Proxies %s failed", print_id)
        proxy_print_fail(print_id=print_id, error=f"It could not be drawn ({type(exc).__name__}).")
    return "failed"
