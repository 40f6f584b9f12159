"""A user's collection over HTTP: thin views over cards.owned (reads, counts, the share link)
and decks.collection (imports, what a deck is missing).

Only the signed-in user reads or writes their collection (401 otherwise); anyone with its share
link reads it, nobody else (an unknown or withdrawn link is a 404)."""

from __future__ import annotations

from django.db.models import QuerySet
from django.urls import reverse
from drf_spectacular.utils import extend_schema
from rest_framework import generics, status
from rest_framework.exceptions import NotFound
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.decks.errors import decklist_errors
from api.decks.views import DeckAccess
from api.errors import ApiError
from api.validation.serializers import ErrorSerializer
from cards.models import CollectionShare, OwnedCard
from cards.owned import owned_list, owned_set, owned_share_get, owned_share_set, owned_shared
from decks import selectors
from decks.collection import (
    CollectionRowsRefused,
    deck_missing,
    missing_refs,
    owned_import_csv,
    owned_import_text,
)
from decks.links import DeckLink
from rulebook.core.decklist import write_decklist

from .serializers import (
    DeckMissingOutput,
    ImportedOutput,
    OwnedCardInput,
    OwnedCardOutput,
    OwnedImportInput,
    ShareOutput,
)


class OwnedListApi(generics.ListAPIView):
    """GET the cards you own (by name; `?game=` one game's), POST `{"card", "printing"?,
    "quantity"}` to set how many you own (0 removes them)."""

    permission_classes = [IsAuthenticated]
    serializer_class = OwnedCardOutput
    ordering_fields = ["card__name", "quantity"]
    queryset = OwnedCard.objects.none()  # for the schema; each request asks get_queryset

    def get_queryset(self) -> QuerySet[OwnedCard]:
        return owned_list(owner=self.request.user, game=self.request.query_params.get("game"))

    @extend_schema(request=OwnedCardInput, responses={200: OwnedCardOutput, 204: None})
    def post(self, request: Request) -> Response:
        data = OwnedCardInput(data=request.data)
        data.is_valid(raise_exception=True)
        row = owned_set(
            owner=request.user,
            card_id=data.validated_data["card"],
            printing_id=data.validated_data["printing"],
            quantity=data.validated_data["quantity"],
        )
        if row is None:
            return Response(status=status.HTTP_204_NO_CONTENT)
        return Response(OwnedCardOutput(owned_list(owner=request.user).get(pk=row.pk)).data)


class OwnedImportApi(APIView):
    """POST `game` and `text` (a pasted list, as the deck import reads it) or `file` (a CSV
    with a header, as other sites export collections): the cards are added to what you own.
    A list with any line or row that cannot be read, or that names no card, is refused whole:
    nothing of it is stored."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=OwnedImportInput, responses={201: ImportedOutput})
    def post(self, request: Request) -> Response:
        data = OwnedImportInput(data=request.data)
        data.is_valid(raise_exception=True)
        game = data.validated_data["game"]
        if "csv" in data.validated_data:
            try:
                imported = owned_import_csv(
                    owner=request.user, game=game, text=data.validated_data["csv"]
                )
            except CollectionRowsRefused as exc:
                raise _rows_refused(exc) from None
        else:
            with decklist_errors():
                imported = owned_import_text(
                    owner=request.user, game=game, text=data.validated_data["text"]
                )
        return Response(ImportedOutput(imported).data, status=status.HTTP_201_CREATED)


def _rows_refused(exc: CollectionRowsRefused) -> ApiError:
    """400 naming every refused row of a collection CSV by row and column."""
    return ApiError(
        f"{len(exc.problems)} rows of the file cannot be imported; nothing was stored.",
        fields={"file": [str(problem) for problem in exc.problems]},
        rows=[
            {"row": problem.row, "column": problem.column, "message": problem.message}
            for problem in exc.problems
        ],
    )


class OwnedShareApi(APIView):
    """Your collection's read-only share link: GET it (404 when not shared), POST to share
    (the link already given stays), DELETE to stop sharing (the link stops working)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: ShareOutput, 404: ErrorSerializer})
    def get(self, request: Request) -> Response:
        share = owned_share_get(owner=request.user)
        if share is None:
            raise NotFound("Your collection is not shared.")
        return Response(_share_body(request, share))

    @extend_schema(request=None, responses={201: ShareOutput})
    def post(self, request: Request) -> Response:
        share = owned_share_set(owner=request.user, shared=True)
        assert share is not None
        return Response(_share_body(request, share), status=status.HTTP_201_CREATED)

    @extend_schema(responses={204: None})
    def delete(self, request: Request) -> Response:
        owned_share_set(owner=request.user, shared=False)
        return Response(status=status.HTTP_204_NO_CONTENT)


def _share_body(request: Request, share: CollectionShare) -> dict[str, str]:
    return {
        "token": share.token,
        "url": request.build_absolute_uri(reverse("owned-shared", args=[share.token])),
        "page": request.build_absolute_uri(reverse("web:collection-shared", args=[share.token])),
    }


class OwnedSharedApi(generics.ListAPIView):
    """A collection someone shared by link: read-only, to anyone who has the link."""

    serializer_class = OwnedCardOutput
    ordering_fields = ["card__name", "quantity"]
    queryset = OwnedCard.objects.none()  # for the schema; each request asks get_queryset

    def get_queryset(self) -> QuerySet[OwnedCard]:
        try:
            _, rows = owned_shared(token=self.kwargs["token"])
        except CollectionShare.DoesNotExist:
            raise NotFound("No collection is shared by this link.") from None
        return rows


class DeckMissingApi(DeckAccess, APIView):
    """What you lack of a deck you may read, against your collection: every card with how many
    the deck needs, how many you own and how many are missing, and the missing ones as a list."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: DeckMissingOutput})
    def get(self, request: Request, pk: int | DeckLink) -> Response:
        deck = self.readable_deck(request, pk)
        missing = deck_missing(deck=deck, viewer=request.user)
        refs = selectors.refs_for_text(
            game=deck.game, refs=missing_refs(missing, deck.game), viewer=request.user
        )
        body = {
            "needed": missing.needed,
            "missing": missing.missing,
            "cards": missing.cards,
            "text": write_decklist(deck.game.spec, refs),
        }
        return Response(DeckMissingOutput(body).data)
