"""Games against the bots: GET and POST /plays/, GET /plays/{id}/, POST /plays/{id}/answer/.

A game is its player's alone: a signed-in user's, or an anonymous client's session's (the
session cookie the first answer set), read through jobs.selectors; another's answers 404, as
a game that does not exist. Each request replays the game from its seed and picks and the bots
answer in it (jobs.services.plays).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

import django_filters
from django.db.models import QuerySet
from django.urls import reverse as django_reverse
from drf_spectacular.utils import extend_schema
from rest_framework import generics, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView

from api.errors import ApiError
from api.simulations.serializers import DeckIllegalSerializer
from api.simulations.views import decks_illegal, job_deck
from api.validation.serializers import ErrorSerializer
from jobs.models import Play
from jobs.selectors import play_get, plays_of
from jobs.services.admission import DecksIllegal
from jobs.services.plays import (
    PlayRefused,
    play_answer,
    play_create,
    play_replay,
    session_player,
)
from rulebook.simulation.person import PersonGame

from .requests import read_play_request
from .serializers import (
    AnswerInputSerializer,
    PlayInputSerializer,
    PlaySerializer,
    PlaySummarySerializer,
)


class PlayFilter(django_filters.FilterSet):
    game = django_filters.CharFilter(field_name="game__slug", help_text="game slug")
    status = django_filters.ChoiceFilter(choices=Play.Status.choices)

    class Meta:
        model = Play
        fields = ["game", "status"]


class PlayListApi(generics.ListAPIView):
    """GET: your games against the bot (a signed-in user's, or an anonymous client's session's),
    the latest answered first; filter by `game` and `status`. POST: sit down against the bot:
    your deck in seat 0, the bot's in the others; 201 with the game at your first decision
    (`pending`), or `finished` if the bots ended it first."""

    serializer_class = PlaySummarySerializer
    filterset_class = PlayFilter
    ordering_fields = ["created", "updated"]
    queryset = Play.objects.none()  # for the schema; each request asks get_queryset

    def get_queryset(self) -> QuerySet[Play]:
        request = self.request
        mine = plays_of(user=request.user, session_key=session_player(request.session))
        return mine.defer("decks", "options")  # a list reads no deck

    @extend_schema(
        request=PlayInputSerializer,
        responses={201: PlaySerializer, 400: DeckIllegalSerializer, 409: ErrorSerializer},
    )
    def post(self, request: Request) -> Response:
        parsed = read_play_request(request.data)
        game = parsed.game.slug
        decks = [
            job_deck(request, game, parsed.deck, "deck"),
            *(job_deck(request, game, deck, "opponent") for deck in parsed.opponents),
        ]
        user = request.user
        try:
            play, person = play_create(
                owner=user if user.is_authenticated else None,
                session_key="" if user.is_authenticated else session_key(request),
                game=game,
                decks=decks,
                bot=parsed.bot,
                seed=parsed.seed,
                options=parsed.options,
            )
        except DecksIllegal as exc:
            raise decks_illegal(exc, "games are played only with legal decks") from None
        except PlayRefused as exc:
            raise refused(exc) from None
        body = play_body(request, play, person)
        return Response(body, status=status.HTTP_201_CREATED, headers={"Location": body["url"]})


class PlayDetailApi(APIView):
    """A game: the pending decision and its options, the history so far in words, and what your
    seat may see."""

    @extend_schema(responses={200: PlaySerializer, 404: ErrorSerializer})
    def get(self, request: Request, play_id: UUID) -> Response:
        play = _play(request, play_id)
        return Response(play_body(request, play, play_replay(play)))


class PlayAnswerApi(APIView):
    """Answer the pending decision with one of its options' ids; the bots then move until it is
    your turn again. An option not offered is a 400 naming `option` and changes nothing; a
    `number` answered already (another tab's) is a 409."""

    @extend_schema(
        request=AnswerInputSerializer,
        responses={
            200: PlaySerializer,
            400: ErrorSerializer,
            404: ErrorSerializer,
            409: ErrorSerializer,
        },
    )
    def post(self, request: Request, play_id: UUID) -> Response:
        body = request.data if isinstance(request.data, dict) else {}
        play = _play(request, play_id)
        try:
            play, person = play_answer(
                play=play, number=body.get("number"), option=body.get("option")
            )
        except PlayRefused as exc:
            raise refused(exc) from None
        return Response(play_body(request, play, person))


def session_key(request: Request) -> str:
    """The anonymous client's key in its session (the session made, its cookie set, if new)."""
    key = session_player(request.session, create=True)
    assert key is not None  # made if missing
    return key


def refused(exc: PlayRefused) -> ApiError:
    return ApiError(exc.message, code=exc.code, status_code=status.HTTP_409_CONFLICT)


def play_body(request: Request, play: Play, person: PersonGame) -> dict[str, Any]:
    """A game as the API answers it (PlaySerializer)."""
    pending = person.pending
    finished = play.status == Play.Status.FINISHED
    return {
        "id": str(play.pk),
        "url": reverse("play-detail", args=[play.pk], request=request),
        "game": play.game.slug,
        "bot": play.bot,
        "seed": play.seed,
        "seat": person.seat,
        "status": play.status,
        "pending": None
        if pending is None or play.status != Play.Status.OPEN
        else {
            "number": pending.number,
            "seat": pending.seat,
            "prompt": pending.prompt,
            "options": [{"id": i, "text": text} for i, text in enumerate(pending.options)],
        },
        "finished": {"placements": play.placements} if finished else None,
        "history": [
            {
                "number": entry.number,
                "seat": entry.seat,
                "option": entry.option,
                "text": entry.text,
                "question": entry.question,
            }
            for entry in person.entries
        ],
        "log": [
            {"turn": told.turn, "seat": told.player, "text": told.text, "before": told.before}
            for told in person.told
        ],
        "view": person.view(),
        "share_url": request.build_absolute_uri(
            django_reverse("web:play-shared", args=[play.share_token])
        )
        if finished
        else None,
        "created": play.created,
        "updated": play.updated,
    }


def _play(request: Request, play_id: UUID) -> Play:
    try:
        return play_get(
            user=request.user, session_key=session_player(request.session), play_id=play_id
        )
    except Play.DoesNotExist:
        raise ApiError(
            "No such game of yours.", code="not_found", status_code=status.HTTP_404_NOT_FOUND
        ) from None
