"""Rate limits (DRF throttling): per client address for anonymous requests, per user for
authenticated ones, and a stricter limit on trading credentials for a token.

Counts live in Django's cache (settings.CACHES), so every process sharing that cache shares the
limits. Rates come from settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], read when a request
is checked (not once at import, as DRF's classes do), so tests and deployments can change them;
a rate of None turns that limit off. A throttled request answers 429 in the API's error shape
with a Retry-After header (api.errors).
"""

from __future__ import annotations

from typing import Any

from rest_framework import throttling
from rest_framework.settings import api_settings

# The scope of the limit on password checks through the API (failed ones also count towards the
# lock-out the website's log-in shares, basics/login_lockout.py).
LOGIN_SCOPE = "login"


class _RateFromSettings:
    scope: str

    def get_rate(self) -> str | None:
        return api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)


class AnonRateThrottle(_RateFromSettings, throttling.AnonRateThrottle):
    """Anonymous requests, counted per client address (scope `anon`)."""


class UserRateThrottle(_RateFromSettings, throttling.UserRateThrottle):
    """Authenticated requests, counted per user (scope `user`)."""


class _PerAddressRateThrottle(_RateFromSettings, throttling.SimpleRateThrottle):
    """Counted per client address whoever the client claims to be. DRF keeps each request's
    time, so the window slides honestly: a try leaves the count once it is older than the
    window, and no try restarts it."""

    def get_cache_key(self, request: Any, view: Any) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class LoginRateThrottle(_PerAddressRateThrottle):
    """Attempts to prove a password through the API."""

    scope = LOGIN_SCOPE


class SignupRateThrottle(_PerAddressRateThrottle):
    """Accounts made on the website's sign-up form (scope `signup`); the view asks it with a
    plain Django request, outside DRF."""

    scope = "signup"
