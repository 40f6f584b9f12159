"""The roster and review pages: invite, join by the invite link, check in, paper lists,
withdraw, undo a drop, mark a list checked and leave the player a note."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from basics.ids import integer_between
from decks.resolution import InvalidEntries
from decks.services import DecklistUnreadable
from events import roster, selectors
from events.models import Registration
from events.services import RegistrationRefused
from web.forms.events import PaperListForm, add_decklist_problems, after_round_typed

from .access import event_or_404, organised_event
from .player import event_page


@login_required
@require_POST
def roster_invite(request: HttpRequest, token: str) -> HttpResponse:
    event = organised_event(request, token)
    try:
        entry = roster.roster_invite(event=event, username=request.POST.get("username", ""))
    except RegistrationRefused as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, f"{entry.player.get_username()} is on the roster.")
    return redirect("events:manage", token=token)


@login_required
def roster_join(request: HttpRequest, token: str) -> HttpResponse:
    """The invite link: the signed-in player joins the roster (POST), then registers."""
    event = event_or_404(token)
    if request.method == "POST":
        roster.roster_join(event=event, player=request.user)
        messages.success(request, f"You are on the roster of {event.name}. Register a list below.")
        return redirect("events:detail", token=token)
    return render(request, "web/events/join.html", {"event": event})


@login_required
@require_POST
def roster_check_in(request: HttpRequest, token: str, player_id: int) -> HttpResponse:
    event = organised_event(request, token)
    player = get_object_or_404(get_user_model(), pk=player_id)
    present = request.POST.get("present") == "true"
    roster.roster_check_in(event=event, player=player, present=present)
    verb = "checked in" if present else "no longer checked in"
    messages.success(request, f"{player.get_username()} {verb}.")
    return redirect(f"{event.get_absolute_url()}manage/#roster")


@login_required
@require_POST
def check_in_window(request: HttpRequest, token: str) -> HttpResponse:
    """The organiser opens players' own check-in for some minutes, or closes it (0)."""
    event = organised_event(request, token)
    minutes = integer_between(request.POST.get("minutes", ""), 0, 24 * 60)
    if minutes is None:
        messages.error(request, "Say how many minutes check-in stays open (0 to 1440).")
    else:
        roster.check_in_open(event=event, minutes=minutes)
        messages.success(request, "Check-in is open." if minutes else "Check-in is closed.")
    return redirect(f"{event.get_absolute_url()}manage/#roster")


@login_required
@require_POST
def check_in_mine(request: HttpRequest, token: str) -> HttpResponse:
    """A registered player checks themselves in while the organiser's check-in is open."""
    event = event_or_404(token)
    try:
        roster.check_in_self(event=event, player=request.user)
    except RegistrationRefused as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, "You are checked in.")
    return redirect(event.get_absolute_url())


@login_required
def paper_list(request: HttpRequest, token: str) -> HttpResponse:
    """The organiser types in a list a player handed in on paper."""
    event = organised_event(request, token)
    form = PaperListForm(request.POST or None, initial={"player": request.GET.get("player", "")})
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        player = get_user_model().objects.filter(username__iexact=data["player"].strip()).first()
        if player is None:
            form.add_error("player", f"Nobody here is called {data['player'].strip()!r}.")
        else:
            try:
                roster.registration_submit_paper(
                    event=event,
                    organiser=request.user,
                    player=player,
                    text=data["text"],
                    name=data["name"] or f"{event.name} paper list",
                )
            except RegistrationRefused as exc:
                form.add_error(None, exc.message)
            except (DecklistUnreadable, InvalidEntries) as exc:
                add_decklist_problems(form, exc)
            else:
                messages.success(request, f"{player.get_username()}'s paper list is registered.")
                return redirect("events:manage", token=token)
    status = 400 if form.errors else 200
    return render(request, "web/events/paper.html", {"event": event, "form": form}, status=status)


@require_POST
def registration_withdraw(request: HttpRequest, token: str) -> HttpResponse:
    """The player leaves the event, after the round typed (empty: not said); the organiser
    can let them back in."""
    event = event_or_404(token)
    if not request.user.is_authenticated:
        raise Http404("Sign in to withdraw.")
    typed = request.POST.get("after_round", "")
    try:
        after_round = after_round_typed(typed)
        roster.registration_withdraw(event=event, player=request.user, after_round=after_round)
    except Registration.DoesNotExist:
        raise Http404("You have no entry in this event.") from None
    except (ValueError, RegistrationRefused) as exc:  # not a number, or not a round played
        # the page again, the round still typed in its box and the reason beside it, to fix
        reason = exc.message if isinstance(exc, RegistrationRefused) else str(exc)
        refused = {"round": typed, "error": reason}
        return event_page(request, event, status=400, withdraw=refused)
    after = f" after round {after_round}" if after_round else ""
    messages.success(request, f"You have withdrawn from the event{after}.")
    return redirect("events:detail", token=token)


@login_required
@require_POST
def registration_undo_drop(request: HttpRequest, token: str, pk: int) -> HttpResponse:
    event = organised_event(request, token)
    registration = _current(event, pk)
    roster.registration_undo_drop(registration=registration)
    messages.success(request, f"{registration.player.get_username()} is back in the event.")
    return redirect("events:manage", token=token)


@login_required
@require_POST
def registration_review(request: HttpRequest, token: str, pk: int) -> HttpResponse:
    """Mark a list checked or not (`checked`), and/or set the note its player reads (`note`)."""
    event = organised_event(request, token)
    registration = _current(event, pk)
    checked = {"true": True, "false": False}.get(request.POST.get("checked", ""))
    note = request.POST.get("note")
    roster.registration_review(registration=registration, checked=checked, note=note)
    return redirect(f"{event.get_absolute_url()}manage/#registration-{pk}")


def _current(event, pk: int) -> Registration:
    registration = selectors.registrations_current(event=event).filter(pk=pk).first()
    if registration is None:
        raise Http404("The event has no current registration with this id.")
    return registration
