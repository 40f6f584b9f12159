"""Django's Redis cache, made to degrade rather than fail while its server is down or frozen.

What the cache holds here can be lost: rate-limit counts and short-lived copies. So when Redis
does not answer within the socket timeouts (settings), a read finds nothing, a write is dropped
and an increment finds no count, and the request goes on; the failure is logged. Rate limits
therefore let requests through during a Redis outage (the limits on queued test games are in
the database and still hold). After a failure the cache is not tried again for
RECHECK_SECONDS, so an outage costs one timeout per process in that time, not one per call.
Readiness (/api/v1/health/) still reports the outage: its probe's write reads back nothing.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any, TypeVar

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

logger = logging.getLogger(__name__)

RECHECK_SECONDS = 5.0
UNREACHABLE = (RedisConnectionError, RedisTimeoutError)
T = TypeVar("T")


class DegradingRedisCache(RedisCache):
    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._down_until = 0.0

    def _or(self, fallback: T, call: Callable[[], T]) -> T:
        if time.monotonic() < self._down_until:
            return fallback
        try:
            return call()
        except UNREACHABLE as exc:
            self._down_until = time.monotonic() + RECHECK_SECONDS
            logger.warning("The Redis cache is unreachable; going without it: %s", exc)
            return fallback

    def get(self, key: Any, default: Any = None, version: Any = None) -> Any:
        return self._or(default, lambda: RedisCache.get(self, key, default, version))

    def get_many(self, keys: Any, version: Any = None) -> dict[str, Any]:
        return self._or({}, lambda: RedisCache.get_many(self, keys, version))

    def has_key(self, key: Any, version: Any = None) -> bool:
        return self._or(False, lambda: RedisCache.has_key(self, key, version))

    def add(
        self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None
    ) -> bool:
        return self._or(False, lambda: RedisCache.add(self, key, value, timeout, version))

    def set(
        self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None
    ) -> None:
        self._or(None, lambda: RedisCache.set(self, key, value, timeout, version))

    def set_many(self, data: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None) -> list:
        # Django's answer lists the keys not stored: all of them.
        return self._or(list(data), lambda: RedisCache.set_many(self, data, timeout, version))

    def touch(self, key: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None) -> bool:
        return self._or(False, lambda: RedisCache.touch(self, key, timeout, version))

    def delete(self, key: Any, version: Any = None) -> bool:
        return self._or(False, lambda: RedisCache.delete(self, key, version))

    def delete_many(self, keys: Any, version: Any = None) -> None:
        self._or(None, lambda: RedisCache.delete_many(self, keys, version))

    def incr(self, key: Any, delta: int = 1, version: Any = None) -> int:
        missing = object()
        counted = self._or(missing, lambda: RedisCache.incr(self, key, delta, version))
        if counted is missing:  # as for a key that is not there (Django's contract)
            raise ValueError(f"Key '{key}' not found (the cache is unreachable)")
        return counted

    def clear(self) -> None:
        self._or(None, lambda: RedisCache.clear(self))
