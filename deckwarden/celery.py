"""The Celery application: reads CELERY_* settings from Django and finds each app's tasks.py."""

import os
from typing import Any

from celery import Celery
from celery.signals import task_postrun, task_prerun
from django.db import close_old_connections

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "deckwarden.settings")

app = Celery("deckwarden")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@task_prerun.connect
@task_postrun.connect
def _connections_kept(task: Any = None, **kwargs: Any) -> None:
    """Database connections outlive a task as they outlive a request: closed around each task
    only when unusable or older than CONN_MAX_AGE (Django's own check, and the health check
    before reuse), not every time as Celery's Django fixup does unless CELERY_DB_REUSE_MAX says
    otherwise (settings). A new PostgreSQL connection for each chunk of games cost the worker
    1.4 ms of CPU and the server a backend's start (issue 44). Not for a task run in the
    caller's process (`apply`, eager): its connection is the caller's, perhaps in a transaction."""
    if task is not None and not getattr(task.request, "is_eager", False):
        close_old_connections()
