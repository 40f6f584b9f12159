"""Judges and deck checks over HTTP (issue 26, item 7): thin views over events.deck_checks.
The organiser adds and removes judges; the organiser and judges record deck checks, read the
log and correct a check (events.selectors.can_judge); anyone else gets a 403 for the log, a
player included, and a 404 for one check, as for a check that is not there."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import django_filters
from drf_spectacular.utils import extend_schema
from rest_framework import generics, status
from rest_framework.exceptions import NotFound
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.decks.errors import decklist_errors
from api.errors import ApiError
from api.validation.serializers import ErrorSerializer
from cards.filtersets import IntegerFilter
from events import deck_checks, selectors
from events.models import DeckCheck, Event, EventJudge, JudgePenalty, Registration
from events.services import RegistrationRefused

from .serializers import (
    DeckCheckEditInput,
    DeckCheckInput,
    DeckCheckOutput,
    JudgeInput,
    JudgeOutput,
    PenaltyInput,
    PenaltyOutput,
)
from .views import EventAccess


@contextmanager
def refusals() -> Iterator[None]:
    """A refusal of events.deck_checks (a username nobody has, a penalty or infraction off
    the lists) as a 400 naming the field."""
    try:
        yield
    except RegistrationRefused as exc:
        raise ApiError(exc.message, fields={exc.field: [exc.message]}) from None


class JudgedEvent(EventAccess):
    def judged_event(self, request: Request, token: str) -> Event:
        """The event if this user may judge it (its organiser or a judge); 403 otherwise."""
        event = self.event(token)
        if not selectors.can_judge(event=event, user=request.user):
            raise ApiError(
                "Only the event's organiser and judges may do this.",
                code="permission_denied",
                status_code=status.HTTP_403_FORBIDDEN,
            )
        return event


class JudgeListApi(EventAccess, generics.ListAPIView):
    """GET the event's judges (its organiser); POST `{"username"}` adds one."""

    permission_classes = [IsAuthenticated]
    serializer_class = JudgeOutput
    ordering_fields = ["added"]
    queryset = EventJudge.objects.none()  # the schema's; get_queryset() is the request's

    def get_queryset(self):
        event = self.organised_event(self.request, self.kwargs["token"])
        return selectors.event_judges(event=event)

    @extend_schema(
        request=JudgeInput,
        responses={201: JudgeOutput, 400: ErrorSerializer, 403: ErrorSerializer},
    )
    def post(self, request: Request, token: str) -> Response:
        event = self.organised_event(request, token)
        serializer = JudgeInput(data=request.data)
        serializer.is_valid(raise_exception=True)
        with refusals():
            judge = deck_checks.judge_add(
                event=event, username=serializer.validated_data["username"]
            )
        return Response(JudgeOutput(judge).data, status=status.HTTP_201_CREATED)


class JudgeDetailApi(EventAccess, APIView):
    """The organiser takes a judge off the event (their checks stay in the log)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={204: None, 403: ErrorSerializer})
    def delete(self, request: Request, token: str, judge_id: int) -> Response:
        event = self.organised_event(request, token)
        if not deck_checks.judge_remove(event=event, judge_id=judge_id):
            raise NotFound("This user is not a judge of the event.")
        return Response(status=status.HTTP_204_NO_CONTENT)


class DeckCheckFilter(django_filters.FilterSet):
    registration = IntegerFilter(help_text="One registration's checks.")
    matches = django_filters.BooleanFilter(help_text="Checks that matched (or not).")

    class Meta:
        model = DeckCheck
        fields = ["registration", "matches"]


class DeckCheckListApi(JudgedEvent, generics.ListAPIView):
    """GET the event's deck-check log, newest first; POST records a check of a player's deck:
    `matches: true`, or `text`, the deck as presented, answered with what differs from the
    locked list and what the deck as presented breaks. The organiser's and judges' only."""

    permission_classes = [IsAuthenticated]
    serializer_class = DeckCheckOutput
    filterset_class = DeckCheckFilter
    ordering_fields = ["checked"]
    queryset = DeckCheck.objects.none()  # the schema's; get_queryset() is the request's

    def get_queryset(self):
        event = self.judged_event(self.request, self.kwargs["token"])
        return selectors.deck_checks_seen_by(event=event, user=self.request.user)

    @extend_schema(
        request=DeckCheckInput,
        responses={201: DeckCheckOutput, 400: ErrorSerializer, 403: ErrorSerializer},
    )
    def post(self, request: Request, token: str) -> Response:
        event = self.judged_event(request, token)
        serializer = DeckCheckInput(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        registration = entry_of(event, data["player"])
        with decklist_errors(), refusals():
            check = deck_checks.deck_check_record(
                registration=registration,
                judge=request.user,
                text=data.get("text"),
                penalty=data.get("penalty", ""),
                infraction=data.get("infraction", ""),
                notes=data.get("notes", ""),
            )
        return Response(DeckCheckOutput(check).data, status=status.HTTP_201_CREATED)


def entry_of(event: Event, username: str) -> Registration:
    """The player's current entry in the event; a 400 naming `player` if they have none."""
    current = selectors.registrations_current(event=event)
    registration = current.filter(player__username__iexact=username).first()
    if registration is None:
        message = "has no entry in this event"
        raise ApiError(f"{username!r} {message}.", fields={"player": [message]})
    return registration


class PenaltyFilter(django_filters.FilterSet):
    registration = IntegerFilter(help_text="One registration's penalties.")

    class Meta:
        model = JudgePenalty
        fields = ["registration"]


class PenaltyListApi(JudgedEvent, generics.ListAPIView):
    """GET the penalties judges gave outside deck checks, oldest first (a deck check's penalty
    is on the check; the report lists both); POST gives one (issue 39, item 4): slow play at a
    table, a player late. From the lists a check's penalty comes from, with the same 400s; the
    player is told the penalty, never the notes. The organiser's and judges' only."""

    permission_classes = [IsAuthenticated]
    serializer_class = PenaltyOutput
    filterset_class = PenaltyFilter
    ordering_fields = ["given"]
    queryset = JudgePenalty.objects.none()  # the schema's; get_queryset() is the request's

    def get_queryset(self):
        event = self.judged_event(self.request, self.kwargs["token"])
        return selectors.judge_penalties_seen_by(event=event, user=self.request.user)

    @extend_schema(
        request=PenaltyInput,
        responses={201: PenaltyOutput, 400: ErrorSerializer, 403: ErrorSerializer},
    )
    def post(self, request: Request, token: str) -> Response:
        event = self.judged_event(request, token)
        serializer = PenaltyInput(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        registration = entry_of(event, data["player"])
        with refusals():
            given = deck_checks.penalty_give(
                registration=registration,
                judge=request.user,
                penalty=data["penalty"],
                infraction=data.get("infraction", ""),
                notes=data.get("notes", ""),
            )
        return Response(PenaltyOutput(given).data, status=status.HTTP_201_CREATED)


class DeckCheckDetailApi(EventAccess, APIView):
    """GET one deck check with its edit history; PATCH corrects it (send only what changes),
    kept as an edit. The organiser's and judges' only: anyone else, a player included, gets
    the 404 of a check that is not there (events.selectors.deck_check_seen_by)."""

    permission_classes = [IsAuthenticated]

    def deck_check(self, request: Request, token: str, pk: int) -> DeckCheck:
        event = self.event(token)
        try:
            return selectors.deck_check_seen_by(event=event, user=request.user, pk=pk)
        except DeckCheck.DoesNotExist:
            raise NotFound("The event has no deck check with this id.") from None

    @extend_schema(responses={200: DeckCheckOutput, 404: ErrorSerializer})
    def get(self, request: Request, token: str, pk: int) -> Response:
        return Response(DeckCheckOutput(self.deck_check(request, token, pk)).data)

    @extend_schema(
        request=DeckCheckEditInput,
        responses={200: DeckCheckOutput, 400: ErrorSerializer, 404: ErrorSerializer},
    )
    def patch(self, request: Request, token: str, pk: int) -> Response:
        check = self.deck_check(request, token, pk)
        serializer = DeckCheckEditInput(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        with decklist_errors(), refusals():
            deck_checks.deck_check_edit(
                check=check,
                editor=request.user,
                text=data.get("text"),
                matches=data.get("matches", False),
                penalty=data.get("penalty"),
                infraction=data.get("infraction"),
                notes=data.get("notes"),
            )
        return Response(DeckCheckOutput(self.deck_check(request, token, pk)).data)
