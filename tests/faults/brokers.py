"""Pointing this process's Celery app at another broker for a test, then back."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from deckwarden.celery import app

REFUSING = "redis://127.0.0.1:1/0"  # nothing listens on port 1: connections are refused


def point_at(url: str) -> None:
    app.conf.broker_url = url
    # Connections and producers are pooled per broker URL and made lazily: drop the app's
    # references (without closing the pools, which other tests' URLs share) to make new ones.
    app._pool = None
    app.amqp._producer_pool = None


@contextmanager
def broker_at(url: str, monkeypatch) -> Iterator[None]:
    kept = app.conf.broker_url
    monkeypatch.delenv("CELERY_BROKER_URL", raising=False)  # Celery reads it before its conf
    point_at(url)
    try:
        yield
    finally:
        point_at(kept)
