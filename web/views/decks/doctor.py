""" "Suggest swaps": the deck doctor from the deck editor. The owner picks the field and the
cards to try; the job page follows the doctor's rounds (htmx), charts each swap's change in win
rate with its interval, and applies a suggested swap to the deck as a new version in one click.

The same services as POST /api/v1/deck-doctor/ (doctor_create) and the deck editor's saves
(decks.services), so the page, the API and the editor agree.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from basics.clients import client_address
from basics.errors import InvalidRequest
from cards.selectors import card_pictures_named, card_queryset
from decks import services
from decks.links import DeckLink
from decks.models import Deck
from decks.selectors import deck_entries_for_job, deck_list_own
from jobs.models import SimulationJob
from jobs.selectors import simulation_get
from jobs.services.access import simulation_cancel, simulation_may_cancel
from jobs.services.admission import DecksIllegal, SubmitLater
from jobs.services.doctor import doctor_create, format_pool
from rulebook.core.resolve import EntryRef
from rulebook.samples import SAMPLES as SAMPLE_DECKS
from rulebook.simulation import engine_for
from web.figures import DOCTOR_CHARTED, doctor_chart, two_sizes
from web.forms.test_games import DoctorForm
from web.views.test_games import (
    SAMPLE,
    chosen_deck_entries,
    deck_choices,
    refused_decks,
    render_form,
)

from .editor import owned_deck

LABELS = ("This deck", "Opponent", "Second opponent")
POOL_CARDS = 200  # the most cards a pool may hold (api.doctor.requests says the same)


@login_required
def deck_doctor(request: HttpRequest, pk: int | DeckLink) -> HttpResponse:
    deck = owned_deck(request, pk)
    game = deck.game.slug
    if engine_for(game) is None:
        raise Http404("Test games of this game cannot be played yet.")
    samples = SAMPLE_DECKS.get(game)
    initial = {"opponent": f"{SAMPLE}{game}:{samples.names()[0]}"} if samples else {}
    form = DoctorForm(request.POST or None, decks=deck_choices(request, [game]), initial=initial)
    refused: list[tuple[str, dict[str, Any]]] = []
    later: SubmitLater | None = None
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            job = doctor_create(
                owner=request.user,
                game=game,
                deck=(deck_entries_for_job(user=request.user, game=game, deck_id=deck.pk,
                                           field="deck"), []),
                opponents=[
                    (chosen_deck_entries(request, game, data[field], field), [])
                    for field in ("opponent", "second_opponent")
                    if data[field]
                ],
                weights=None,
                swaps=None,
                pool=_pool(request, deck, data),
                budget=data["budget"],
                seed=data["seed"],
                address=client_address(request),
            )  # fmt: skip
        except InvalidRequest as problem:
            field = "cards" if problem.field.startswith("pool") else problem.field
            form.add_error(field if field in form.fields else None, problem.message)
        except DecksIllegal as illegal:
            refused = refused_decks(illegal, LABELS)
        except SubmitLater as exc:
            later = exc
        else:
            return redirect("web:deck-doctor-job", pk=deck.address, job_id=job.pk)
    context = {"deck": deck, "form": form, "refused": refused}
    return render_form(request, "web/decks/doctor.html", context, later)


def _pool(request: HttpRequest, deck: Deck, data: dict[str, Any]) -> list[EntryRef]:
    """The cards to try: the listed ones, those of the user's other decks of the game (read
    through the privacy gate, as a job reads a deck), or the game's standard format's."""
    game = deck.game.slug
    if data["source"] == DoctorForm.FROM_FORMAT:
        return format_pool(game=game, format=None, viewer=request.user)
    if data["source"] == DoctorForm.FROM_LIST:
        names = [line.strip() for line in data["cards"].splitlines() if line.strip()]
    else:
        names = [
            entry.name or entry.key or ""
            for other in deck_list_own(user=request.user, game=game).exclude(pk=deck.pk)
            for entry in deck_entries_for_job(
                user=request.user, game=game, deck_id=other.pk, field="source"
            )
        ]
    unique = list(dict.fromkeys(name for name in names if name))
    if not unique:
        raise InvalidRequest("pool", "there are no cards to try: list some")
    if len(unique) > POOL_CARDS:
        raise InvalidRequest("pool", f"{len(unique)} cards; at most {POOL_CARDS}: list fewer")
    return [EntryRef(section="", quantity=1, name=name) for name in unique]


def _doctor_job(request: HttpRequest, job_id: UUID) -> SimulationJob:
    try:
        job = simulation_get(user=request.user, job_id=job_id, doctor=True)
    except SimulationJob.DoesNotExist:
        job = None
    if job is None:
        raise Http404("No such deck doctor job.")
    return job


def _context(request: HttpRequest, pk: int | DeckLink, job_id: UUID) -> dict[str, Any]:
    deck = owned_deck(request, pk)
    job = _doctor_job(request, job_id)
    context: dict[str, Any] = {
        "deck": deck,
        "job": job,
        "percent": 100 * job.done // max(job.games, 1),
        "may_cancel": not job.is_finished and simulation_may_cancel(job=job, cancel_key=None),
    }
    if job.status == SimulationJob.Status.DONE and job.result:
        swaps = job.result.get("swaps", [])
        # each card's picture beside its name, where the catalogue has one the reader may see
        pictures = card_pictures_named(
            game=deck.game.slug,
            names={name for swap in swaps for name in (swap["out_name"], swap["in_name"])},
            viewer=request.user,
        )
        context.update(
            result=job.result,
            chart=two_sizes(doctor_chart, job.result),
            charted=DOCTOR_CHARTED,
            swap_rows=[
                (swap, pictures.get(swap["out_name"]), pictures.get(swap["in_name"]))
                for swap in swaps
            ],
        )
        if "error_control" in job.result:  # a job finished before the whole answer was held
            context["error"] = 1 - job.result["error_control"]["level"]
    return context


@login_required
def doctor_job(request: HttpRequest, pk: int | DeckLink, job_id: UUID) -> HttpResponse:
    return render(request, "web/decks/doctor_job.html", _context(request, pk, job_id))


@login_required
def doctor_progress(request: HttpRequest, pk: int | DeckLink, job_id: UUID) -> HttpResponse:
    """The job's status panel alone, polled by htmx until the job finishes."""
    return render(request, "web/decks/doctor_status.html", _context(request, pk, job_id))


@login_required
@require_POST
def doctor_cancel(request: HttpRequest, pk: int | DeckLink, job_id: UUID) -> HttpResponse:
    deck = owned_deck(request, pk)
    job = _doctor_job(request, job_id)
    if not simulation_may_cancel(job=job, cancel_key=None):
        raise PermissionDenied("Only whoever submitted this job may cancel it.")
    if simulation_cancel(job=job):
        messages.info(request, "The doctor is cancelled: games not yet played will not be.")
    return redirect("web:deck-doctor-job", pk=deck.address, job_id=job.pk)


@login_required
@require_POST
def doctor_apply(
    request: HttpRequest, pk: int | DeckLink, job_id: UUID, index: int
) -> HttpResponse:
    """Apply the job's swap number `index` (in its ranking) to the deck, as a new version."""
    deck = owned_deck(request, pk)
    job = _doctor_job(request, job_id)
    swaps = (job.result or {}).get("swaps", [])
    if not 0 <= index < len(swaps):
        raise Http404("The job has no such swap.")
    swap = swaps[index]
    card = card_queryset(request.user).filter(game=deck.game, key=swap["in"]).first()
    if card is None:
        messages.error(request, f"{swap['in_name']} can no longer be used.")
        return redirect("web:deck-doctor-job", pk=deck.address, job_id=job.pk)
    try:
        services.deck_swap(deck=deck, out_key=swap["out"], card=card, count=swap["count"])
    except services.SwapNotHeld:
        messages.error(request, f"The deck no longer holds {swap['count']} {swap['out_name']}.")
        return redirect("web:deck-doctor-job", pk=deck.address, job_id=job.pk)
    messages.success(
        request,
        f"Swapped {swap['count']} {swap['out_name']} for {swap['in_name']}: saved as a new "
        "version.",
    )
    return redirect("web:deck", pk=deck.address)
