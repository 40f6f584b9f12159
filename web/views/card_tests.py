""" "Test this card": a Keeper deck with the card in place of another, and the deck as it is,
each play a reference deck on the same seeds; the job page shows the difference the card makes.

The same services as POST /api/v1/simulations/card-tests/ (deck_without_card, simulation_create
of a card_test job), so the page and the API run the same comparison.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect

from basics.clients import client_address
from basics.errors import InvalidRequest
from cards.models import Card
from cards.selectors import card_queryset
from jobs.services.admission import DecksIllegal, SubmitLater
from jobs.services.test_games import deck_without_card, simulation_create
from rulebook.core.resolve import EntryRef
from rulebook.keeper.cards import GAME
from rulebook.simulation import JobKind
from web.figures import PAIRED_LABELS
from web.forms.test_games import CardTestForm

from .test_games import (
    SAMPLE,
    chosen_deck_entries,
    deck_choices,
    refused_decks,
    remember_cancel_key,
    render_form,
)

SECTION = GAME.sections[0].slug


def card_test(request: HttpRequest, card_id: int) -> HttpResponse:
    card = _card(request, card_id)
    form = CardTestForm(
        request.POST or None,
        decks=deck_choices(request, [GAME.slug]),
        initial={"deck": f"{SAMPLE}keeper:value", "reference": f"{SAMPLE}keeper:aggro"},
    )
    refused: list[tuple[str, dict]] = []
    later: SubmitLater | None = None
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        user = request.user
        try:
            deck = chosen_deck_entries(request, GAME.slug, data["deck"], "deck")
            with_card = deck_without_card(
                entries=deck,
                card=EntryRef(section=SECTION, quantity=1, name=data["replaces"]),
                replacement=EntryRef(section=SECTION, quantity=1, name=card.name, id=card.pk),
            )
            reference = chosen_deck_entries(request, GAME.slug, data["reference"], "reference")
            job = simulation_create(
                owner=user if user.is_authenticated else None,
                game=GAME.slug,
                kind=JobKind.CARD_TEST,
                decks=[with_card, deck, reference],
                games=data["games"],
                seed=data["seed"],
                address=client_address(request),
            )
        except InvalidRequest as problem:
            field = "replaces" if problem.field == "card" else problem.field
            form.add_error(field if field in form.fields else None, problem.message)
        except DecksIllegal as illegal:
            refused = refused_decks(illegal, PAIRED_LABELS)
        except SubmitLater as exc:
            later = exc
        else:
            remember_cancel_key(request, job)
            return redirect("tools:test-game", job_id=job.pk)
    context = {"card": card, "form": form, "refused": refused}
    return render_form(request, "web/tools/card_test.html", context, later)


def _card(request: HttpRequest, card_id: int) -> Card:
    """A Keeper card this user may use: the catalogue's, a shared one or their own."""
    card = card_queryset(request.user).filter(game__slug=GAME.slug, pk=card_id).first()
    if card is None:
        raise Http404("No such Keeper card.")
    return card
