"""Log-in lock-out (django-axes), in three tiers, on the website's log-in form, the admin's and
`POST /api/v1/auth/token/` alike. Failed password checks are counted in the database per
username, address and browser (axes' AccessAttempt rows); successful log-ins count nothing.

1. A username tried from one address: past AXES_FAILURE_LIMIT failures that pair is locked out
   for the cool-off (AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]). A guesser at a
   venue locks out only the name they guess, from their address; the other players at that
   address log in as ever.
2. An address alone: locked out only past DECKWARDEN_LOGIN_ADDRESS_FAILURE_LIMIT failures
   across all the usernames tried from it, far more than a venue's typos add up to.
3. A username tried from many addresses: past DECKWARDEN_LOGIN_USERNAME_SLOW_AFTER failures,
   it is slowed, not locked: from an address it has never signed in from, one try per
   DECKWARDEN_LOGIN_USERNAME_SLOW_SECONDS, whoever tries; from an address its owner has
   signed in from (axes' AccessLog), no limit but the pair's. So guessing one name from many
   addresses is held to a crawl, and nobody can keep its owner out.

A lock runs from the last counted failure (tries refused while locked or slowed are not counted
and do not extend it). Settings: AXES_* and DECKWARDEN_LOGIN_* in deckwarden/settings.py.

The client's address is the API's rate limits' (DRF's, DECKWARDEN_NUM_PROXIES trusted proxies
in X-Forwarded-For), so behind a proxy each client has its own budget, and a header a client
sets itself moves nothing when no proxy is configured.
"""

from __future__ import annotations

import math
from datetime import datetime
from typing import Any

from axes.attempts import get_cool_off_threshold
from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_username, get_cool_off
from axes.models import AccessAttempt, AccessLog
from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm
from django.db.models import Max, Sum
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils import timezone

from basics.errors import error_body

LOCKED_OUT = (
    "Too many failed log-ins for this account from your address. "
    "Wait {minutes} minutes and try again."
)
ADDRESS_LOCKED_OUT = (
    "Too many failed log-ins from your address, for many accounts. "
    "Wait {minutes} minutes and try again."
)
SLOWED = (
    "Someone has been guessing this account's password from elsewhere, so log-ins to it from "
    "addresses it has not signed in from are slowed down. Try again in {seconds} seconds."
)
# Why a request was refused (set on it by the handler, read by lockout_response).
REFUSAL = "deckwarden_login_refusal"


class TieredLockoutHandler(AxesDatabaseHandler):
    """axes' database handler with the address and username tiers added to its pair's limit."""

    def is_locked(self, request: HttpRequest, credentials: dict | None = None) -> bool:
        if super().is_locked(request, credentials):
            setattr(request, REFUSAL, (LOCKED_OUT, None))
            return True
        counted = AccessAttempt.objects.filter(attempt_time__gte=get_cool_off_threshold(request))
        # axes' middleware gives every request its client address; HttpRequest declares none
        address = request.axes_ip_address  # type: ignore[attr-defined]
        address_limit = settings.DECKWARDEN_LOGIN_ADDRESS_FAILURE_LIMIT
        if _failures(counted.filter(ip_address=address)) >= address_limit:
            setattr(request, REFUSAL, (ADDRESS_LOCKED_OUT, None))
            return True
        username = get_client_username(request, credentials)
        wait = _slowed_for(counted.filter(username=username), username, address)
        if wait:
            setattr(request, REFUSAL, (SLOWED, wait))
            return True
        return False


def _failures(attempts: Any) -> int:
    return attempts.aggregate(total=Sum("failures_since_start"))["total"] or 0


def _slowed_for(attempts: Any, username: str | None, address: str) -> int:
    """Seconds this address must wait before trying this username (0: it may try now)."""
    if username is None or _failures(attempts) < settings.DECKWARDEN_LOGIN_USERNAME_SLOW_AFTER:
        return 0
    if AccessLog.objects.filter(username=username, ip_address=address).exists():
        return 0  # its owner has signed in from here
    last: datetime = attempts.aggregate(last=Max("attempt_time"))["last"]
    since = (timezone.now() - last).total_seconds()
    return max(0, math.ceil(settings.DECKWARDEN_LOGIN_USERNAME_SLOW_SECONDS - since))


def lockout_response(
    request: HttpRequest, original_response: HttpResponse | None, credentials: Any
) -> HttpResponse:
    """429 with Retry-After: in the API's error shape under /api/, else the log-in page saying
    why."""
    message, seconds = getattr(request, REFUSAL, (LOCKED_OUT, None))
    if seconds is None:
        seconds = int(get_cool_off(request).total_seconds())
    detail = message.format(minutes=max(1, round(seconds / 60)), seconds=seconds)
    if request.path.startswith("/api/"):
        body = error_body(429, "locked_out", detail)
        return JsonResponse(body, status=429, headers={"Retry-After": str(seconds)})
    form = AuthenticationForm(request, initial={"username": request.POST.get("username", "")})
    context = {"form": form, "locked_out": detail, "heading": "Log in", "submit": "Log in"}
    response = render(request, "web/accounts/login.html", context, status=429)
    response["Retry-After"] = str(seconds)
    return response
