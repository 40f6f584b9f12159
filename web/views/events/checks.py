"""Deck checks and judges on the site (issue 26, item 7): the organiser adds and removes
judges; the organiser and judges record checks of a player's deck against the locked list and
read the log, and correct a check, keeping each edit. Players never reach these pages
(access.judged_event; one check's page is a 404 to them, as a check that is not there)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from decks.resolution import InvalidEntries
from decks.services import DecklistUnreadable
from events import deck_checks, selectors
from events.models import DeckCheck, Event, Registration
from events.services import RegistrationRefused
from web.forms.events import (
    DeckCheckEditForm,
    DeckCheckForm,
    PenaltyForm,
    add_decklist_problems,
)

from .access import event_or_404, judged_event, organised_event
from .downloads import list_sections


@login_required
def deck_check_log(request: HttpRequest, token: str) -> HttpResponse:
    """The log of deck checks, newest first, the form to record one and the form to give a
    penalty outside a check."""
    event = judged_event(request, token)
    current = _players(event)
    chosen = request.POST.get("registration") or request.GET.get("registration")
    form = DeckCheckForm(
        request.POST or None, registrations=current, initial={"registration": chosen}
    )
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        registration = next(r for r in current if str(r.pk) == data["registration"])
        try:
            check = deck_checks.deck_check_record(
                registration=registration,
                judge=request.user,
                text=None if data["deck_matches"] else data["text"],
                penalty=data["penalty"],
                infraction=data["infraction"],
                notes=data["notes"],
            )
        except (DecklistUnreadable, InvalidEntries) as exc:
            add_decklist_problems(form, exc)
        else:
            verdict = "matches" if check.matches else "differs from the locked list"
            messages.success(request, f"{registration.player}'s deck {verdict}.")
            return redirect("events:checks", token=token)
    penalty_form = PenaltyForm(
        registrations=current, prefix="given", initial={"registration": chosen}
    )
    return _log_page(request, event, current, form, penalty_form, chosen)


@login_required
@require_POST
def penalty_give(request: HttpRequest, token: str) -> HttpResponse:
    """A penalty given outside a deck check (issue 39, item 4), from the log page's form; back
    to the page with the player chosen, their penalties beside the form."""
    event = judged_event(request, token)
    current = _players(event)
    form = PenaltyForm(request.POST, registrations=current, prefix="given")
    chosen = request.POST.get("given-registration")
    if form.is_valid():
        data = form.cleaned_data
        registration = next(r for r in current if str(r.pk) == data["registration"])
        try:
            given = deck_checks.penalty_give(
                registration=registration,
                judge=request.user,
                penalty=data["penalty"],
                infraction=data["infraction"],
                notes=data["notes"],
            )
        except RegistrationRefused as exc:
            form.add_error(exc.field, exc.message)
        else:
            messages.success(request, f"{registration.player}: {given.penalty_said}.")
            return redirect(
                f"{reverse('events:checks', kwargs={'token': token})}?registration="
                f"{registration.pk}#locked-list"
            )
    check_form = DeckCheckForm(registrations=current, initial={"registration": chosen})
    return _log_page(request, event, current, check_form, form, chosen)


def _players(event: Event) -> list[Registration]:
    """Whom a judge checks and penalises: every current entry still in the event."""
    return list(selectors.registrations_current(event=event).filter(dropped__isnull=True))


def _log_page(
    request: HttpRequest,
    event: Event,
    current: list[Registration],
    form: DeckCheckForm,
    penalty_form: PenaltyForm,
    chosen: str | None,
) -> HttpResponse:
    """The log page with its two forms, either of them as sent back with its errors."""
    context = {
        "event": event,
        "form": form,
        "penalty_form": penalty_form,
        "checks": selectors.deck_checks_seen_by(event=event, user=request.user),
        "organiser": selectors.is_organiser(event=event, user=request.user),
        "judges": selectors.event_judges(event=event),
        "players": current,
        **_judged_player(request, event, next((r for r in current if str(r.pk) == chosen), None)),
    }
    status = 400 if form.errors or penalty_form.errors else 200
    return render(request, "web/events/checks.html", context, status=status)


@login_required
def deck_check_edit(request: HttpRequest, token: str, pk: int) -> HttpResponse:
    """One check: the form to correct it, prefilled with what it holds, and its edits."""
    event = event_or_404(token)
    try:
        check = selectors.deck_check_seen_by(event=event, user=request.user, pk=pk)
    except DeckCheck.DoesNotExist:
        raise Http404("The event has no deck check with this id.") from None
    initial = {
        "deck_matches": check.presented is None,
        "text": deck_checks.deck_check_text(check=check),
        "penalty": check.penalty,
        "infraction": check.infraction,
        "notes": check.notes,
    }
    form = DeckCheckEditForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        # the list only if the judge changed it, as the API is sent only what changes: a
        # correction of the penalty alone does not read and resolve the deck again
        retyped = "text" in form.changed_data and not data["deck_matches"]
        try:
            deck_checks.deck_check_edit(
                check=check,
                editor=request.user,
                text=data["text"] if retyped else None,
                matches=data["deck_matches"],
                penalty=data["penalty"],
                infraction=data["infraction"],
                notes=data["notes"],
            )
        except (DecklistUnreadable, InvalidEntries) as exc:
            add_decklist_problems(form, exc)
        else:
            messages.success(request, f"The check of {check.registration.player} is corrected.")
            return redirect("events:check-edit", token=token, pk=pk)
    game = event.game.spec
    edits = [
        {"edit": edit, "lines": deck_checks.edit_summary(changes=edit.changes, game=game)}
        for edit in check.edits.all()
    ]
    context = {
        "event": event,
        "form": form,
        "check": check,
        "edits": edits,
        **_judged_player(request, event, check.registration),
    }
    status = 400 if form.errors else 200
    return render(request, "web/events/check_edit.html", context, status=status)


def _judged_player(
    request: HttpRequest, event: Event, registration: Registration | None
) -> dict[str, Any]:
    """What a judge reads beside the form (issue 39, item 4): the player's locked list, as the
    privacy selectors let this judge read it (every card: they judge it), and the penalties
    the player was already given at this event."""
    if registration is None:
        return {}
    [seen] = selectors.registrations_seen_by(
        event=event, registrations=[registration], user=request.user
    )
    return {
        "judged": seen,
        "judged_sections": list_sections(event, seen),
        "earlier_penalties": selectors.penalties_of(
            event=event, user=request.user, player_id=registration.player_id
        ),
    }


@login_required
@require_POST
def judge_add(request: HttpRequest, token: str) -> HttpResponse:
    event = organised_event(request, token)
    try:
        judge = deck_checks.judge_add(event=event, username=request.POST.get("username", ""))
    except RegistrationRefused as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, f"{judge.judge.get_username()} is a judge of {event.name}.")
    return redirect("events:checks", token=token)


@login_required
@require_POST
def judge_remove(request: HttpRequest, token: str, judge_id: int) -> HttpResponse:
    event = organised_event(request, token)
    if deck_checks.judge_remove(event=event, judge_id=judge_id):
        messages.success(request, "The judge is off the event; their checks stay in the log.")
    return redirect("events:checks", token=token)
