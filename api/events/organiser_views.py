"""The organiser's roster, review and standings over HTTP (issue 17, items 10, 11 and 13), and
the player's withdrawal: thin views over events.roster and events.standings. Every write
acts on the player's current entry under the event's lock (events.services)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound
from rest_framework.generics import GenericAPIView
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import APIView

from api.decks.errors import decklist_errors
from api.errors import ApiError
from api.negotiation import OneRepresentation
from api.renderers import CSVRenderer, CsvTable
from api.validation.serializers import ErrorSerializer
from events import roster, rounds, selectors, standings
from events.models import Event, Registration, RosterEntry
from events.services import RegistrationRefused

from .serializers import (
    ArchetypesOutput,
    CheckInInput,
    CheckInWindowInput,
    CheckInWindowOutput,
    PaperListInput,
    RegistrationOutput,
    RegistrationReviewInput,
    RegistrationReviewOutput,
    RosterInviteInput,
    RosterQuery,
    RosterRowOutput,
    StandingsInput,
    StandingsOutput,
    WithdrawInput,
)
from .views import EventAccess


def _current(event: Event, pk: int) -> Registration:
    registration = selectors.registrations_current(event=event).filter(pk=pk).first()
    if registration is None:
        raise NotFound("The event has no current registration with this id.")
    return registration


def _refused(exc: RegistrationRefused) -> ApiError:
    return ApiError(exc.message, fields={exc.field: [exc.message]})


class RosterApi(EventAccess, GenericAPIView):
    """GET the roster, a page at a time, filtered by `state` and `checked_in` and ordered by
    `ordering` (JSON; `Accept: text/csv` gives the whole pairing export: id, username,
    display_name, checked_in, legal, deck). POST `{"username"}` invites a player and answers
    their row."""

    permission_classes = [IsAuthenticated]
    renderer_classes = [*api_settings.DEFAULT_RENDERER_CLASSES, CSVRenderer]
    queryset = RosterEntry.objects.none()  # for the schema: the rows are selectors.event_roster
    serializer_class = RosterRowOutput  # what OPTIONS describes (DRF's metadata asks for one)

    def get_renderers(self) -> list:
        # Only reading the roster has a CSV export: an invite answers the rows as JSON (the
        # CSV renderer cannot render them, and the schema should not promise it).
        renderers = super().get_renderers()
        if self.request.method in ("GET", "HEAD"):
            return renderers
        return [r for r in renderers if not isinstance(r, CSVRenderer)]

    @extend_schema(
        parameters=[RosterQuery],
        responses={
            (200, "application/json"): RosterRowOutput(many=True),
            (200, "text/csv"): OpenApiTypes.STR,
            403: ErrorSerializer,
        },
    )
    def get(self, request: Request, token: str) -> Response:
        event = self.organised_event(request, token)
        if request.accepted_renderer.format == CSVRenderer.format:
            rows = selectors.event_pairing_rows(event=event)
            return Response(CsvTable(selectors.PAIRING_COLUMNS, rows))
        query = RosterQuery(data=request.query_params.dict())  # not a form: absent is absent
        query.is_valid(raise_exception=True)
        rows = query.chosen(selectors.event_roster(event=event))
        page = self.paginate_queryset(rows)
        return self.get_paginated_response(RosterRowOutput(page, many=True).data)

    @extend_schema(
        request=RosterInviteInput,
        responses={201: RosterRowOutput, 400: ErrorSerializer, 403: ErrorSerializer},
    )
    def post(self, request: Request, token: str) -> Response:
        event = self.organised_event(request, token)
        serializer = RosterInviteInput(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            entry = roster.roster_invite(
                event=event, username=serializer.validated_data["username"]
            )
        except RegistrationRefused as exc:
            raise _refused(exc) from None
        row = _roster_row(event, entry.player_id)
        return Response(RosterRowOutput(row).data, status=status.HTTP_201_CREATED)


def _roster_row(event: Event, player_id: int) -> dict:
    return next(r for r in selectors.event_roster(event=event) if r["player_id"] == player_id)


class RosterCsvApi(RosterApi):
    """The pairing export as CSV: the same answer as `roster/?format=csv`, as an operation of
    its own so a generated client types it as text."""

    renderer_classes = [CSVRenderer]
    content_negotiation_class = OneRepresentation
    http_method_names = ["get", "head", "options"]

    def get_renderers(self) -> list:
        return [CSVRenderer()]  # for every method: another is a 405, in JSON (api.errors)

    @extend_schema(responses={(200, "text/csv"): OpenApiTypes.STR, 403: ErrorSerializer})
    def get(self, request: Request, token: str) -> Response:
        return super().get(request, token)


class CheckInApi(EventAccess, APIView):
    """The organiser checks a player in on the day (`{"present": true}`) or undoes it."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=CheckInInput, responses={200: RosterRowOutput, 403: ErrorSerializer})
    def post(self, request: Request, token: str, player_id: int) -> Response:
        event = self.organised_event(request, token)
        serializer = CheckInInput(data=request.data)
        serializer.is_valid(raise_exception=True)
        player = get_user_model().objects.filter(pk=player_id).first()
        if player is None:
            raise NotFound("No player has this id.")
        present = serializer.validated_data["present"]
        roster.roster_check_in(event=event, player=player, present=present)
        return Response(RosterRowOutput(_roster_row(event, player.pk)).data)


class CheckInWindowApi(EventAccess, APIView):
    """The organiser opens players' own check-in for `minutes` from now (0 closes it)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=CheckInWindowInput,
        responses={200: CheckInWindowOutput, 400: ErrorSerializer, 403: ErrorSerializer},
    )
    def post(self, request: Request, token: str) -> Response:
        event = self.organised_event(request, token)
        serializer = CheckInWindowInput(data=request.data)
        serializer.is_valid(raise_exception=True)
        event = roster.check_in_open(event=event, minutes=serializer.validated_data["minutes"])
        return Response(CheckInWindowOutput(event).data)


class MyCheckInApi(EventAccess, APIView):
    """A registered player checks themselves in while the organiser's check-in is open: a 400
    naming `check_in` outside it, `player` for a player with no seat (no list, left, or on the
    waitlist)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={200: RosterRowOutput, 400: ErrorSerializer})
    def post(self, request: Request, token: str) -> Response:
        event = self.event(token)
        try:
            roster.check_in_self(event=event, player=request.user)
        except RegistrationRefused as exc:
            raise _refused(exc) from None
        return Response(RosterRowOutput(_roster_row(event, request.user.pk)).data)


class PaperListApi(EventAccess, APIView):
    """The organiser registers a list a player handed in on paper (at any time)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=PaperListInput,
        responses={201: RegistrationReviewOutput, 400: ErrorSerializer, 403: ErrorSerializer},
    )
    def post(self, request: Request, token: str) -> Response:
        event = self.organised_event(request, token)
        serializer = PaperListInput(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        player = get_user_model().objects.filter(username__iexact=data["player"]).first()
        if player is None:
            message = f"Nobody here is called {data['player']!r}."
            raise ApiError(message, fields={"player": [message]})
        try:
            with decklist_errors():
                registration = roster.registration_submit_paper(
                    event=event,
                    organiser=request.user,
                    player=player,
                    text=data["text"],
                    name=data.get("name") or f"{event.name} paper list",
                )
        except RegistrationRefused as exc:
            raise _refused(exc) from None
        [registration] = self.seen(request, event, [registration])
        data = RegistrationReviewOutput(registration).data
        return Response(data, status=status.HTTP_201_CREATED)


class RegistrationReviewApi(EventAccess, APIView):
    """The organiser marks a current list checked, leaves its player a note, or names its
    archetype."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=RegistrationReviewInput,
        responses={200: RegistrationReviewOutput, 403: ErrorSerializer, 404: ErrorSerializer},
    )
    def patch(self, request: Request, token: str, pk: int) -> Response:
        event = self.organised_event(request, token)
        registration = _current(event, pk)
        serializer = RegistrationReviewInput(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        if "archetype" in data:
            standings.archetype_name(event=event, registration_ids=[pk], name=data["archetype"])
        registration = roster.registration_review(
            registration=registration, checked=data.get("checked"), note=data.get("note")
        )
        [registration] = self.seen(request, event, [registration])
        return Response(RegistrationReviewOutput(registration).data)


class UndoDropApi(EventAccess, APIView):
    """The organiser lets a dropped or withdrawn player back in."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={200: RegistrationOutput, 403: ErrorSerializer})
    def post(self, request: Request, token: str, pk: int) -> Response:
        event = self.organised_event(request, token)
        registration = roster.registration_undo_drop(registration=_current(event, pk))
        [registration] = self.seen(request, event, [registration])
        return Response(RegistrationOutput(registration).data)


class WithdrawApi(EventAccess, APIView):
    """The player withdraws from the event (any time), after round `after_round` if they say
    (no more than the event has played: a 400 naming it otherwise); only the organiser can
    undo it. Withdrawn, the player may still say or correct the round."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=WithdrawInput,
        responses={200: RegistrationOutput, 400: ErrorSerializer, 404: ErrorSerializer},
    )
    def post(self, request: Request, token: str) -> Response:
        event = self.event(token)
        serializer = WithdrawInput(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            registration = roster.registration_withdraw(
                event=event,
                player=request.user,
                after_round=serializer.validated_data.get("after_round"),
            )
        except Registration.DoesNotExist:
            raise NotFound("You have no entry in this event.") from None
        except RegistrationRefused as exc:
            raise _refused(exc) from None
        [registration] = self.seen(request, event, [registration])
        return Response(RegistrationOutput(registration).data)


class StandingsApi(EventAccess, APIView):
    """POST the pairing tool's standings (`{"text": "<CSV>"}`); GET win rates by archetype,
    suggested clusters of similar lists, and `players`: the standings of the Swiss rounds
    played here with their tiebreakers (`?format=csv`: those rows alone)."""

    permission_classes = [IsAuthenticated]
    renderer_classes = [*api_settings.DEFAULT_RENDERER_CLASSES, CSVRenderer]

    @extend_schema(
        parameters=[OpenApiParameter("format", str, enum=["json", "csv"])],
        responses={
            (200, "application/json"): ArchetypesOutput,
            (200, "text/csv"): OpenApiTypes.STR,
            403: ErrorSerializer,
        },
    )
    def get(self, request: Request, token: str) -> Response:
        event = self.organised_event(request, token)
        if request.accepted_renderer.format == CSVRenderer.format:
            return Response(CsvTable(rounds.STANDINGS_COLUMNS, rounds.event_standings(event=event)))
        answer = {
            "results": standings.archetype_results(event=event),
            "clusters": standings.archetype_clusters(event=event),
            "players": rounds.event_standings(event=event),
        }
        return Response(ArchetypesOutput(answer).data)

    @extend_schema(
        request=StandingsInput,
        responses={200: StandingsOutput, 400: ErrorSerializer, 403: ErrorSerializer},
    )
    def post(self, request: Request, token: str) -> Response:
        event = self.organised_event(request, token)
        serializer = StandingsInput(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            imported = standings.standings_import(
                event=event, text=serializer.validated_data["text"]
            )
        except standings.StandingsUnreadable as exc:
            raise ApiError(
                "The standings cannot be imported.", fields={"text": exc.problems}
            ) from None
        return Response(StandingsOutput({"imported": imported}).data)
