"""Organiser pages: create an event, its dashboard (the report in HTML), publish, drop."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from events import selectors, services
from events.models import Event
from events.notice_gate import players_not_emailed
from events.roster import check_in_is_open
from web.forms.events import EventForm, after_round_typed

from .access import organised_event

FILTERS = {
    "all": lambda row: True,
    "illegal": lambda row: not row["legal"] and not row["dropped"],
    "legal": lambda row: row["legal"] and not row["dropped"],
    "unchecked": lambda row: not row["checked"] and not row["dropped"],
    "dropped": lambda row: row["dropped"],
}


@login_required
def event_new(request: HttpRequest) -> HttpResponse:
    form = EventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        event = services.event_create(organiser=request.user, **form.cleaned_data)
        messages.success(request, f"{event.name} is ready. Share its link with your players.")
        return redirect("events:manage", token=event.token)
    return render(request, "web/events/event_form.html", {"form": form})


@login_required
def event_edit(request: HttpRequest, token: str) -> HttpResponse:
    """Change the event's settings (the game only while nobody has registered)."""
    event = organised_event(request, token)
    form = EventForm(request.POST or None, instance=event)
    if request.method == "POST" and form.is_valid():
        changes = {name: form.cleaned_data[name] for name in form.changed_data}
        updated = services.event_update(event=event, **changes)
        messages.success(request, f"{event.name} is saved.")
        if updated.rechecked is not None:
            say_recheck(request, event, updated.rechecked, updated.changes)
        return redirect("events:manage", token=event.token)
    status = 400 if form.errors else 200
    context = {"form": form, "event": event}
    return render(request, "web/events/event_form.html", context, status=status)


@login_required
def event_delete(request: HttpRequest, token: str) -> HttpResponse:
    """Ask, then delete the event and its registrations (POST)."""
    event = organised_event(request, token)
    if request.method == "POST":
        name = event.name
        services.event_delete(event=event)
        messages.success(request, f"{name} and its registrations are deleted.")
        return redirect("events:index")
    registrations = selectors.registrations_current(event=event).count()
    context = {"event": event, "registrations": registrations}
    return render(request, "web/events/event_delete.html", context)


@login_required
def event_manage(request: HttpRequest, token: str) -> HttpResponse:
    """The dashboard: every registration, illegal lists first, each error with its rule;
    filtered by legality (?show=) and player name (?player=)."""
    event = organised_event(request, token)
    report = selectors.event_report(event=event)
    roster = selectors.event_roster(event=event)
    show = request.GET.get("show", "all")
    keep = FILTERS.get(show, FILTERS["all"])
    player = request.GET.get("player", "").strip().lower()
    not_emailed = players_not_emailed(event=event)
    rows = [
        {**row, "not_emailed": not_emailed.get(row["player"], "")}
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
        "invite_url": request.build_absolute_uri(f"{event.get_absolute_url()}join/"),
        "roster": roster,
        "not_emailed": len(not_emailed),
        "waiting": sum(row["state"] == "none" for row in roster),
        "checked_in": sum(row["checked_in"] for row in roster),
        "waitlisted": sum(row["state"] == "waitlisted" for row in roster),
        "check_in_open": check_in_is_open(event=event),
    }
    return render(request, "web/events/manage.html", context)


@login_required
@require_POST
def event_publish(request: HttpRequest, token: str) -> HttpResponse:
    event = organised_event(request, token)
    published = request.POST.get("published") == "true"
    confirmed = request.POST.get("publish_while_open") == "true"
    try:
        services.event_update(event=event, published=published, publish_while_open=confirmed)
    except services.PublishWhileOpen as exc:
        messages.error(request, str(exc))
        return redirect("events:manage", token=token)
    messages.success(request, "Decklists published." if published else "Decklists hidden again.")
    return redirect("events:manage", token=token)


@login_required
@require_POST
def registration_drop(request: HttpRequest, token: str, pk: int) -> HttpResponse:
    """Drop a player, after the round typed (empty: not said); their matches still count."""
    event = organised_event(request, token)
    registration = selectors.registrations_current(event=event).filter(pk=pk).first()
    try:
        after_round = after_round_typed(request.POST.get("after_round", ""))
    except ValueError as exc:
        messages.error(request, str(exc))
        return redirect("events:manage", token=token)
    if registration is not None:
        services.registration_drop(registration=registration, after_round=after_round)
        after = f" after round {after_round}" if after_round else ""
        messages.success(request, f"{registration.player} dropped{after}.")
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


@login_required
@require_POST
def registrations_recheck(request: HttpRequest, token: str) -> HttpResponse:
    """Judge every current list again against the lists in force on the event's date; say
    whose verdict changed and why."""
    event = organised_event(request, token)
    checked, changes = services.registrations_recheck(event=event)
    say_recheck(request, event, checked, changes)
    return redirect("events:manage", token=token)


@login_required
@require_POST
def event_close(request: HttpRequest, token: str) -> HttpResponse:
    """Close registration now; the settings page reopens it with a deadline ahead."""
    event = services.event_close(event=organised_event(request, token))
    messages.success(request, f"Registration for {event.name} is closed.")
    return redirect("events:manage", token=token)


def say_recheck(
    request: HttpRequest, event: Event, checked: int, changes: list[services.VerdictChange]
) -> None:
    """What a re-check found, as messages: how many lists, and each verdict that changed."""
    messages.success(
        request,
        f"{checked} list{'s' if checked != 1 else ''} checked again against the lists in force "
        f"on {event.date}: {len(changes) or 'no'} verdict{'s' if len(changes) != 1 else ''} "
        "changed.",
    )
    for change in changes:
        messages.warning(request, verdict_change_text(change))


def verdict_change_text(change: services.VerdictChange) -> str:
    """One line an organiser reads: whose list, what it was, what it is, and why."""
    registration = change.registration
    verdict = "legal" if registration.legal else "illegal"
    was = "legal" if change.was_legal else "illegal"
    why = [f"now {i['code']} ({i['rule']}): {i['message']}" for i in change.new_errors]
    why += [f"no longer {i['code']}" for i in change.resolved_errors]
    return (
        f"{registration.player.get_username()} ({registration.deck_name}): {was} → {verdict}. "
        + "; ".join(why)
    )
