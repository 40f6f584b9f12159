"""Rate limits (DRF throttling): per client address for anonymous requests, per user for
authenticated ones, and a stricter limit on trading credentials for a token.

Counts live in Django's cache (settings.CACHES), so every process sharing that cache shares the
limits. Rates come from settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], read when a request
is checked (not once at import, as DRF's classes do), so tests and deployments can change them;
a rate of None turns that limit off. A throttled request answers 429 in the API's error shape
with a Retry-After header (api.errors); the website's forms count towards the same limits
(SiteFormThrottle).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
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
    """Authenticated requests, counted per user (scope `user`). An anonymous request is
    AnonRateThrottle's alone: DRF's class counted it a second time, per address under the looser
    user rate, which limited nothing and cost every anonymous request a second cache write (a
    file written and renamed with the default cache; issue 25, item 7)."""

    def get_cache_key(self, request: Any, view: Any) -> str | None:
        if not (request.user and request.user.is_authenticated):
            return None
        return super().get_cache_key(request, view)


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


class SiteFormThrottle:
    """The API's request limits (DEFAULT_THROTTLE_CLASSES, the same counts) on the website's
    forms: every POST, PUT, PATCH or DELETE outside /api/ counts towards the client's budget,
    so a form that queues work (test games, imports) cannot be sent faster than the API's
    endpoint for the same work. Past the limit: 429 with Retry-After, on a page saying so.
    Pages that are only read are left to the cache and the database's own speed."""

    SAFE_METHODS = ("GET", "HEAD", "OPTIONS", "TRACE")

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method in self.SAFE_METHODS or request.path.startswith("/api/"):
            return self.get_response(request)
        waits = [
            throttle.wait()
            for throttle in (cls() for cls in api_settings.DEFAULT_THROTTLE_CLASSES)
            if not throttle.allow_request(request, None)
        ]
        if waits:
            seconds = max(1, math.ceil(max(wait or 1 for wait in waits)))
            response = render(request, "429.html", {"retry_after": seconds}, status=429)
            response["Retry-After"] = str(seconds)
            return response
        return self.get_response(request)
