"""Rate limits (DRF throttling): per client address for anonymous requests, per user for
authenticated ones, and a limit on password checks through the API per username and address.

The anonymous and user budgets are counted in cost, not requests: a read costs READ, any other
request WRITE, and the operations that queue work for the workers (test games, the doctor,
batch validation) QUEUES_WORK (COSTS, by URL name); so a client may read far more than it may
queue, on the API and the website alike (SiteFormThrottle asks the same throttles with the
same costs). A log-in costs nothing: its password checks are limited by the lock-out, by
username and address (basics/login_lockout.py), so players behind one venue address who have
browsed and checked lists can still sign in.

Counts live in Django's cache (settings.CACHES), so every process sharing that cache shares the
limits. Rates come from settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], read when a request
is checked (not once at import, as DRF's classes do), so tests and deployments can change them;
a rate of None turns that limit off. A throttled request answers 429 in the API's error shape
with a Retry-After header (api.errors), or the site's page saying so.
"""

from __future__ import annotations

import hashlib
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

SAFE_METHODS = ("GET", "HEAD", "OPTIONS", "TRACE")
# What a request costs its client's budget (the `anon` and `user` rates count these units).
READ = 1
WRITE = 2
QUEUES_WORK = 30
# The cost of a POST (or any unsafe method) where it is not WRITE, by URL name (namespace:name
# on the website and the admin, the bare name under /api/v1/).
COSTS = {
    # Work queued for the workers: games played, rounds of the doctor, lists checked by the
    # hundred.
    "simulation-list": QUEUES_WORK,
    "simulation-card-test": QUEUES_WORK,
    "doctor-list": QUEUES_WORK,
    "validate-batch": QUEUES_WORK,
    "validate-batch-csv": QUEUES_WORK,
    "tools:test-games": QUEUES_WORK,
    "tools:keeper-card-test": QUEUES_WORK,
    "web:deck-doctor": QUEUES_WORK,
    # Log-in: limited by the lock-out alone (the token endpoint by LoginRateThrottle besides).
    "web:login": 0,
    "admin:login": 0,
}


def request_cost(request: Any) -> int:
    """What `request` (Django's or DRF's, once its URL is resolved) costs its client's budget."""
    if request.method in SAFE_METHODS:
        return READ
    match = request.resolver_match
    return COSTS.get(match.view_name, WRITE) if match else WRITE


class _RateFromSettings:
    scope: str

    def get_rate(self) -> str | None:
        return api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)


class _CostedRateThrottle(_RateFromSettings, throttling.SimpleRateThrottle):
    """A budget of cost units (request_cost) per window: DRF's sliding window, where a request
    leaves as many marks as it costs, and a request is refused if its cost does not fit."""

    cost = READ

    def allow_request(self, request: Any, view: Any) -> bool:
        if self.rate is None:
            return True
        self.key = self.get_cache_key(request, view)
        self.cost = request_cost(request)
        if self.key is None or not self.cost:
            return True
        self.history = self.cache.get(self.key, [])
        self.now = self.timer()
        while self.history and self.history[-1] <= self.now - self.duration:
            self.history.pop()
        if len(self.history) + self.cost > self.num_requests:
            return self.throttle_failure()
        self.history[:0] = [self.now] * self.cost  # newest first, as DRF keeps them
        self.cache.set(self.key, self.history, self.duration)
        return True

    def wait(self) -> float | None:
        """Seconds until enough of the window's marks have left for this request to fit."""
        leaving = len(self.history) + self.cost - self.num_requests
        if leaving > len(self.history):
            return None  # costs more than the whole budget: never
        return self.duration - (self.now - self.history[-leaving])


class AnonRateThrottle(_CostedRateThrottle, throttling.AnonRateThrottle):
    """Anonymous requests, counted per client address (scope `anon`)."""


class UserRateThrottle(_CostedRateThrottle, throttling.UserRateThrottle):
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


class LoginRateThrottle(_RateFromSettings, throttling.SimpleRateThrottle):
    """Attempts to prove a password through the API, counted per username and client address
    as the lock-out counts failures: one guesser's tries at one name from a venue's address
    hold back that name from there, not every player behind the address (issue 43)."""

    scope = LOGIN_SCOPE

    def get_cache_key(self, request: Any, view: Any) -> str:
        data = request.data
        username = str(data.get("username", "")) if hasattr(data, "get") else ""
        # Hashed: a cache key is short and plain, a username need not be.
        name = hashlib.sha256(username.encode()).hexdigest()[:32]
        ident = f"{self.get_ident(request)}:{name}"
        return self.cache_format % {"scope": self.scope, "ident": ident}


class SignupRateThrottle(_PerAddressRateThrottle):
    """Accounts made on the website's sign-up form (scope `signup`); the view asks it with a
    plain Django request, outside DRF."""

    scope = "signup"


class SiteFormThrottle:
    """The API's request limits (DEFAULT_THROTTLE_CLASSES, the same counts and costs) on the
    website's forms: every POST, PUT, PATCH or DELETE outside /api/ costs its client's budget
    what the same operation costs on the API (request_cost), so a form that queues work (test
    games, the doctor) cannot be sent faster than the API's endpoint for it, and a log-in costs
    nothing. Past the limit: 429 with Retry-After, on a page saying so. Pages that are only
    read are left to the cache and the database's own speed.

    Asked once the URL is resolved (process_view), since a request's cost is its view's."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(
        self, request: HttpRequest, view: Any, args: Any, kwargs: Any
    ) -> HttpResponse | None:
        if request.method in SAFE_METHODS or request.path.startswith("/api/"):
            return None
        waits = [
            throttle.wait()
            for throttle in (cls() for cls in api_settings.DEFAULT_THROTTLE_CLASSES)
            if not throttle.allow_request(request, None)
        ]
        if not waits:
            return None
        seconds = max(1, math.ceil(max(wait or 60 for wait in waits)))
        response = render(request, "429.html", {"retry_after": seconds}, status=429)
        response["Retry-After"] = str(seconds)
        return response
