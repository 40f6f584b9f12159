"""POST /api/v1/validate/: a deck's legality, not stored."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import APIView

from api.errors import ApiError
from api.negotiation import OneRepresentation
from api.renderers import CSVRenderer, CsvTable
from rules.services.fixes import deck_fix, fix_answer
from rules.services.validation import InvalidRequest, deck_validate, decks_validate

from .batch import (
    BATCH_COLUMNS,
    batch_answer,
    batch_body,
    batch_rows,
    failed_report,
    invalid_report,
    read_batch_request,
)
from .requests import read_validate_request
from .serializers import (
    BatchInputSerializer,
    BatchOutputSerializer,
    ErrorSerializer,
    ReportSerializer,
    ValidateInputSerializer,
)


class ValidateApi(APIView):
    """Validate a deck given as sections or as a plain-text decklist; store nothing.

    Unknown cards are not a 400: they are `card.unknown` errors in the report, with suggestions.
    Credentials are read as by every other operation (a bad token is a 401; anonymous use is
    allowed), so entries resolve as the requesting user sees the cards: their own user-made
    cards too, as a stored deck of theirs does (issue 29).
    """

    permission_classes: list = []

    @extend_schema(
        request=ValidateInputSerializer,
        parameters=[
            OpenApiParameter("format", str, description="Or in the body."),
            OpenApiParameter("as_of", OpenApiTypes.DATE, description="Or in the body."),
            OpenApiParameter("fix", bool, description="Or in the body."),
            OpenApiParameter("seed", int, description="Or in the body."),
        ],
        responses={200: ReportSerializer, 400: ErrorSerializer, 413: ErrorSerializer},
    )
    def post(self, request: Request) -> Response:
        parsed = read_validate_request(_body(request), request.query_params)
        if parsed.fix:
            parsed.refuse_unreadable()  # the fix draws from every card of the deck
            fixed = deck_fix(
                game=parsed.game.slug,
                entries=parsed.entries,
                seed=parsed.seed,
                format=parsed.format,
                as_of=parsed.as_of,
                viewer=request.user,
                cards=parsed.cards,
            )
            return Response({**fixed.report.as_dict(), "fix": fix_answer(fixed)})
        report = deck_validate(
            game=parsed.game.slug,
            entries=parsed.entries,
            format=parsed.format,
            as_of=parsed.as_of,
            unreadable=parsed.unreadable,
            viewer=request.user,
            cards=parsed.cards,
        )
        return Response(report.as_dict())


class ValidateBatchApi(APIView):
    """Validate up to 2,000 decks in one request: one result per deck, in order, and a summary.

    The body is JSON, or CSV (`Content-Type: text/csv`; columns id, game, format, as_of, text:
    one deck a row). A deck that cannot be read (unknown game, bad entries) is a result with a
    `deck.invalid` error; it never fails the batch. Too many decks, entries or different cards
    is a 413 naming the limit. `?format=csv` (or `Accept: text/csv`) answers one CSV row per
    deck (api.negotiation). Credentials are read as /validate/ reads them.
    """

    permission_classes: list = []
    renderer_classes = [*api_settings.DEFAULT_RENDERER_CLASSES, CSVRenderer]

    @extend_schema(
        request={"application/json": BatchInputSerializer, "text/csv": OpenApiTypes.STR},
        parameters=[OpenApiParameter("format", str, enum=["json", "csv"])],
        responses={
            (200, "application/json"): BatchOutputSerializer,
            (200, "text/csv"): OpenApiTypes.STR,
            400: ErrorSerializer,
            413: ErrorSerializer,
        },
    )
    def post(self, request: Request) -> Response:
        decks = read_batch_request(batch_body(request))
        readable = [deck.request for deck in decks if deck.request is not None]
        checked = iter(decks_validate(decks=readable, viewer=request.user))
        reports = []
        for deck in decks:
            report = invalid_report(deck.problems) if deck.request is None else next(checked)
            reports.append(failed_report(report) if isinstance(report, InvalidRequest) else report)
        answer = batch_answer(decks, reports)
        if request.accepted_renderer.format == CSVRenderer.format:
            return Response(CsvTable(BATCH_COLUMNS, batch_rows(answer)))
        return Response(answer)


class ValidateBatchCsvApi(ValidateBatchApi):
    """The same batch, answered as CSV (one row per deck): the answer of `?format=csv`, as an
    operation of its own so a generated client types it as text. The body is JSON or CSV."""

    renderer_classes = [CSVRenderer]
    content_negotiation_class = OneRepresentation

    @extend_schema(
        request={"application/json": BatchInputSerializer, "text/csv": OpenApiTypes.STR},
        responses={
            (200, "text/csv"): OpenApiTypes.STR,
            400: ErrorSerializer,
            413: ErrorSerializer,
        },
    )
    def post(self, request: Request) -> Response:
        return super().post(request)


def _body(request: Request) -> Any:
    """The parsed JSON body; bad JSON or too large a body is an ApiError naming `body`.

    (A chunked body never gets here: api.middleware answers it with a 411.)
    """
    try:
        _ = request.body  # Django enforces DATA_UPLOAD_MAX_MEMORY_SIZE when it reads the body
    except RequestDataTooBig:
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        raise ApiError(
            f"The request body is larger than {limit} bytes.",
            code="too_large",
            status_code=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
            fields={"body": [f"must be at most {limit} bytes"]},
        ) from None
    try:
        return request.data
    except exceptions.ParseError as exc:
        raise ApiError(
            "The request body is not valid JSON.", fields={"body": [str(exc.detail)]}
        ) from None
