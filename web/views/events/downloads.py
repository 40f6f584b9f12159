"""What an organiser takes away: the report as JSON or CSV, every list in a zip of text files,
printable decklist sheets, and the metagame breakdown."""

from __future__ import annotations

import io
import json
import zipfile

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.text import slugify

from basics.csvfiles import csv_text
from events import selectors
from events.standings import archetype_results

from .access import judged_event, lists_readable_event, organised_event


def attachment(content: str | bytes, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@login_required
def report_csv(request: HttpRequest, token: str) -> HttpResponse:
    event = organised_event(request, token)
    report = selectors.event_report(event=event)
    rows = selectors.event_report_rows(report=report)
    text = csv_text(rows, selectors.REPORT_COLUMNS)
    return attachment(text, "text/csv; charset=utf-8", f"{slugify(event.name)}-report.csv")


@login_required
def roster_csv(request: HttpRequest, token: str) -> HttpResponse:
    """The players still in the event, for a Swiss pairing tool: a stable id, the username and
    display name, and whether they checked in and have a legal list."""
    event = organised_event(request, token)
    rows = selectors.event_pairing_rows(event=event)
    text = csv_text(rows, selectors.PAIRING_COLUMNS)
    return attachment(text, "text/csv; charset=utf-8", f"{slugify(event.name)}-roster.csv")


@login_required
def report_json(request: HttpRequest, token: str) -> HttpResponse:
    event = organised_event(request, token)
    report = selectors.event_report(event=event)
    return attachment(
        json.dumps(report, indent=2), "application/json", f"{slugify(event.name)}-report.json"
    )


def decklists_zip(request: HttpRequest, token: str) -> HttpResponse:
    """Every list the user may read, one text decklist per registration, in one zip, each as
    this user may read it (selectors.registrations_seen_by).

    A file is named for its player and locked deck name (slugs, for any file system) and
    ends in the registration's id: slugs collide (`zz.top` and `zz+top`, `Zed` and `zed` on a
    case-blind disk), ids do not, so no list is ever lost from the zip."""
    event = lists_readable_event(request, token)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        visible = selectors.registrations_visible(event=event, user=request.user)
        for registration in selectors.registrations_seen_by(
            event=event, registrations=visible, user=request.user
        ):
            player, deck = registration.player.username, registration.deck_name
            archive.writestr(
                f"{slugify(player)}-{slugify(deck)}-{registration.pk}.txt",
                selectors.registration_decklist(registration=registration, user=request.user),
            )
    return attachment(buffer.getvalue(), "application/zip", f"{slugify(event.name)}-decklists.zip")


@login_required
def decklist_sheets(request: HttpRequest, token: str) -> HttpResponse:
    """One printable sheet per player (a print stylesheet puts each on its own page), for the
    organiser and the event's judges, who check decks against these lists."""
    event = judged_event(request, token)
    registrations = selectors.registrations_current(event=event).filter(dropped__isnull=True)
    seen = selectors.registrations_seen_by(
        event=event, registrations=registrations.order_by("player__username"), user=request.user
    )
    sheets = [{"registration": r, "sections": list_sections(event, r)} for r in seen]
    context = {
        "event": event,
        "sheets": sheets,
        "organiser": selectors.is_organiser(event=event, user=request.user),
    }
    return render(request, "web/events/sheets.html", context)


def metagame(request: HttpRequest, token: str) -> HttpResponse:
    event = lists_readable_event(request, token)
    breakdown = selectors.event_metagame(event=event, user=request.user)
    names = {s.slug: s.name for s in event.game.spec.sections}
    sections = [(names[slug], cards) for slug, cards in breakdown["sections"].items()]
    context = {
        "event": event,
        "decks": breakdown["decks"],
        "sections": sections,
        "results": archetype_results(event=event),
    }
    return render(request, "web/events/metagame.html", context)


def list_sections(event, registration) -> list[tuple[str, list[dict], int]]:
    """The locked list as the reader sees it (registrations_seen_by's `list_seen`: the
    organiser and judges read every card), by section: (section name, entries, card count),
    empty sections left out."""
    names = {s.slug: s.name for s in event.game.spec.sections}
    snapshot = registration.list_seen["sections"]
    return [
        (names.get(slug, slug), entries, sum(e["quantity"] for e in entries))
        for slug, entries in snapshot.items()
        if entries
    ]
