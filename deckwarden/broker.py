"""The Redis broker transport the workers use: kombu's, except that a channel whose connection
to Redis was lost neither puts its unacknowledged tasks back nor acknowledges one later.

When Redis goes away (a restart), Celery closes the consumer's channel after clearing the
connection's details, and opens a new one once Redis is back. kombu's channel then still
tried to reach Redis through the closed one, twice, each raising AttributeError (not a
connection error, which Celery would have survived) and ending the worker (issue 43, item 5):
putting back the task the worker held as the connection dropped ("Unrecoverable error:
AttributeError(\"'NoneType' object has no attribute 'hostname'\")"), and acknowledging it once
played ("... no attribute 'client'"). Nothing is lost without either: a chunk task is
idempotent, and the workers' sweep (jobs.tasks) queues again, within a claim lease, every chunk
whose claim went stale or whose task the broker no longer holds; a task that Redis still holds
unacknowledged comes back after the visibility timeout, as a killed worker's does, and finds its
chunk done.
"""

from __future__ import annotations

import logging
from typing import Any

from kombu.transport import redis

logger = logging.getLogger(__name__)


class Channel(redis.Channel):
    do_restore = False  # when it closes: the sweep and the visibility timeout do it

    def basic_ack(self, delivery_tag: Any, multiple: bool = False) -> None:
        if self._lost():
            return
        super().basic_ack(delivery_tag, multiple=multiple)

    def basic_reject(self, delivery_tag: Any, requeue: bool = False) -> None:
        if self._lost():
            return
        super().basic_reject(delivery_tag, requeue=requeue)

    def _lost(self) -> bool:
        """Closed with its connection (kombu unsets it): a task taken through it is answered
        by the visibility timeout and the sweep, not through it."""
        if self.connection is not None:
            return False
        logger.info("A task taken before the broker connection was lost is left to the sweep.")
        return True


class Transport(redis.Transport):
    Channel = Channel
