"""Log-in lock-out (django-axes): failed password checks are counted per username and per client
address, in the database, on the website's log-in form, the admin's and `POST /api/v1/auth/token/`
alike; successful log-ins count nothing. Past the limit, that username or address is refused
until the cool-off has passed since its last counted failure (tries while locked out do not
extend it). Settings: AXES_* in deckwarden/settings.py.

The client's address is the API's rate limits' (DRF's, DECKWARDEN_NUM_PROXIES trusted proxies
in X-Forwarded-For), so behind a proxy each client has its own budget, and a header a client
sets itself moves nothing when no proxy is configured.
"""

from __future__ import annotations

from typing import Any

from axes.helpers import get_cool_off
from django.contrib.auth.forms import AuthenticationForm
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from basics.errors import error_body

LOCKED_OUT = (
    "Too many failed log-ins for this account or from your address. "
    "Wait {minutes} minutes and try again."
)


def lockout_response(
    request: HttpRequest, original_response: HttpResponse | None, credentials: Any
) -> HttpResponse:
    """429: in the API's error shape under /api/, else the log-in page saying why."""
    seconds = int(get_cool_off(request).total_seconds())
    detail = LOCKED_OUT.format(minutes=max(1, round(seconds / 60)))
    if request.path.startswith("/api/"):
        body = error_body(429, "locked_out", detail)
        return JsonResponse(body, status=429, headers={"Retry-After": str(seconds)})
    form = AuthenticationForm(request, initial={"username": request.POST.get("username", "")})
    context = {"form": form, "locked_out": detail, "heading": "Log in", "submit": "Log in"}
    response = render(request, "web/accounts/login.html", context, status=429)
    response["Retry-After"] = str(seconds)
    return response
