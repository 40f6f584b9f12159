"""Test-game jobs: POST /simulations/, GET /simulations/{id}/, POST /simulations/{id}/cancel/.

Who sees a job: the user who submitted it; a job submitted anonymously is readable (and
cancellable) by anyone holding its id, a random UUID. Another user's job answers 404, exactly as
a job that does not exist.
"""

from __future__ import annotations

from uuid import UUID

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView

from api.errors import ApiError
from api.validation.serializers import ErrorSerializer
from rules.models import SimulationJob
from rules.services.simulations import (
    BrokerUnavailable,
    DecksIllegal,
    simulation_cancel,
    simulation_create,
    simulation_get,
    stored_deck_entries,
)

from .requests import read_simulation_request
from .serializers import (
    DeckIllegalSerializer,
    SimulationAcceptedSerializer,
    SimulationInputSerializer,
    SimulationJobSerializer,
)

BROKER_RETRY_SECONDS = 30


class SimulationCreateApi(APIView):
    """Queue N test games between two legal decks; answers 202 at once, workers play them."""

    @extend_schema(
        request=SimulationInputSerializer,
        responses={
            202: SimulationAcceptedSerializer,
            400: DeckIllegalSerializer,
            503: ErrorSerializer,
        },
    )
    def post(self, request: Request) -> Response:
        parsed = read_simulation_request(request.data)
        user = request.user
        game = parsed.game.slug
        try:
            decks = [
                deck
                if isinstance(deck, list)
                else stored_deck_entries(user=user, game=game, deck_id=deck, field=f"decks[{i}]")
                for i, deck in enumerate(parsed.decks)
            ]
            job = simulation_create(
                owner=user if user.is_authenticated else None,
                game=game,
                decks=decks,
                games=parsed.games,
                seed=parsed.seed,
                chunk_size=parsed.chunk_size,
            )
        except DecksIllegal as exc:
            raise ApiError(
                "A deck is not legal; test games are played only between legal decks.",
                code="deck_illegal",
                reports=[report.as_dict() for report in exc.reports],
            ) from None
        except BrokerUnavailable:
            raise ApiError(
                "The job queue cannot be reached; nothing was kept. Submit the job again in a "
                "moment.",
                code="service_unavailable",
                status_code=status.HTTP_503_SERVICE_UNAVAILABLE,
                headers={"Retry-After": str(BROKER_RETRY_SECONDS)},
            ) from None
        body = {
            "id": str(job.pk),
            "status": job.status,
            "url": reverse("simulation-detail", args=[job.pk], request=request),
            "games": job.games,
            "seed": job.seed,
        }
        return Response(body, status=status.HTTP_202_ACCEPTED)


class SimulationDetailApi(APIView):
    """A job's status, progress and, once done, its result."""

    @extend_schema(responses={200: SimulationJobSerializer, 404: ErrorSerializer})
    def get(self, request: Request, job_id: UUID) -> Response:
        return Response(SimulationJobSerializer(_job(request, job_id)).data)


class SimulationCancelApi(APIView):
    """Cancel a queued or running job: chunks not yet started are skipped. 409 once finished."""

    @extend_schema(
        request=None,
        responses={200: SimulationJobSerializer, 404: ErrorSerializer, 409: ErrorSerializer},
    )
    def post(self, request: Request, job_id: UUID) -> Response:
        job = _job(request, job_id)
        if not simulation_cancel(job=job):
            raise ApiError(
                f"The job is already {job.status}; only a queued or running job can be cancelled.",
                code="job_finished",
                status_code=status.HTTP_409_CONFLICT,
                job_status=job.status,
            )
        return Response(SimulationJobSerializer(job).data)


def _job(request: Request, job_id: UUID) -> SimulationJob:
    try:
        return simulation_get(user=request.user, job_id=job_id)
    except SimulationJob.DoesNotExist:
        raise ApiError(
            "No such test-game job.", code="not_found", status_code=status.HTTP_404_NOT_FOUND
        ) from None
