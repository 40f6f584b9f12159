"""Test-game jobs: POST /simulations/, POST /simulations/card-tests/, GET /simulations/{id}/,
POST /simulations/{id}/cancel/.

Who sees a job: the user who submitted it; a job submitted anonymously is readable by anyone
holding its id, a random UUID, and cancellable only with the cancel key its submission answered.
Another user's job answers 404, exactly as a job that does not exist.
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
from basics.clients import client_address
from decks.selectors import deck_entries_for_job
from jobs.models import SimulationJob
from jobs.selectors import simulation_get
from jobs.services.access import simulation_cancel, simulation_may_cancel
from jobs.services.admission import DecksIllegal, SubmitLater
from jobs.services.test_games import deck_without_card, simulation_create
from rulebook.core.cards import CardInfo
from rulebook.core.resolve import EntryRef
from rulebook.simulation import ENGINES, JobKind, decks_kind

from .requests import DeckRequest, read_card_test_request, read_simulation_request
from .serializers import (
    CancelInputSerializer,
    CardTestInputSerializer,
    DeckIllegalSerializer,
    SimulationAcceptedSerializer,
    SimulationInputSerializer,
    SimulationJobSerializer,
)


class SimulationCreateApi(APIView):
    """Queue N test games between two legal decks, or a table of two to five for a game played
    at a table (Millennium Blades); answers 202 at once, workers play them."""

    @extend_schema(
        request=SimulationInputSerializer,
        responses={
            202: SimulationAcceptedSerializer,
            400: DeckIllegalSerializer,
            429: ErrorSerializer,
            503: ErrorSerializer,
        },
    )
    def post(self, request: Request) -> Response:
        parsed = read_simulation_request(request.data)
        game = parsed.game.slug
        decks = [
            job_deck(request, game, deck, f"decks[{i}]") for i, deck in enumerate(parsed.decks)
        ]
        return _submit(
            request,
            game=game,
            kind=decks_kind(ENGINES[game]),  # a table for a game of tables, else a match
            decks=decks,
            games=parsed.games,
            seed=parsed.seed,
            chunk_size=parsed.chunk_size,
            options=parsed.options,
        )


class SimulationCardTestApi(APIView):
    """ "Test this card": a deck holding the card, and the same deck with `replacement` in its
    place, each play `reference` on the same seeds (a paired comparison). Answers 202 with a job
    like POST /simulations/; its result holds both matches and the difference the card makes
    to the deck's win rate, with a 95% interval."""

    @extend_schema(
        request=CardTestInputSerializer,
        responses={
            202: SimulationAcceptedSerializer,
            400: DeckIllegalSerializer,
            429: ErrorSerializer,
            503: ErrorSerializer,
        },
    )
    def post(self, request: Request) -> Response:
        parsed = read_card_test_request(request.data)
        game = parsed.game.slug
        with_card = job_deck(request, game, parsed.deck, "deck")
        without_card = (
            deck_without_card(
                entries=with_card[0], card=parsed.card, replacement=parsed.replacement
            ),
            with_card[1],
        )
        return _submit(
            request,
            game=game,
            kind=JobKind.CARD_TEST,
            decks=[with_card, without_card, job_deck(request, game, parsed.reference, "reference")],
            games=parsed.games,
            seed=parsed.seed,
            chunk_size=parsed.chunk_size,
        )


def job_deck(
    request: Request, game: str, deck: DeckRequest, field: str
) -> tuple[list[EntryRef], list[CardInfo]]:
    """A requested deck's entries and user-made cards (a stored deck has none of its own)."""
    if isinstance(deck, int):
        return deck_entries_for_job(user=request.user, game=game, deck_id=deck, field=field), []
    return deck.entries, deck.cards


def _submit(
    request: Request,
    *,
    game: str,
    kind: JobKind,
    decks: list[tuple[list[EntryRef], list[CardInfo]]],
    games: int,
    seed: int | None,
    chunk_size: int | None,
    options: dict[str, str] | None = None,
) -> Response:
    """Queue the job; 202 with where to poll it, or 400 with every deck's report if one is
    illegal."""
    user = request.user
    try:
        job = simulation_create(
            owner=user if user.is_authenticated else None,
            game=game,
            kind=kind,
            decks=[entries for entries, _ in decks],
            cards=[cards for _, cards in decks],
            games=games,
            seed=seed,
            chunk_size=chunk_size,
            address=client_address(request),
            options=options,
        )
    except DecksIllegal as exc:
        raise decks_illegal(exc, "test games are played only between legal decks") from None
    except SubmitLater as exc:
        raise queue_error(exc) from None
    return accepted(request, job, "simulation-detail")


def decks_illegal(exc: DecksIllegal, rule: str) -> ApiError:
    """A deck refused for its legality (400 deck_illegal), with every deck's report, in the
    order the request gave them; `rule` says what is played only with legal decks."""
    return ApiError(
        f"A deck is not legal; {rule}.",
        code="deck_illegal",
        reports=[report.as_dict() for report in exc.reports],
    )


def queue_error(exc: SubmitLater) -> ApiError:
    """The queue unreachable (503) or full (429), nothing kept: when to try again."""
    return ApiError(
        exc.message,
        code=exc.code,
        status_code=exc.status,
        headers={"Retry-After": str(exc.retry_after)},
    )


def accepted(request: Request, job: SimulationJob, detail: str) -> Response:
    """202 for a queued job (a test game's or a doctor's): where to poll it (`detail` names its
    URL), and an anonymous job's cancel key."""
    url = reverse(detail, args=[job.pk], request=request)
    body = {
        "id": str(job.pk),
        "status": job.status,
        "url": url,
        "games": job.games,
        "seed": job.seed,
        **({"cancel_key": job.cancel_key} if job.cancel_key else {}),
    }
    return Response(body, status=status.HTTP_202_ACCEPTED, headers={"Location": url})


def cancel(request: Request, job: SimulationJob) -> SimulationJob:
    """Cancel a job its requester may cancel (their own, or an anonymous one with its
    cancel_key): 403 without the key, 409 once it has finished."""
    cancel_key = request.data.get("cancel_key") if isinstance(request.data, dict) else None
    if not simulation_may_cancel(
        job=job, cancel_key=cancel_key if isinstance(cancel_key, str) else None
    ):
        raise ApiError(
            "An anonymous job is cancelled with the cancel_key its submission answered.",
            code="permission_denied",
            status_code=status.HTTP_403_FORBIDDEN,
            fields={"cancel_key": ["missing or wrong"]},
        )
    if not simulation_cancel(job=job):
        raise ApiError(
            f"The job is already {job.status}; only a queued or running job can be cancelled.",
            code="job_finished",
            status_code=status.HTTP_409_CONFLICT,
            job_status=job.status,
        )
    return job


class SimulationDetailApi(APIView):
    """A job's status, progress and, once done, its result."""

    @extend_schema(responses={200: SimulationJobSerializer, 404: ErrorSerializer})
    def get(self, request: Request, job_id: UUID) -> Response:
        return Response(SimulationJobSerializer(_job(request, job_id)).data)


class SimulationCancelApi(APIView):
    """Cancel a queued or running job: chunks not yet started are skipped. 409 once finished."""

    @extend_schema(
        request=CancelInputSerializer,
        responses={
            200: SimulationJobSerializer,
            403: ErrorSerializer,
            404: ErrorSerializer,
            409: ErrorSerializer,
        },
    )
    def post(self, request: Request, job_id: UUID) -> Response:
        return Response(SimulationJobSerializer(cancel(request, _job(request, job_id))).data)


def _job(request: Request, job_id: UUID) -> SimulationJob:
    try:
        return simulation_get(user=request.user, job_id=job_id)
    except SimulationJob.DoesNotExist:
        raise ApiError(
            "No such test-game job.", code="not_found", status_code=status.HTTP_404_NOT_FOUND
        ) from None
