"""Counting sign-up and log-in attempts per client address in Django's cache, so that the HTML
forms cannot be used to guess passwords or mass-create accounts. (The API's own endpoints are
throttled by DRF.)"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.cache import cache
from django.http import HttpRequest


@dataclass(frozen=True)
class AttemptLimit:
    """At most `attempts` tries of `scope` from one address in any window of `seconds`."""

    scope: str
    attempts: int
    seconds: int

    def allows(self, request: HttpRequest) -> bool:
        """Count this attempt; False once the address has used up its attempts."""
        key = f"web-attempts:{self.scope}:{request.META.get('REMOTE_ADDR', '')}"
        # add() starts the window only when none is open, so waiting out the window resets it.
        cache.add(key, 0, timeout=self.seconds)
        try:
            count = cache.incr(key)
        except ValueError:  # the window closed between add() and incr()
            cache.set(key, 1, timeout=self.seconds)
            count = 1
        return count <= self.attempts


LOGIN_ATTEMPTS = AttemptLimit("login", attempts=10, seconds=5 * 60)
SIGNUP_ATTEMPTS = AttemptLimit("signup", attempts=5, seconds=60 * 60)
