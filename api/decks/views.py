"""Stored decks over HTTP: thin views over decks.selectors (reads) and decks.services (writes).

Anyone reads public decks, and unlisted ones through their link (a token in place of the id:
decks.links); any other deck of another user answers 404 as if it did not exist, however
it is asked for. Only the owner writes (403 on a deck another user can see).
"""

from __future__ import annotations

from datetime import date
from typing import Any, NoReturn
from uuid import UUID

import django_filters
from django.db import transaction
from django.db.models import QuerySet
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, status
from rest_framework.exceptions import NotFound
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.errors import ApiError
from api.negotiation import OneRepresentation
from api.parsers import MultiPartParser
from api.renderers import PdfRenderer, PlainTextRenderer
from api.simulations.views import queue_error
from api.validation.serializers import ErrorSerializer, ReportSerializer
from basics.ids import integer_text
from cards.models import Game, Viewer
from cards.services.user_cards import UserCardRefused
from decks import selectors, services
from decks.links import DeckLink
from decks.models import Deck, DeckVersion, ProxyPrint
from decks.proxies import deck_proxies, proxy_print_pdf
from decks.resolution import DeckLine, InvalidEntries, entries_resolve, maybeboard_apart
from decks.user_cards import own_private_cards_share
from decks.verdicts import decks_legal
from jobs.services.admission import SubmitLater
from rulebook.core.decklist import write_decklist
from rulebook.core.game import MAYBEBOARD
from rulebook.core.resolve import EntryRef

from .errors import decklist_errors, invalid_entries_error
from .etags import if_match_revision, if_none_match, raise_changed
from .serializers import (
    DeckDiffOutput,
    DeckExportOutput,
    DeckImportFileInput,
    DeckImportInput,
    DeckInput,
    DeckOutput,
    DeckSummaryOutput,
    DeckVersionDetailOutput,
    DeckVersionOutput,
    ProxiesQuery,
    ProxyPrintOutput,
    line_entry,
    lines_by_section,
)


class DeckFilter(django_filters.FilterSet):
    game = django_filters.CharFilter(field_name="game__slug", help_text="game slug")
    owner = django_filters.CharFilter(field_name="owner__username", help_text="owner's username")
    visibility = django_filters.ChoiceFilter(choices=Deck.Visibility.choices)
    legal = django_filters.BooleanFilter(
        method="filter_legal",
        help_text="true: only decks legal in their format today; false: only the others "
        "(each deck's stored verdict, judged when it was saved or its format's lists changed)",
    )

    class Meta:
        model = Deck
        fields = ["game", "owner", "visibility", "legal"]

    def filter_legal(self, decks: QuerySet[Deck], name: str, value: bool) -> QuerySet[Deck]:
        legal = decks_legal(decks)
        return legal if value else decks.exclude(pk__in=legal.values("pk"))


class DeckAccess:
    """The deck a request may read (else 404) or write (else 403 too)."""

    def readable_deck(self, request: Request, pk: int | DeckLink) -> Deck:
        try:
            return selectors.deck_get_readable(user=request.user, address=pk)
        except Deck.DoesNotExist:
            raise NotFound("No deck with this id or link is visible to you.") from None

    def writable_deck(self, request: Request, pk: int | DeckLink) -> Deck:
        deck = self.readable_deck(request, pk)
        if deck.owner_id != request.user.pk:
            raise ApiError(
                "Only the deck's owner may change it; copy it to a deck of your own instead.",
                code="permission_denied",
                status_code=status.HTTP_403_FORBIDDEN,
            )
        return deck


IF_MATCH_REQUIRED = OpenApiParameter(
    "If-Match",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    required=True,  # 428 without it
    description='The ETag of the deck as last read, e.g. "3-5f0c2a91d4e87b6a0c13".',
)
IF_MATCH = OpenApiParameter(
    "If-Match",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    description=(
        'The ETag of the deck as last read, e.g. "3-5f0c2a91d4e87b6a0c13"; a changed deck is '
        "then kept."
    ),
)
IF_NONE_MATCH = OpenApiParameter(
    "If-None-Match",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    description="The ETag you hold: 304 with no body while the deck is unchanged.",
)
VERSION_NUMBER = "A version number (1, 2, ...) from /versions/; not a revision."
# 412: the If-Match names an older revision; 428: PUT and PATCH without If-Match.
UPDATE_RESPONSES = {200: DeckOutput, 412: ErrorSerializer, 428: ErrorSerializer}


def deck_response(request: Request, deck: Deck, *, created: bool = False) -> Response:
    """The full deck with its ETag header (and Location when just created)."""
    shown = selectors.deck_shown(deck=deck, viewer=request.user)
    context = {
        "request": request,
        "lines": shown.lines,
        "maybeboard": shown.maybeboard,
        "private_cards": shown.own_private,
        "latest_version": selectors.deck_version_latest(deck=deck, viewer=request.user),
    }
    response = Response(DeckOutput(deck, context=context).data, status=201 if created else 200)
    response["ETag"] = deck.etag
    if created:
        response["Location"] = reverse("deck-detail", kwargs={"pk": deck.pk})
    return response


def _requested_lines(
    game: Game, data: dict[str, Any], owner: Viewer, *, whole: bool
) -> dict[str, list[DeckLine]] | None:
    """The sections (and maybeboard) a write sets, as DeckChanges.sections: the whole deck
    from `text`, else the `sections` given (with `whole`, a PUT's, every section of the game,
    those it leaves out empty) and the `maybeboard` if given; None when none is. 400 naming
    each line or entry that cannot be read."""
    if "text" in data:
        with decklist_errors():
            lines = services.decklist_lines(game=game, text=data["text"], owner=owner)
        return services.whole_deck(game, lines)
    requested = data.get("sections")
    if whole:
        requested = {slug: (requested or {}).get(slug, []) for slug in game.spec.section_slugs}
    if "maybeboard" in data:
        requested = {**(requested or {}), MAYBEBOARD.slug: data["maybeboard"]}
    return None if requested is None else _resolve_sections(game, requested, owner)


def _resolve_sections(
    game: Game, sections: dict[str, list[EntryRef]], owner: Viewer
) -> dict[str, list[DeckLine]]:
    """Resolve every requested entry (the owner's user-made cards among the cards) in one
    batch; 400 naming each bad entry's field (`sections.main[2]`, `maybeboard[0]`)."""
    refs = [ref for entries in sections.values() for ref in entries]
    paths = [
        f"maybeboard[{i}]" if slug == MAYBEBOARD.slug else f"sections.{slug}[{i}]"
        for slug, entries in sections.items()
        for i in range(len(entries))
    ]
    try:
        lines = entries_resolve(game=game, refs=refs, owner=owner)
    except InvalidEntries as exc:
        raise invalid_entries_error(exc, paths) from None
    by_section: dict[str, list[DeckLine]] = {slug: [] for slug in sections}
    for line in lines:
        by_section[line.section].append(line)
    return by_section


class DeckListApi(generics.ListAPIView):
    """GET: your decks and everyone's public decks (filter by game, owner, visibility).
    POST: create a deck."""

    serializer_class = DeckSummaryOutput
    filterset_class = DeckFilter
    ordering_fields = ["name", "created", "updated"]
    permission_classes = [IsAuthenticatedOrReadOnly]

    def get_queryset(self):
        return selectors.deck_list(user=self.request.user)

    @extend_schema(request=DeckInput, responses={201: DeckOutput})
    def post(self, request: Request) -> Response:
        data = _validated(DeckInput(data=request.data))
        lines = _requested_lines(data["game"], data, request.user, whole=False) or {}
        with transaction.atomic():
            deck = services.deck_create(
                owner=request.user,
                game=data["game"],
                name=data["name"],
                lines=[line for section in lines.values() for line in section],
                format=data["format"],
                description=data["description"],
                visibility=data["visibility"],
            )
            _share_cards_if_asked(request, deck, data)
        return deck_response(request, deck, created=True)


class DeckDetailApi(DeckAccess, APIView):
    """GET a deck (with ETag); PUT replaces it, PATCH changes some fields (both need If-Match);
    DELETE removes it (If-Match optional)."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        responses={200: DeckOutput, 304: OpenApiResponse(description="Unchanged since its ETag.")},
        parameters=[IF_NONE_MATCH],
    )
    def get(self, request: Request, pk: int | DeckLink) -> Response:
        deck = self.readable_deck(request, pk)
        if if_none_match(request, deck):
            return Response(status=status.HTTP_304_NOT_MODIFIED, headers={"ETag": deck.etag})
        return deck_response(request, deck)

    @extend_schema(request=DeckInput, responses=UPDATE_RESPONSES, parameters=[IF_MATCH_REQUIRED])
    def put(self, request: Request, pk: int | DeckLink) -> Response:
        return self._update(request, pk, partial=False)

    @extend_schema(request=DeckInput, responses=UPDATE_RESPONSES, parameters=[IF_MATCH_REQUIRED])
    def patch(self, request: Request, pk: int | DeckLink) -> Response:
        return self._update(request, pk, partial=True)

    @extend_schema(
        responses={204: None, 409: ErrorSerializer, 412: ErrorSerializer}, parameters=[IF_MATCH]
    )
    def delete(self, request: Request, pk: int | DeckLink) -> Response:
        deck = self.writable_deck(request, pk)
        expected = if_match_revision(request, deck, required=False)
        try:
            services.deck_delete(deck=deck, expected_revision=expected)
        except services.DeckChanged:
            _raise_current(deck)
        except services.DeckRegistered:
            raise ApiError(
                "The deck is registered for an event, which keeps its locked list; "
                "it cannot be deleted.",
                code="deck_registered",
                status_code=status.HTTP_409_CONFLICT,
            ) from None
        return Response(status=status.HTTP_204_NO_CONTENT)

    def _update(self, request: Request, pk: int | DeckLink, *, partial: bool) -> Response:
        deck = self.writable_deck(request, pk)
        expected = if_match_revision(request, deck, required=True)
        data = _validated(DeckInput(data=request.data, partial=partial, context={"deck": deck}))
        # PUT replaces the whole deck: the sections it leaves out become empty
        sections = _requested_lines(deck.game, data, request.user, whole=not partial)
        changes = services.DeckChanges(
            **{field: data[field] for field in _PLAIN_FIELDS if field in data},
            sections=services.KEEP if sections is None else sections,
        )
        try:
            with transaction.atomic():
                deck = services.deck_update(deck=deck, expected_revision=expected, changes=changes)
                _share_cards_if_asked(request, deck, data)
        except services.DeckChanged:
            _raise_current(deck)
        except Deck.DoesNotExist:
            raise NotFound("The deck was deleted meanwhile.") from None
        return deck_response(request, deck)


_PLAIN_FIELDS = ("name", "description", "visibility", "format")


def _share_cards_if_asked(request: Request, deck: Deck, data: dict[str, Any]) -> None:
    """`share_cards` on a deck that others may read shares the owner's private cards in it
    (decks.privacy); 400 naming `share_cards` if one cannot be, and nothing is written."""
    if not data.get("share_cards") or deck.visibility == Deck.Visibility.PRIVATE:
        return
    try:
        lines = selectors.deck_lines(deck=deck, viewer=request.user, maybeboard=True)
        own_private_cards_share(lines=lines, owner=request.user)
    except UserCardRefused as refused:
        raise ApiError(refused.message, fields={"share_cards": [refused.message]}) from None


def _raise_current(deck: Deck) -> NoReturn:
    """412 quoting the deck's current revision, or 404 if it was deleted meanwhile."""
    try:
        deck.refresh_from_db(fields=["revision"])
    except Deck.DoesNotExist:
        raise NotFound("The deck was deleted meanwhile.") from None
    raise_changed(deck)


def _validated(serializer: Any) -> dict[str, Any]:
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


class DeckValidationApi(DeckAccess, APIView):
    """The /validate/ report for a stored deck in its format; `?as_of=YYYY-MM-DD` replays the
    banned and restricted lists in force that day."""

    @extend_schema(
        responses=ReportSerializer,
        parameters=[OpenApiParameter("as_of", OpenApiTypes.DATE)],
    )
    def get(self, request: Request, pk: int | DeckLink) -> Response:
        deck = self.readable_deck(request, pk)
        as_of = _date_param(request, "as_of")
        report = selectors.deck_report(deck=deck, viewer=request.user, as_of=as_of)
        return Response(report.as_dict())


def _date_param(request: Request, name: str) -> date | None:
    raw = request.query_params.get(name)
    if raw is None:
        return None
    try:
        return date.fromisoformat(raw)
    except ValueError:
        message = f"must be a date as YYYY-MM-DD, not {raw!r}"
        raise ApiError(f"{name} {message}.", fields={name: [message]}) from None


def _int_param(request: Request, name: str) -> int:
    number = integer_text(request.query_params.get(name, ""))
    if number is None or number < 1:
        message = "is required: a version number (1, 2, ...)"
        raise ApiError(f"{name} {message}.", fields={name: [message]})
    return number


class DeckVersionListApi(DeckAccess, generics.ListAPIView):
    """The deck's versions, oldest first: number, created, content hash. A version is written
    when the contents (name, format, entries) change, not for a description or visibility
    change, which bumps only the revision (the ETag)."""

    serializer_class = DeckVersionOutput
    ordering_fields = ["number", "created"]

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):  # drf-spectacular reading the view
            return DeckVersion.objects.none()
        deck = self.readable_deck(self.request, self.kwargs["pk"])
        # each version of the page read is given its hash as the reader may see it
        return selectors.deck_versions(deck=deck, viewer=self.request.user)


class DeckVersionDetailApi(DeckAccess, APIView):
    """One version with its snapshot, in the sections shape."""

    @extend_schema(responses=DeckVersionDetailOutput)
    def get(self, request: Request, pk: int | DeckLink, number: int) -> Response:
        deck = self.readable_deck(request, pk)
        try:
            version = selectors.deck_version_get(deck=deck, number=number, viewer=request.user)
        except selectors.VersionNotFound:
            raise NotFound(f"The deck has no version {number}.") from None
        data = DeckVersionDetailOutput(version).data
        data["snapshot"] = version.snapshot_seen
        return Response(data)


class DeckDiffApi(DeckAccess, APIView):
    """`?from=N&to=M` (version numbers, as /versions/ lists them, not revisions): the name
    and format if they changed and, per section, the entries added, removed and changed."""

    @extend_schema(
        responses=DeckDiffOutput,
        parameters=[
            OpenApiParameter("from", OpenApiTypes.INT, required=True, description=VERSION_NUMBER),
            OpenApiParameter("to", OpenApiTypes.INT, required=True, description=VERSION_NUMBER),
        ],
    )
    def get(self, request: Request, pk: int | DeckLink) -> Response:
        deck = self.readable_deck(request, pk)
        from_number, to_number = _int_param(request, "from"), _int_param(request, "to")
        try:
            diff = selectors.deck_diff(
                deck=deck, from_number=from_number, to_number=to_number, viewer=request.user
            )
        except selectors.VersionNotFound as exc:
            message = (
                f"is not a version of this deck (it has versions 1 to {deck.versions.count()})"
            )
            raise ApiError(f"{exc.field} {message}.", fields={exc.field: [message]}) from None
        return Response(diff)


class DeckExportApi(DeckAccess, APIView):
    """`?format=text` (a plain-text decklist, text/plain) or `?format=json` (the sections shape,
    the default): a deck as a file to keep or to post back as a new deck."""

    renderer_classes = [JSONRenderer, PlainTextRenderer]  # chosen as api.negotiation says

    @extend_schema(
        responses={(200, "application/json"): DeckExportOutput, (200, "text/plain"): str},
        parameters=[OpenApiParameter("format", OpenApiTypes.STR, enum=["text", "json"])],
    )
    def get(self, request: Request, pk: int | DeckLink) -> Response:
        deck = self.readable_deck(request, pk)
        if request.accepted_renderer.format == PlainTextRenderer.format:
            refs = selectors.deck_entry_refs(deck=deck, viewer=request.user, maybeboard=True)
            refs = selectors.refs_for_text(game=deck.game, refs=refs, viewer=request.user)
            return Response(write_decklist(deck.game.spec, refs))
        lines, maybeboard = maybeboard_apart(
            selectors.deck_lines(deck=deck, viewer=request.user, maybeboard=True)
        )
        return Response(
            {
                "game": deck.game.slug,
                "name": deck.name,
                "format": deck.format.slug if deck.format else None,
                "sections": lines_by_section(lines, deck.game),
                "maybeboard": [line_entry(line) for line in maybeboard],
            }
        )


class DeckExportTextApi(DeckExportApi):
    """The deck as a plain-text decklist: the answer of `export/?format=text`, as an operation
    of its own so a generated client types it as text."""

    renderer_classes = [PlainTextRenderer]
    content_negotiation_class = OneRepresentation

    @extend_schema(responses={(200, "text/plain"): OpenApiTypes.STR})
    def get(self, request: Request, pk: int | DeckLink) -> Response:
        return super().get(request, pk)


class DeckProxiesApi(DeckAccess, APIView):
    """The saved deck's cards as proxies to print: a PDF of cards at their real size (63 by 88
    mm), nine to an A4 or Letter page with cut marks; `missing=true`, only the copies your
    collection lacks. An empty deck, or nothing missing, is a 400 saying so. More than 120
    cards (up to 1,000) are drawn in the background for the signed-in user who asks: 202 with
    the print's status URL (Location); asked again, the same print answers, the PDF once done."""

    renderer_classes = [PdfRenderer]
    content_negotiation_class = OneRepresentation

    @extend_schema(
        parameters=[ProxiesQuery],
        responses={
            (200, "application/pdf"): OpenApiTypes.BINARY,
            (202, "application/json"): ProxyPrintOutput,
            400: ErrorSerializer,
            503: ErrorSerializer,
        },
    )
    def get(self, request: Request, pk: int | DeckLink) -> Response:
        deck = self.readable_deck(request, pk)
        query = _validated(ProxiesQuery(data=request.query_params))
        try:
            printed = deck_proxies(
                deck=deck, viewer=request.user, paper=query["paper"], missing=query["missing"]
            )
        except SubmitLater as exc:
            raise queue_error(exc) from None
        if isinstance(printed, ProxyPrint):
            if printed.state != ProxyPrint.Status.DONE:
                return _print_accepted(request, deck, printed)
            printed = proxy_print_pdf(proxy_print=printed)
        return _pdf_answer(deck, printed, missing=query["missing"])


class ProxyPrintApi(DeckAccess, APIView):
    """A deck's proxies printed in the background for you: queued, done (with the PDF's URL)
    or failed (saying why). Another user's print is a 404, as one deleted after its day."""

    @extend_schema(
        operation_id="decks_proxies_print_retrieve",
        responses={200: ProxyPrintOutput, 404: ErrorSerializer},
    )
    def get(self, request: Request, pk: int | DeckLink, print_id: UUID) -> Response:
        deck = self.readable_deck(request, pk)
        found = _proxy_print(request, deck, print_id)
        context = {"request": request, "deck": deck}
        return Response(ProxyPrintOutput(found, context=context).data)


class ProxyPrintPdfApi(DeckAccess, APIView):
    """The PDF of a print that is done; 409 while it is queued, or when it failed."""

    renderer_classes = [PdfRenderer]
    content_negotiation_class = OneRepresentation

    @extend_schema(
        operation_id="decks_proxies_print_pdf_retrieve",
        responses={
            (200, "application/pdf"): OpenApiTypes.BINARY,
            404: ErrorSerializer,
            409: ErrorSerializer,
        },
    )
    def get(self, request: Request, pk: int | DeckLink, print_id: UUID) -> Response:
        deck = self.readable_deck(request, pk)
        found = _proxy_print(request, deck, print_id)
        if found.state != ProxyPrint.Status.DONE:
            failed = found.state == ProxyPrint.Status.FAILED
            raise ApiError(
                f"These proxies failed: {found.problem}"
                if failed
                else "These proxies are still being drawn; poll the print's URL until it is done.",
                code="proxies_not_ready",
                status_code=status.HTTP_409_CONFLICT,
                print_status=found.state,
            )
        return _pdf_answer(deck, proxy_print_pdf(proxy_print=found), missing=found.missing)


def _proxy_print(request: Request, deck: Deck, print_id: UUID) -> ProxyPrint:
    try:
        return selectors.proxy_print_get(user=request.user, print_id=print_id, deck=deck)
    except ProxyPrint.DoesNotExist:
        raise NotFound("No print of this deck's proxies of yours has this id.") from None


def _print_accepted(request: Request, deck: Deck, printed: ProxyPrint) -> Response:
    """202 as JSON (the operation's PDF renderer renders no JSON): where to follow the print."""
    request.accepted_renderer = JSONRenderer()
    request.accepted_media_type = JSONRenderer.media_type
    body = ProxyPrintOutput(printed, context={"request": request, "deck": deck}).data
    return Response(body, status=status.HTTP_202_ACCEPTED, headers={"Location": body["url"]})


def _pdf_answer(deck: Deck, pdf: bytes, *, missing: bool) -> Response:
    name = f"deck-{deck.pk}-{'missing-' if missing else ''}proxies.pdf"
    return Response(pdf, headers={"Content-Disposition": f'inline; filename="{name}"'})


class DeckImportApi(APIView):
    """POST a plain-text decklist as a new deck: `{"game", "name", "text", "format"?, ...}`."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=DeckImportInput, responses={201: DeckOutput})
    def post(self, request: Request) -> Response:
        return _imported(request, _validated(DeckImportInput(data=request.data)))


class DeckImportFileApi(APIView):
    """POST a decklist file as a new deck (multipart/form-data): a generated client's upload.
    The same import as /decks/import/, which takes the list as JSON `text`."""

    permission_classes = [IsAuthenticated]
    parser_classes = [MultiPartParser]

    @extend_schema(
        request={"multipart/form-data": DeckImportFileInput}, responses={201: DeckOutput}
    )
    def post(self, request: Request) -> Response:
        return _imported(request, _validated(DeckImportFileInput(data=request.data)))


def _imported(request: Request, data: dict[str, Any]) -> Response:
    """201 with the deck a decklist makes; a 400 naming each line it cannot read or resolve."""
    with decklist_errors():
        deck = services.deck_import(owner=request.user, **data)
    return deck_response(request, deck, created=True)
