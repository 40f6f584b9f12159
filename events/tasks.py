"""Celery tasks of the events app: thin, each calls a service of events.notifications.

Names are pinned (events.notifications.DELIVER_TASK, REMIND_TASK, PENALTY_TASK): tasks already
queued and the documented beat schedule name them, so moving a module moves no task.
"""

from __future__ import annotations

from celery import shared_task

from .notifications import (
    DELIVER_TASK,
    PENALTY_TASK,
    REMIND_TASK,
    deadlines_remind,
    deliver_many,
    deliver_penalty,
)


@shared_task(name=DELIVER_TASK)
def deliver_notifications(registration_ids: list[int], kind: str) -> int:
    """Send the news about each entry (email, organiser's webhook); how many were sent."""
    return deliver_many(registration_ids=registration_ids, kind=kind)


@shared_task(name=PENALTY_TASK)
def deliver_penalty_notice(
    check_id: int | None, previous: str | None = None, penalty_id: int | None = None
) -> bool:
    """Tell the player the penalty of their deck check (changed from `previous`, if a
    correction changed it; None for a first check), or one a judge gave outside a check
    (`penalty_id`); whether it still exists."""
    return deliver_penalty(check_id=check_id, previous=previous, penalty_id=penalty_id)


@shared_task(name=REMIND_TASK)
def remind_deadlines() -> int:
    """Remind the players of every event whose deadline is a day away (once per event); run it
    every hour (cron, or `celery beat`); how many events were reminded."""
    return deadlines_remind()
