"""Organiser pages: create an event, its dashboard (the report in HTML), publish, drop."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from events import selectors, services
from events.forms import EventForm

from .access import organised_event

FILTERS = {
    "all": lambda row: True,
    "illegal": lambda row: not row["legal"],
    "legal": lambda row: row["legal"],
    "dropped": lambda row: row["dropped"],
}


@login_required
def event_new(request: HttpRequest) -> HttpResponse:
    form = EventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        event = services.event_create(organiser=request.user, **form.cleaned_data)
        messages.success(request, f"{event.name} is ready. Share its link with your players.")
        return redirect("events:manage", token=event.token)
    return render(request, "events/event_form.html", {"form": form})


@login_required
def event_manage(request: HttpRequest, token: str) -> HttpResponse:
    """The dashboard: every registration, illegal lists first, each error with its rule;
    filtered by legality (?show=) and player name (?player=)."""
    event = organised_event(request, token)
    report = selectors.event_report(event=event)
    show = request.GET.get("show", "all")
    keep = FILTERS.get(show, FILTERS["all"])
    player = request.GET.get("player", "").strip().lower()
    rows = [
        row
        for row in report["registrations"]
        if keep(row) and (not player or player in row["player"].lower())
    ]
    context = {
        "event": event,
        "report": report,
        "rows": rows,
        "show": show,
        "player": request.GET.get("player", ""),
        "filters": list(FILTERS),
        "is_open": selectors.is_open(event=event),
        "share_url": request.build_absolute_uri(event.get_absolute_url()),
    }
    return render(request, "events/manage.html", context)


@login_required
@require_POST
def event_publish(request: HttpRequest, token: str) -> HttpResponse:
    event = organised_event(request, token)
    published = request.POST.get("published") == "true"
    services.event_update(event=event, published=published)
    messages.success(request, "Decklists published." if published else "Decklists hidden again.")
    return redirect("events:manage", token=token)


@login_required
@require_POST
def registration_drop(request: HttpRequest, token: str, pk: int) -> HttpResponse:
    event = organised_event(request, token)
    registration = selectors.registrations_current(event=event).filter(pk=pk).first()
    if registration is not None:
        services.registration_drop(registration=registration)
        messages.success(request, f"{registration.player} dropped.")
    return redirect("events:manage", token=token)


@login_required
@require_POST
def registrations_drop_illegal(request: HttpRequest, token: str) -> HttpResponse:
    event = organised_event(request, token)
    dropped = services.registrations_drop_illegal(event=event)
    messages.success(
        request, f"{dropped} player{'s' if dropped != 1 else ''} without a legal list dropped."
    )
    return redirect("events:manage", token=token)
