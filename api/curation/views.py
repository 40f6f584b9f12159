"""Curation over HTTP (issue 36): thin views over curation.selectors (reads, through the one
rule that takes the requesting user) and curation.services (writes).

A proposal is readable by its proposer and the game's curators alone; anyone else gets a 404
for it, as for a proposal that does not exist. Reviewing takes a curator of the game (403
otherwise; nobody reviews their own proposal unless they are its only curator). Releases are
public.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict
from typing import Any

import django_filters
from django.contrib.auth.models import User
from django.db.models import QuerySet
from django.http import JsonResponse
from drf_spectacular.utils import extend_schema
from rest_framework import generics, status
from rest_framework.exceptions import NotFound
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.errors import ApiError
from api.parsers import MultiPartParser
from api.validation.serializers import ErrorSerializer
from cards.models import Card, CardRevision
from cards.selectors import card_history
from cards.services.checking import FileProblem, UploadCheck
from curation import selectors, services
from curation.models import Proposal, Release, Upload

from .serializers import (
    ApproveInput,
    BulkInput,
    BulkOutput,
    CuratorInput,
    CuratorOutput,
    ImageInput,
    PicturesInput,
    PicturesOutput,
    ProposalInput,
    ProposalOutput,
    ReasonInput,
    ReleaseInput,
    ReleaseOutput,
    RevisionOutput,
    UploadApproveOutput,
)


@contextmanager
def curation_errors() -> Iterator[None]:
    """The services' refusals as the API's error shape: every card problem named by its field
    (and by row and column in `problems`), a review not allowed as a 403."""
    try:
        yield
    except services.CardProblems as exc:
        raise problems_error(exc.problems) from None
    except services.NotAllowed as exc:
        raise ApiError(
            str(exc), code="permission_denied", status_code=status.HTTP_403_FORBIDDEN
        ) from None


def problems_error(problems: Sequence[FileProblem]) -> ApiError:
    fields: dict[str, list[str]] = {}
    for problem in problems:
        where = f"row {problem.row}: " if problem.row is not None else ""
        fields.setdefault(problem.column or "file", []).append(where + problem.message)
    return ApiError(
        f"{len(problems)} problem{'s' if len(problems) != 1 else ''} found; nothing was stored.",
        fields=fields,
        problems=[asdict(problem) for problem in problems],
    )


class ProposalFilter(django_filters.FilterSet):
    game = django_filters.CharFilter(field_name="game__slug", help_text="game slug")
    status = django_filters.ChoiceFilter(choices=Proposal.Status.choices)

    class Meta:
        model = Proposal
        fields = ["game", "status"]


class ProposalListApi(generics.ListAPIView):
    """GET: your own proposals and, for a curator, the game's review queue, oldest first
    (filter by game and status). POST: propose a new card or a change to one."""

    serializer_class = ProposalOutput
    filterset_class = ProposalFilter
    permission_classes = [IsAuthenticated]
    ordering_fields = ["created"]

    def get_queryset(self) -> QuerySet[Proposal]:
        return selectors.proposals_visible(user=self.request.user)

    @extend_schema(request=ProposalInput, responses={201: ProposalOutput, 400: ErrorSerializer})
    def post(self, request: Request) -> Response:
        body = ProposalInput(data=request.data)
        body.is_valid(raise_exception=True)
        with curation_errors():
            proposal = services.proposal_create(proposer=request.user, **body.validated_data)
        shown = selectors.proposal_get(user=request.user, proposal_id=proposal.pk)
        return Response(
            ProposalOutput(shown, context={"request": request}).data,
            status=status.HTTP_201_CREATED,
        )


class ProposalAccess:
    def proposal(self, request: Request, proposal_id: int) -> Proposal:
        try:
            return selectors.proposal_get(user=request.user, proposal_id=proposal_id)
        except Proposal.DoesNotExist:
            raise NotFound("No proposal you may read has this id.") from None

    def answer(self, request: Request, proposal: Proposal) -> Response:
        """The proposal as it now stands, read again as the list reads it."""
        shown = selectors.proposal_get(user=request.user, proposal_id=proposal.pk)
        return Response(ProposalOutput(shown, context={"request": request}).data)


class ProposalDetailApi(ProposalAccess, APIView):
    """One proposal, with its readout, its diff against the stored card and whether you may
    review it."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses=ProposalOutput)
    def get(self, request: Request, proposal_id: int) -> Response:
        return self.answer(request, self.proposal(request, proposal_id))


class ProposalApproveApi(ProposalAccess, APIView):
    """Approve a proposal (a curator of its game): the card is stored, with its revision."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=ApproveInput, responses={200: ProposalOutput, 403: ErrorSerializer})
    def post(self, request: Request, proposal_id: int) -> Response:
        body = ApproveInput(data=request.data)
        body.is_valid(raise_exception=True)
        proposal = self.proposal(request, proposal_id)
        with curation_errors():
            services.proposal_approve(
                proposal=proposal, reviewer=request.user, **body.validated_data
            )
        return self.answer(request, proposal)


class ProposalImageApi(ProposalAccess, APIView):
    """Give an open proposal its card's picture (its proposer); the card shows it once the
    proposal is approved. A file that is not a picture accepted is a 400 naming `image`."""

    permission_classes = [IsAuthenticated]
    parser_classes = [MultiPartParser]

    @extend_schema(
        request={"multipart/form-data": ImageInput},
        responses={200: ProposalOutput, 400: ErrorSerializer, 403: ErrorSerializer},
    )
    def post(self, request: Request, proposal_id: int) -> Response:
        body = ImageInput(data=request.data)
        body.is_valid(raise_exception=True)
        proposal = self.proposal(request, proposal_id)
        with curation_errors():
            services.proposal_image_set(
                proposal=proposal, user=request.user, upload=body.validated_data["image"]
            )
        return self.answer(request, proposal)


class _ProposalDeclineApi(ProposalAccess, APIView):
    """A curator declines a proposal, saying why (`decline`: reject, or ask for changes)."""

    permission_classes = [IsAuthenticated]
    decline: Callable[..., Proposal]

    @extend_schema(request=ReasonInput, responses={200: ProposalOutput, 403: ErrorSerializer})
    def post(self, request: Request, proposal_id: int) -> Response:
        body = ReasonInput(data=request.data)
        body.is_valid(raise_exception=True)
        proposal = self.proposal(request, proposal_id)
        with curation_errors():
            type(self).decline(
                proposal=proposal, reviewer=request.user, reason=body.validated_data["reason"]
            )
        return self.answer(request, proposal)


class ProposalRejectApi(_ProposalDeclineApi):
    """Reject a proposal with a reason (a curator of its game); the proposer is told."""

    decline = services.proposal_reject


class ProposalRequestChangesApi(_ProposalDeclineApi):
    """Send a proposal back with what to change (a curator of its game); the proposer is told."""

    decline = services.proposal_request_changes


def _bulk_answer(checked: UploadCheck) -> dict[str, Any]:
    preview = checked.preview
    return {
        "problems": [asdict(problem) for problem in checked.problems],
        "preview": {
            "added": list(preview.added),
            "changed": [
                {
                    "key": change.key,
                    "name": change.name,
                    "fields": {
                        name: {"before": before, "after": after}
                        for name, (before, after) in change.fields.items()
                    },
                }
                for change in preview.changed
            ],
            "unchanged": list(preview.unchanged),
        },
    }


class ProposalBulkApi(APIView):
    """A spreadsheet (CSV with a header) or a JSON card file checked whole: every problem by row
    and column, and what it would add, change (field by field) and leave alone; nothing stored.
    With `commit=true` and no problems, one proposal per card it adds or changes; with problems
    none, and a 400 with the same `problems`."""

    permission_classes = [IsAuthenticated]
    parser_classes = [MultiPartParser]

    @extend_schema(
        request={"multipart/form-data": BulkInput},
        responses={200: BulkOutput, 400: ErrorSerializer},
    )
    def post(self, request: Request) -> Response:
        body = BulkInput(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        upload = data["file"]
        content, name = upload.read(), upload.name or "upload.csv"
        if not data["commit"]:
            with curation_errors():
                checked = services.bulk_check(game=data["game"], file_name=name, content=content)
            return Response(_bulk_answer(checked))
        with curation_errors():
            stored, checked = services.bulk_commit(
                proposer=request.user,
                game=data["game"],
                file_name=name,
                content=content,
                reason=data["reason"],
            )
        answer = _bulk_answer(checked) | {
            "created": stored.proposals.count(),
            "upload": stored.pk,
        }
        return Response(answer)


class UploadApproveApi(APIView):
    """Approve every open proposal of an upload at once (a curator of its game)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={200: UploadApproveOutput, 403: ErrorSerializer})
    def post(self, request: Request, upload_id: int) -> Response:
        visible = selectors.proposals_visible(user=request.user).values("upload_id")
        upload = Upload.objects.filter(pk=upload_id, pk__in=visible).first()
        if upload is None:
            raise NotFound("No upload you may read has this id.")
        with curation_errors():
            approved = services.upload_approve(upload=upload, reviewer=request.user)
        return Response({"approved": approved})


class UploadPicturesApi(APIView):
    """Give an upload's open proposals their pictures from one zip (its proposer), each file
    named by its card's key or name: every picture is checked first, every problem named by its
    file (`problems`, the file as `column`), and none is stored unless there is none."""

    permission_classes = [IsAuthenticated]
    parser_classes = [MultiPartParser]

    @extend_schema(
        request={"multipart/form-data": PicturesInput},
        responses={200: PicturesOutput, 400: ErrorSerializer, 404: ErrorSerializer},
    )
    def post(self, request: Request, upload_id: int) -> Response:
        body = PicturesInput(data=request.data)
        body.is_valid(raise_exception=True)
        upload = selectors.uploads_waiting(user=request.user).filter(pk=upload_id).first()
        if upload is None:
            raise NotFound("No upload of yours with open proposals has this id.")
        with curation_errors():
            pictured, skipped = services.upload_pictures_set(
                upload=upload, user=request.user, archive=body.validated_data["file"]
            )
        return Response({"pictured": pictured, "skipped": skipped})


class CuratorApi(APIView):
    """Make a user a curator of a game (a curator of that game, or an admin)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=CuratorInput, responses={201: CuratorOutput, 403: ErrorSerializer})
    def post(self, request: Request) -> Response:
        body = CuratorInput(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        user = User.objects.filter(username=data["username"]).first()
        if user is None:
            raise ApiError("No user has this name.", fields={"username": ["names no user"]})
        with curation_errors():
            curator = services.curator_grant(user=user, game=data["game"], granted_by=request.user)
        return Response(CuratorOutput(curator).data, status=status.HTTP_201_CREATED)


class ReleaseFilter(django_filters.FilterSet):
    game = django_filters.CharFilter(field_name="game__slug", help_text="game slug")

    class Meta:
        model = Release
        fields = ["game"]


class ReleaseListApi(generics.ListAPIView):
    """GET: published releases, newest first (anyone). POST: publish the game's catalogue as
    its next release (a curator of the game)."""

    serializer_class = ReleaseOutput
    permission_classes = [IsAuthenticatedOrReadOnly]
    filterset_class = ReleaseFilter
    ordering_fields = ["number", "created"]

    def get_queryset(self) -> QuerySet[Release]:
        return selectors.release_list()

    @extend_schema(request=ReleaseInput, responses={201: ReleaseOutput, 403: ErrorSerializer})
    def post(self, request: Request) -> Response:
        body = ReleaseInput(data=request.data)
        body.is_valid(raise_exception=True)
        with curation_errors():
            release = services.release_publish(
                game=body.validated_data["game"], publisher=request.user
            )
        return Response(
            ReleaseOutput(release, context={"request": request}).data,
            status=status.HTTP_201_CREATED,
        )


class ReleaseFileApi(APIView):
    """A release's card file (JSON, the format `import_cards` reads), for anyone to download."""

    @extend_schema(responses={(200, "application/json"): dict})
    def get(self, request: Request, game: str, number: int) -> JsonResponse:
        try:
            release = selectors.release_get(game=game, number=number)
        except Release.DoesNotExist:
            raise NotFound(f"{game} has no release {number}.") from None
        response = JsonResponse(release.card_file, json_dumps_params={"ensure_ascii": False})
        filename = f"{game}-release-{number}.json"
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response


class CardHistoryApi(generics.ListAPIView):
    """A card's revisions, newest first: each field before and after, who proposed and who
    approved it, why, and the day it takes effect."""

    serializer_class = RevisionOutput
    ordering_fields = ["effective", "created"]
    queryset = CardRevision.objects.none()  # for the schema; each request asks get_queryset

    def get_queryset(self) -> Any:
        try:
            return card_history(card_id=self.kwargs["card_id"], viewer=self.request.user)
        except Card.DoesNotExist:
            raise NotFound("No card you may read has this id.") from None
