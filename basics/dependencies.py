"""Whether the servers the service depends on answer: the database, Django's cache and the
Celery broker. Each check is bounded by the connection timeouts set in settings (a frozen
server costs a second or two, never a hung request) and says "ok" or "unavailable"; the
reason goes to the log, not to the client."""

from __future__ import annotations

import logging
import secrets

from django.core.cache import cache
from django.db import DatabaseError, connection

logger = logging.getLogger(__name__)

OK, UNAVAILABLE = "ok", "unavailable"
PROBE_KEY = "deckwarden:readiness-probe"


def database_status() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError as exc:
        logger.warning("Readiness: the database is unavailable: %s", exc)
        return UNAVAILABLE
    return OK


def cache_status() -> str:
    """A value written and read back: a cache that degrades (basics.cache) drops the write
    and reads nothing while its server is down, so this sees the outage it hides from others."""
    token = secrets.token_hex(8)
    try:
        cache.set(PROBE_KEY, token, timeout=10)
        answered = cache.get(PROBE_KEY)
    except Exception as exc:  # each cache backend raises its own errors
        logger.warning("Readiness: the cache is unavailable: %s", exc)
        return UNAVAILABLE
    # Another process may have written its own token meanwhile: any answer means it works.
    return OK if answered is not None else UNAVAILABLE


def broker_status() -> str:
    """The chunk queue looked up on a pooled broker connection (the one job submissions use):
    a round trip to the broker, without a new connection each time."""
    from celery import current_app as app  # the project's (deckwarden.celery), set up with it
    from django.conf import settings
    from kombu.exceptions import KombuError

    try:
        with app.pool.acquire(block=True, timeout=1) as conn:
            try:
                conn.ensure_connection(max_retries=1, interval_start=0, interval_step=0)
                conn.default_channel.queue_declare(
                    queue=settings.DECKWARDEN_SIMULATION_QUEUE, passive=True
                )
            except conn.channel_errors:
                pass  # no such queue yet: the broker answered all the same
            except conn.connection_errors as exc:
                conn.collect()  # a broken connection is not handed out again
                raise KombuError(str(exc)) from exc
    except (KombuError, OSError) as exc:
        logger.warning("Readiness: the broker is unavailable: %s", exc)
        return UNAVAILABLE
    return OK


def dependencies_status() -> dict[str, str]:
    return {"database": database_status(), "cache": cache_status(), "broker": broker_status()}
