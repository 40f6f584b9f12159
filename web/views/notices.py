"""The link in every notice that stops a player's mail from an event or its organiser (issue
39, item 2; events.notice_gate). Opening it shows what it stops and one button; the button, or a
mail client's RFC 8058 one-click POST (`List-Unsubscribe=One-Click`), stops it. A GET alone stops
nothing, as RFC 8058 asks: mail scanners open links. The POST carries no CSRF token (a mail
client sends none): the signed link is what authorises it, and it can only stop mail."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from events.notice_gate import StopLinkInvalid, stop_request
from events.notice_gate import mail_stop as stop

TEMPLATE = "web/notices/stop.html"


@csrf_exempt
@require_http_methods(["GET", "POST"])
def mail_stop(request: HttpRequest, token: str) -> HttpResponse:
    try:
        asked = stop_request(token=token)
    except StopLinkInvalid:
        context = {"problem": "This link is not one we sent, or it was cut short."}
        return render(request, TEMPLATE, context, status=400)
    if request.method == "POST":
        stop(request=asked)
        return render(request, TEMPLATE, {"asked": asked, "stopped": True})
    return render(request, TEMPLATE, {"asked": asked})
