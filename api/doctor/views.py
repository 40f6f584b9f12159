"""The deck doctor: POST /deck-doctor/, GET /deck-doctor/{id}/, POST /deck-doctor/{id}/cancel/.

A doctor job is a test-game job (the same limits, queue, progress and cancel; who sees it as
api.simulations says); its result ranks the swaps. Decks named by id are read through the
privacy gate (decks.selectors), as a test game's are.
"""

from __future__ import annotations

from uuid import UUID

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.errors import ApiError
from api.simulations.serializers import (
    CancelInputSerializer,
    DeckIllegalSerializer,
    SimulationAcceptedSerializer,
)
from api.simulations.views import accepted, cancel, decks_illegal, job_deck, queue_error
from api.validation.serializers import ErrorSerializer
from basics.clients import client_address
from decks.selectors import deck_entries_for_job
from jobs.models import SimulationJob
from jobs.selectors import simulation_get
from jobs.services.admission import DecksIllegal, SubmitLater
from jobs.services.doctor import doctor_create, format_pool
from rulebook.core.resolve import EntryRef

from .requests import FormatRef, read_doctor_request
from .serializers import DoctorInputSerializer, DoctorJobSerializer


class DoctorCreateApi(APIView):
    """Rank card swaps for a deck by paired test games; answers 202 at once with a job."""

    @extend_schema(
        request=DoctorInputSerializer,
        responses={
            202: SimulationAcceptedSerializer,
            400: DeckIllegalSerializer,
            429: ErrorSerializer,
            503: ErrorSerializer,
        },
    )
    def post(self, request: Request) -> Response:
        parsed = read_doctor_request(request.data)
        game = parsed.game.slug
        user = request.user
        try:
            job = doctor_create(
                owner=user if user.is_authenticated else None,
                game=game,
                deck=job_deck(request, game, parsed.deck, "deck"),
                opponents=[
                    job_deck(request, game, deck, f"opponents[{i}]")
                    for i, deck in enumerate(parsed.opponents)
                ],
                weights=parsed.weights,
                swaps=parsed.swaps,
                pool=None if parsed.pool is None else _pool(request, game, parsed.pool),
                budget=parsed.budget,
                seed=parsed.seed,
                format=parsed.format,
                address=client_address(request),
            )
        except DecksIllegal as exc:
            raise decks_illegal(
                exc, "the doctor plays only legal decks (the deck first, then each opponent)"
            ) from None
        except SubmitLater as exc:
            raise queue_error(exc) from None
        return accepted(request, job, "doctor-detail")


class DoctorDetailApi(APIView):
    """A doctor job's status, progress and, once done, the swaps ranked best first."""

    @extend_schema(responses={200: DoctorJobSerializer, 404: ErrorSerializer})
    def get(self, request: Request, job_id: UUID) -> Response:
        return Response(DoctorJobSerializer(_job(request, job_id)).data)


class DoctorCancelApi(APIView):
    """Cancel a queued or running doctor job. 409 once finished."""

    @extend_schema(
        request=CancelInputSerializer,
        responses={
            200: DoctorJobSerializer,
            403: ErrorSerializer,
            404: ErrorSerializer,
            409: ErrorSerializer,
        },
    )
    def post(self, request: Request, job_id: UUID) -> Response:
        return Response(DoctorJobSerializer(cancel(request, _job(request, job_id))).data)


def _pool(request: Request, game: str, pool: list[EntryRef | int | FormatRef]) -> list[EntryRef]:
    """The pool's cards: those named, those of the stored decks named (read through the
    privacy gate, as a job's decks are) and those of the format named."""
    refs = [item for item in pool if isinstance(item, EntryRef)]
    viewer = request.user if request.user.is_authenticated else None
    for item in pool:
        if isinstance(item, FormatRef):
            refs += format_pool(game=game, format=item.slug, viewer=viewer)
        elif not isinstance(item, EntryRef):
            entries = deck_entries_for_job(
                user=request.user, game=game, deck_id=item, field="pool.decks"
            )
            refs += [
                EntryRef(section="", quantity=1, name=e.name, key=e.key, id=e.id) for e in entries
            ]
    return refs


def _job(request: Request, job_id: UUID) -> SimulationJob:
    try:
        job = simulation_get(user=request.user, job_id=job_id, doctor=True)
    except SimulationJob.DoesNotExist:
        job = None
    if job is None:
        raise ApiError(
            "No such deck doctor job.", code="not_found", status_code=status.HTTP_404_NOT_FOUND
        )
    return job
