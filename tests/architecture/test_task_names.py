"""Celery task names are pinned (issue 22): chunks already queued and the documented beat schedule
name a task by its name, so moving a module must not rename a task."""

from __future__ import annotations

from celery import current_app

PINNED = {
    "rules.tasks.run_simulation_chunk",
    "events.tasks.deliver_notifications",
    "events.tasks.deliver_penalty_notice",
    "events.tasks.remind_deadlines",
    "decks.tasks.refresh_verdicts",
    "decks.tasks.print_proxies",
}


def test_every_task_of_the_project_keeps_its_pinned_name():
    ours = {name for name in current_app.tasks if not name.startswith("celery.")}
    assert ours == PINNED
