"""Rounds played here over HTTP (issue 39, item 3): thin views over events.rounds.

The organiser starts, repairs and publishes rounds; players of the event read the published
ones and report their own table's result; the organiser and judges enter or settle results.
"""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import APIView

from api.errors import ApiError
from api.renderers import CSVRenderer, CsvTable
from api.validation.serializers import ErrorSerializer
from events import rounds
from events.models import Event, Round

from .serializers import PairingOutput, ResultInput, RoundInput, RoundOutput, RoundUpdateInput
from .views import EventAccess


def _refused(exc: rounds.RoundRefused) -> ApiError:
    return ApiError(exc.message, status_code=exc.status, fields={exc.field: [exc.message]})


class RoundAccess(EventAccess):
    def round(self, request: Request, event: Event, number: int) -> Round:
        try:
            return rounds.round_get(event=event, user=request.user, number=number)
        except Round.DoesNotExist:
            raise NotFound(f"The event has no round {number} you may read.") from None


class RoundListApi(RoundAccess, APIView):
    """GET the rounds you may read (the organiser and judges: all; players: the published
    ones). POST (the organiser) pairs the next round: Swiss, or `top_cut` 8 or 4 by seed, then
    the cut's next rounds; 409 while the last round has results missing."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses={200: RoundOutput(many=True)})
    def get(self, request: Request, token: str) -> Response:
        event = self.event(token)
        return Response(
            RoundOutput(rounds.rounds_visible(event=event, user=request.user), many=True).data
        )

    @extend_schema(
        request=RoundInput,
        responses={
            201: RoundOutput,
            400: ErrorSerializer,
            403: ErrorSerializer,
            409: ErrorSerializer,
        },
    )
    def post(self, request: Request, token: str) -> Response:
        event = self.organised_event(request, token)
        serializer = RoundInput(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            played = rounds.round_start(event=event, **serializer.validated_data)
        except rounds.RoundRefused as exc:
            raise _refused(exc) from None
        played = self.round(request, event, played.number)
        return Response(RoundOutput(played).data, status=status.HTTP_201_CREATED)


class RoundDetailApi(RoundAccess, APIView):
    """GET a round's pairings and results (`?format=csv`: one row per table). PATCH (the
    organiser, before publishing) replaces its `pairings` by hand and/or `publish`es it."""

    permission_classes = [IsAuthenticatedOrReadOnly]
    renderer_classes = [*api_settings.DEFAULT_RENDERER_CLASSES, CSVRenderer]

    @extend_schema(
        parameters=[OpenApiParameter("format", str, enum=["json", "csv"])],
        responses={(200, "application/json"): RoundOutput, (200, "text/csv"): OpenApiTypes.STR},
    )
    def get(self, request: Request, token: str, number: int) -> Response:
        played = self.round(request, self.event(token), number)
        if request.accepted_renderer.format == CSVRenderer.format:
            return Response(CsvTable(rounds.PAIRING_COLUMNS, rounds.pairing_rows(round=played)))
        return Response(RoundOutput(played).data)

    @extend_schema(
        request=RoundUpdateInput,
        responses={
            200: RoundOutput,
            400: ErrorSerializer,
            403: ErrorSerializer,
            409: ErrorSerializer,
        },
    )
    def patch(self, request: Request, token: str, number: int) -> Response:
        event = self.organised_event(request, token)
        played = self.round(request, event, number)
        serializer = RoundUpdateInput(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        try:
            if "pairings" in data:
                rounds.round_repair(round=played, pairings=data["pairings"])
            if data["publish"] and played.published is None:
                rounds.round_publish(round=played, minutes=data.get("minutes"))
        except rounds.RoundRefused as exc:
            raise _refused(exc) from None
        return Response(RoundOutput(self.round(request, event, number)).data)


class RoundResultApi(RoundAccess, APIView):
    """POST a table's result: `table`, `wins` (per player, in `players` order) and `draws`.
    A player's report waits for their opponent's (both agree: final; they differ: disputed,
    for a judge); the organiser's or a judge's is final."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=ResultInput,
        responses={
            200: PairingOutput,
            400: ErrorSerializer,
            403: ErrorSerializer,
            409: ErrorSerializer,
        },
    )
    def post(self, request: Request, token: str, number: int) -> Response:
        event = self.event(token)
        played = self.round(request, event, number)
        serializer = ResultInput(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            reported = rounds.result_report(
                round=played, user=request.user, **serializer.validated_data
            )
        except rounds.RoundRefused as exc:
            raise _refused(exc) from None
        return Response(PairingOutput(reported.match).data)
