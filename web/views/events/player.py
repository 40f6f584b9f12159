"""Player pages: the events you take part in, an event's page (register, your entry and its
report, everyone's lists once published) and one registered list."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from decks.resolution import InvalidEntries
from decks.services import DecklistUnreadable
from events import roster, rounds, selectors, services
from events.models import Event
from web.forms.events import RegistrationForm, add_decklist_problems

from .access import event_or_404


def event_index(request: HttpRequest) -> HttpResponse:
    events = selectors.event_list(user=request.user)
    return render(request, "web/events/index.html", {"events": events})


def event_detail(request: HttpRequest, token: str) -> HttpResponse:
    event = event_or_404(token)
    return event_page(request, event)


def event_page(
    request: HttpRequest, event: Event, *, status: int = 200, withdraw: dict | None = None
) -> HttpResponse:
    """The event's page with a blank registration form; `withdraw` keeps a refused
    withdrawal's typed round and why it was refused, shown at the round box."""
    form = None
    if request.user.is_authenticated:
        form = RegistrationForm(player=request.user, event=event)
    return _event_page(request, event, form, status=status, withdraw=withdraw)


@require_POST
def event_register(request: HttpRequest, token: str) -> HttpResponse:
    event = event_or_404(token)
    if not request.user.is_authenticated:
        return redirect(f"{reverse('web:login')}?next={event.get_absolute_url()}")
    form = RegistrationForm(request.POST, player=request.user, event=event)
    if not form.is_valid():
        return _event_page(request, event, form, status=400)
    try:
        if form.cleaned_data["version"]:
            services.registration_submit(
                event=event, player=request.user, deck_version=form.cleaned_data["version"]
            )
        else:
            services.registration_submit_text(
                event=event,
                player=request.user,
                text=form.cleaned_data["text"],
                name=form.cleaned_data["name"] or f"{event.name} list",
            )
    except services.RegistrationClosed:
        form.add_error(None, "Registration has closed: your entry can no longer change.")
        return _event_page(request, event, form, status=409)
    except services.RegistrationRefused as exc:
        form.add_error(None, exc.message)
        return _event_page(request, event, form, status=400)
    except (DecklistUnreadable, InvalidEntries) as exc:
        add_decklist_problems(form, exc)
        return _event_page(request, event, form, status=400)
    messages.success(request, "You are registered; your list is locked as shown below.")
    return redirect("events:detail", token=token)


def registration_list(request: HttpRequest, token: str, pk: int) -> HttpResponse:
    """One registered list, for those who may see it (organiser, its player, or published)."""
    event = event_or_404(token)
    visible = selectors.registrations_visible(event=event, user=request.user)
    registration = visible.filter(pk=pk).first()
    if registration is None:
        raise Http404("No list here is visible to you.")
    [registration] = selectors.registrations_seen_by(
        event=event, registrations=[registration], user=request.user
    )
    context = {
        "event": event,
        "registration": registration,
        "decklist": selectors.registration_decklist(registration=registration, user=request.user),
    }
    return render(request, "web/events/registration.html", context)


def _event_page(
    request: HttpRequest,
    event: Event,
    form: RegistrationForm | None,
    status: int = 200,
    withdraw: dict | None = None,
) -> HttpResponse:
    user = request.user
    mine = (
        list(selectors.registration_history(event=event, player=user))
        if user.is_authenticated
        else []
    )
    current = next((r for r in mine if r.is_current), None)
    if current is not None:
        [current] = selectors.registrations_seen_by(event=event, registrations=[current], user=user)
    others = []
    if event.published:
        others = [
            r
            for r in selectors.registrations_visible(event=event, user=user)
            if r.player_id != user.pk
        ]
    context = {
        "event": event,
        "form": form,
        "current": current,
        "history": mine,
        "others": others,
        "is_organiser": selectors.is_organiser(event=event, user=user),
        "can_judge": selectors.can_judge(event=event, user=user),
        "invited": selectors.invited_not_joined(event=event, user=user),
        "is_open": selectors.is_open(event=event),
        "withdraw": withdraw or {},
        "check_in_open": roster.check_in_is_open(event=event),
        "checked_in": selectors.is_checked_in(event=event, user=user),
        # the player's table in the latest published round, with its clock (issue 39)
        "my_table": rounds.my_matches(event=event, user=user).order_by("-round__number").first(),
    }
    return render(request, "web/events/detail.html", context, status=status)
