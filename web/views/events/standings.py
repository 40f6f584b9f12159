"""The archetypes page: suggested clusters of similar lists to name, archetypes per list, and
the standings imported back from the pairing tool."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from basics.ids import MAX_ID, integer_between
from events import selectors, standings

from .access import organised_event


@login_required
def archetypes(request: HttpRequest, token: str) -> HttpResponse:
    event = organised_event(request, token)
    context = {
        "event": event,
        "clusters": standings.archetype_clusters(event=event),
        "lists": selectors.registrations_current(event=event).filter(dropped__isnull=True),
        "results": standings.archetype_results(event=event),
    }
    return render(request, "web/events/archetypes.html", context)


@login_required
@require_POST
def archetype_name(request: HttpRequest, token: str) -> HttpResponse:
    """Name the archetype of the lists posted as `registration` (a cluster, or one list)."""
    event = organised_event(request, token)
    posted = [integer_between(pk, 1, MAX_ID) for pk in request.POST.getlist("registration")]
    ids = [pk for pk in posted if pk is not None]  # checkboxes: anything else was typed in
    named = standings.archetype_name(
        event=event, registration_ids=ids, name=request.POST.get("archetype", "")
    )
    messages.success(request, f"{named} list{'s' if named != 1 else ''} named.")
    return redirect("events:archetypes", token=token)


@login_required
@require_POST
def standings_import(request: HttpRequest, token: str) -> HttpResponse:
    """Standings from the pairing tool: an uploaded CSV file or pasted CSV text."""
    event = organised_event(request, token)
    upload = request.FILES.get("file")
    try:
        text = upload.read().decode("utf-8") if upload else request.POST.get("text", "")
        imported = standings.standings_import(event=event, text=text)
    except UnicodeDecodeError:
        messages.error(request, "The standings file is not UTF-8 text.")
    except standings.StandingsUnreadable as exc:
        for problem in exc.problems:
            messages.error(request, f"Standings not imported: {problem}.")
    else:
        messages.success(request, f"Standings of {imported} players imported.")
    return redirect("events:archetypes", token=token)
