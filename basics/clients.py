"""Who a request comes from, for limits: the client's address, read the way the API's rate
limits read it (REST_FRAMEWORK["NUM_PROXIES"]: behind N proxies, from X-Forwarded-For), so the
website and the API count a client alike."""

from __future__ import annotations

from django.http import HttpRequest
from rest_framework.throttling import BaseThrottle


def client_address(request: HttpRequest) -> str:
    return BaseThrottle().get_ident(request)
