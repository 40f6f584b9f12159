"""Events over HTTP: thin views over events.selectors (reads) and events.services (writes).

An event is addressed by its link token. Anyone with the link reads the event; only its
organiser changes it, reads the whole report and drops players (403 for others). Who sees
which registrations is events.selectors' rule.
"""

from __future__ import annotations

from collections.abc import Iterable

import django_filters
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, status
from rest_framework.exceptions import NotFound
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import APIView

from api.decks.errors import decklist_errors
from api.errors import ApiError
from api.negotiation import OneRepresentation
from api.renderers import CSVRenderer, CsvTable
from api.validation.serializers import ErrorSerializer
from decks.models import Deck, DeckVersion
from decks.selectors import VersionNotFound, deck_get_own, deck_version_get, deck_version_latest
from events import selectors, services
from events.models import Event, Registration

from .serializers import (
    DropIllegalOutput,
    DropInput,
    EventInput,
    EventOutput,
    EventReportOutput,
    EventUpdateOutput,
    MetagameOutput,
    MyRegistrationOutput,
    RecheckOutput,
    RegistrationInput,
    RegistrationOutput,
)


class EventAccess:
    """The event behind a token (else 404), the organiser check (else 403), and registrations
    as the asker may read them."""

    def event(self, token: str) -> Event:
        try:
            return selectors.event_get(token=token)
        except Event.DoesNotExist:
            raise NotFound("No event has this link.") from None

    def organised_event(self, request: Request, token: str) -> Event:
        event = self.event(token)
        if not selectors.is_organiser(event=event, user=request.user):
            raise ApiError(
                "Only the event's organiser may do this.",
                code="permission_denied",
                status_code=status.HTTP_403_FORBIDDEN,
            )
        return event

    def seen(
        self, request: Request, event: Event, registrations: Iterable[Registration]
    ) -> list[Registration]:
        """What RegistrationOutput shows: each list as this user may read it (issue 15)."""
        return selectors.registrations_seen_by(
            event=event, registrations=registrations, user=request.user
        )


class EventFilter(django_filters.FilterSet):
    game = django_filters.CharFilter(field_name="game__slug", help_text="game slug")
    published = django_filters.BooleanFilter(help_text="Events whose lists are published.")

    class Meta:
        model = Event
        fields = ["game", "published"]


class EventListApi(generics.ListAPIView):
    """GET: the events you organise, judge or registered for (filter by game, published).
    POST: organise a new event."""

    serializer_class = EventOutput
    filterset_class = EventFilter
    permission_classes = [IsAuthenticatedOrReadOnly]
    ordering_fields = ["date", "name", "registration_deadline"]

    def get_queryset(self):
        return selectors.event_list(user=self.request.user)

    @extend_schema(request=EventInput, responses={201: EventOutput, 400: ErrorSerializer})
    def post(self, request: Request) -> Response:
        serializer = EventInput(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        data.pop("published")
        data.pop("publish_while_open")
        event = services.event_create(organiser=request.user, **data)
        response = Response(EventOutput(event).data, status=status.HTTP_201_CREATED)
        response["Location"] = reverse("event-detail", kwargs={"token": event.token})
        return response


class EventDetailApi(EventAccess, APIView):
    """GET an event (anyone with its link); PATCH changes it (its organiser), including
    `published`, which shows every decklist to everyone."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses=EventOutput)
    def get(self, request: Request, token: str) -> Response:
        return Response(EventOutput(self.event(token)).data)

    @extend_schema(
        request=EventInput,
        responses={
            200: EventUpdateOutput,
            400: ErrorSerializer,
            403: ErrorSerializer,
            409: ErrorSerializer,
        },
    )
    def patch(self, request: Request, token: str) -> Response:
        event = self.organised_event(request, token)
        serializer = EventInput(data=request.data, partial=True, context={"event": event})
        serializer.is_valid(raise_exception=True)
        try:
            updated = services.event_update(event=event, **serializer.validated_data)
        except services.PublishWhileOpen as exc:
            raise ApiError(
                str(exc),
                code="registration_open",
                status_code=status.HTTP_409_CONFLICT,
                fields={"published": [str(exc)], "publish_while_open": ["send true to confirm"]},
            ) from None
        answer = EventUpdateOutput(updated.event, context={"updated": updated})
        return Response(answer.data)

    @extend_schema(request=None, responses={204: None, 403: ErrorSerializer})
    def delete(self, request: Request, token: str) -> Response:
        """Delete the event and its registrations (the players keep their decks)."""
        services.event_delete(event=self.organised_event(request, token))
        return Response(status=status.HTTP_204_NO_CONTENT)


class EventCloseApi(EventAccess, APIView):
    """The organiser closes registration now: the deadline becomes this moment (an event
    already closed keeps its own). To reopen, PATCH a `registration_deadline` in the future."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={200: EventOutput, 403: ErrorSerializer})
    def post(self, request: Request, token: str) -> Response:
        event = services.event_close(event=self.organised_event(request, token))
        return Response(EventOutput(event).data)


class RegistrationFilter(django_filters.FilterSet):
    legal = django_filters.BooleanFilter(help_text="Legal lists (true) or illegal (false).")
    dropped = django_filters.BooleanFilter(
        field_name="dropped", lookup_expr="isnull", exclude=True, help_text="Players who left."
    )
    checked = django_filters.BooleanFilter(
        field_name="checked", lookup_expr="isnull", exclude=True, help_text="Lists checked."
    )
    player = django_filters.CharFilter(
        field_name="player__username", lookup_expr="iexact", help_text="A player's username."
    )
    waitlisted = django_filters.BooleanFilter(
        field_name="waitlisted",
        lookup_expr="isnull",
        exclude=True,
        help_text="Players waiting for a seat (true) or holding one (false).",
    )

    class Meta:
        model = Registration
        fields = ["legal", "dropped", "checked", "player", "waitlisted"]


class RegistrationListApi(EventAccess, generics.ListAPIView):
    """GET: the registrations you may see (all for the organiser and the event's judges; your
    own; everyone's once published), a page at a time, filtered and ordered like every list.
    POST: register one of your decks (a version, default its latest) or a pasted list;
    registering again replaces your entry. 409 once the deadline has passed."""

    permission_classes = [IsAuthenticatedOrReadOnly]
    queryset = Registration.objects.none()  # the schema's; get_queryset() is the request's
    serializer_class = RegistrationOutput
    filterset_class = RegistrationFilter
    ordering_fields = ["registered", "legal", "wins"]

    def get_queryset(self):
        event = self.event(self.kwargs["token"])
        return selectors.registrations_visible(event=event, user=self.request.user)

    def list(self, request: Request, token: str) -> Response:
        page = self.paginate_queryset(self.filter_queryset(self.get_queryset()))
        seen = self.seen(request, self.event(token), page)
        return self.get_paginated_response(RegistrationOutput(seen, many=True).data)

    @extend_schema(
        request=RegistrationInput,
        responses={201: RegistrationOutput, 400: ErrorSerializer, 409: ErrorSerializer},
    )
    def post(self, request: Request, token: str) -> Response:
        event = self.event(token)
        serializer = RegistrationInput(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        try:
            with decklist_errors():
                if "text" in data:
                    name = data.get("name") or f"{event.name} list"
                    registration = services.registration_submit_text(
                        event=event, player=request.user, text=data["text"], name=name
                    )
                else:
                    version = _own_version(request, data["deck"], data.get("version"))
                    registration = services.registration_submit(
                        event=event, player=request.user, deck_version=version
                    )
        except services.RegistrationClosed:
            raise _closed(event) from None
        except services.RegistrationRefused as exc:
            raise ApiError(exc.message, fields={exc.field: [exc.message]}) from None
        mine = reverse("event-registration-mine", kwargs={"token": event.token})
        [registration] = self.seen(request, event, [registration])
        return Response(
            RegistrationOutput(registration).data,
            status=status.HTTP_201_CREATED,
            headers={"Location": mine},
        )


class MyRegistrationApi(EventAccess, APIView):
    """Your current entry (null if none) and every entry you made, newest first."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses=MyRegistrationOutput)
    def get(self, request: Request, token: str) -> Response:
        event = self.event(token)
        history = self.seen(
            request, event, selectors.registration_history(event=event, player=request.user)
        )
        current = next((r for r in history if r.is_current), None)
        note = current.note if current else ""
        answer = {"current": current, "history": history, "note": note}
        return Response(MyRegistrationOutput(answer).data)


class RegistrationDropApi(EventAccess, APIView):
    """The organiser drops a player (at any time), after round `after_round` if given (the
    matches they played still count); the entry stays, marked dropped."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=DropInput, responses={200: RegistrationOutput, 403: ErrorSerializer})
    def post(self, request: Request, token: str, pk: int) -> Response:
        event = self.organised_event(request, token)
        registration = selectors.registrations_current(event=event).filter(pk=pk).first()
        if registration is None:
            raise NotFound("The event has no current registration with this id.")
        serializer = DropInput(data=request.data)
        serializer.is_valid(raise_exception=True)
        registration = services.registration_drop(
            registration=registration, after_round=serializer.validated_data.get("after_round")
        )
        [registration] = self.seen(request, event, [registration])
        return Response(RegistrationOutput(registration).data)


class RegistrationDropIllegalApi(EventAccess, APIView):
    """The organiser drops every player whose current list is illegal; answers how many."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={200: DropIllegalOutput, 403: ErrorSerializer})
    def post(self, request: Request, token: str) -> Response:
        event = self.organised_event(request, token)
        return Response({"dropped": services.registrations_drop_illegal(event=event)})


class RegistrationRecheckApi(EventAccess, APIView):
    """The organiser judges every current list again against the lists in force on the event's
    date as they stand now (a ban announced since registration counts); answers how many were
    checked and whose errors changed, with the errors gained and lost."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={200: RecheckOutput, 403: ErrorSerializer})
    def post(self, request: Request, token: str) -> Response:
        event = self.organised_event(request, token)
        checked, changes = services.registrations_recheck(event=event)
        return Response(RecheckOutput({"checked": checked, "changed": changes}).data)


class EventReportApi(EventAccess, APIView):
    """The organiser's whole-event legality report: every entry, illegal first, each error
    with its rule, and counts. `?format=csv` (or `Accept: text/csv`) answers one row per
    registration (api.negotiation)."""

    permission_classes = [IsAuthenticated]
    renderer_classes = [*api_settings.DEFAULT_RENDERER_CLASSES, CSVRenderer]

    @extend_schema(
        parameters=[OpenApiParameter("format", str, enum=["json", "csv"])],
        responses={
            (200, "application/json"): EventReportOutput,
            (200, "text/csv"): OpenApiTypes.STR,
            403: ErrorSerializer,
        },
    )
    def get(self, request: Request, token: str) -> Response:
        report = selectors.event_report(event=self.organised_event(request, token))
        if request.accepted_renderer.format == CSVRenderer.format:
            rows = selectors.event_report_rows(report=report)
            return Response(CsvTable(selectors.REPORT_COLUMNS, rows))
        return Response(report)


class EventReportCsvApi(EventReportApi):
    """The report as CSV, one row per registration: the same answer as `report/?format=csv`,
    as an operation of its own so a generated client types it as text."""

    renderer_classes = [CSVRenderer]
    content_negotiation_class = OneRepresentation

    @extend_schema(responses={(200, "text/csv"): OpenApiTypes.STR, 403: ErrorSerializer})
    def get(self, request: Request, token: str) -> Response:
        return super().get(request, token)


class EventMetagameApi(EventAccess, APIView):
    """Most-played cards per section and their share of decks: the organiser's, and
    everyone's once the lists are published."""

    @extend_schema(responses={200: MetagameOutput, 403: ErrorSerializer})
    def get(self, request: Request, token: str) -> Response:
        event = self.event(token)
        if not event.published:
            event = self.organised_event(request, token)
        return Response(selectors.event_metagame(event=event, user=request.user))


def _own_version(request: Request, deck_id: int, number: int | None) -> DeckVersion:
    try:
        deck = deck_get_own(user=request.user, deck_id=deck_id)
    except Deck.DoesNotExist:
        message = f"You have no deck with id {deck_id}."
        raise ApiError(message, fields={"deck": [message]}) from None
    if number is None:
        version = deck_version_latest(deck=deck, viewer=request.user)
        assert version is not None  # every stored deck has a first version
        return version
    try:
        return deck_version_get(deck=deck, number=number, viewer=request.user, field="version")
    except VersionNotFound:
        message = f"Deck {deck_id} has no version {number}."
        raise ApiError(message, fields={"version": [message]}) from None


def _closed(event: Event) -> ApiError:
    deadline = event.registration_deadline.isoformat()
    return ApiError(
        f"Registration closed at {deadline}; entries can no longer change.",
        code="registration_closed",
        status_code=status.HTTP_409_CONFLICT,
        fields={"registration_deadline": [f"passed at {deadline}"]},
    )
