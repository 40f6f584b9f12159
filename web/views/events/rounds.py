"""The rounds page (issue 39, item 3): pairings, the round clock and standings, readable on a
phone and printable; the organiser pairs, publishes and enters results here, a player reports
their own table's. Thin over events.rounds, which decides who may read and write what."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.text import slugify
from django.views.decorators.http import require_POST

from basics.csvfiles import csv_text
from basics.ids import integer_between
from events import rounds, selectors
from events.models import Round

from .access import event_or_404, organised_event
from .downloads import attachment

# what a player or the organiser picks: games won by the first-listed player, by the second,
# and drawn games
RESULTS = {"2-0": (2, 0, 0), "2-1": (2, 1, 0), "1-2": (1, 2, 0), "0-2": (0, 2, 0),
           "1-0": (1, 0, 0), "0-1": (0, 1, 0), "1-1": (1, 1, 0), "0-0-3": (0, 0, 3)}  # fmt: skip


def rounds_page(request: HttpRequest, token: str) -> HttpResponse:
    event = event_or_404(token)
    visible = list(rounds.rounds_visible(event=event, user=request.user).order_by("-number"))
    organiser = selectors.is_organiser(event=event, user=request.user)
    judge = selectors.can_judge(event=event, user=request.user)
    if not visible and not judge:
        raise Http404("No round of this event you may read yet.")
    mine = {m.pk for m in rounds.my_matches(event=event, user=request.user)}
    context = {
        "event": event,
        "rounds": visible,
        "standings": rounds.event_standings(event=event),
        "organiser": organiser,
        "judge": judge,
        "mine": mine,
        "results": list(RESULTS),
        "can_pair": organiser and (not visible or visible[0].published is not None),
        "in_play": rounds.round_players(event=event).count() if organiser else None,
    }
    return render(request, "web/events/rounds.html", context)


@login_required
@require_POST
def round_start(request: HttpRequest, token: str) -> HttpResponse:
    event = organised_event(request, token)
    cut = integer_between(request.POST.get("top_cut", ""), 4, 8)
    try:
        played = rounds.round_start(event=event, top_cut=cut)
    except rounds.RoundRefused as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, f"Round {played.number} paired: check it, then publish it.")
    return redirect("events:rounds", token=token)


@login_required
@require_POST
def round_publish(request: HttpRequest, token: str, number: int) -> HttpResponse:
    event = organised_event(request, token)
    played = event.rounds.filter(number=number, published__isnull=True).first()
    if played is None:
        raise Http404("No unpublished round of this number.")
    minutes = integer_between(request.POST.get("minutes", ""), 1, 600)
    rounds.round_publish(round=played, minutes=minutes)
    messages.success(request, f"Round {number} published; its clock is running.")
    return redirect("events:rounds", token=token)


@login_required
@require_POST
def result_report(request: HttpRequest, token: str, number: int) -> HttpResponse:
    event = event_or_404(token)
    try:
        played = rounds.round_get(event=event, user=request.user, number=number)
    except Round.DoesNotExist:
        raise Http404("No round of this number you may read.") from None
    table = integer_between(request.POST.get("table", ""), 1, 9999)
    result = RESULTS.get(request.POST.get("result", ""))
    if table is None or result is None:
        messages.error(request, "Choose a table and a result.")
        return redirect("events:rounds", token=token)
    try:
        reported = rounds.result_report(
            round=played, user=request.user, table=table, wins=list(result[:2]), draws=result[2]
        )
    except rounds.RoundRefused as exc:
        messages.error(request, exc.message)
    else:
        told = {
            "final": "is final",
            "reported": "is waiting for your opponent's report",
            "disputed": "differs from your opponent's: a judge will settle it",
        }
        messages.success(request, f"Table {table}'s result {told[reported.state]}.")
    return redirect("events:rounds", token=token)


def pairings_csv(request: HttpRequest, token: str, number: int) -> HttpResponse:
    """A round's pairings and results, one row per table, for whoever may read the round."""
    event = event_or_404(token)
    try:
        played = rounds.round_get(event=event, user=request.user, number=number)
    except Round.DoesNotExist:
        raise Http404("No round of this number you may read.") from None
    text = csv_text(rounds.pairing_rows(round=played), rounds.PAIRING_COLUMNS)
    return attachment(text, "text/csv; charset=utf-8", f"{slugify(event.name)}-round-{number}.csv")


@login_required
def standings_csv(request: HttpRequest, token: str) -> HttpResponse:
    """The standings with tiebreakers, one row per player (the organiser's)."""
    event = organised_event(request, token)
    text = csv_text(rounds.event_standings(event=event), rounds.STANDINGS_COLUMNS)
    return attachment(text, "text/csv; charset=utf-8", f"{slugify(event.name)}-standings.csv")
