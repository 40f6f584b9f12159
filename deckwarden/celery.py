"""The Celery application: reads CELERY_* settings from Django and finds each app's tasks.py."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "deckwarden.settings")

app = Celery("deckwarden")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
