"""Catalogue endpoints: thin views over cards.selectors (netbox/HackSoft style)."""

from __future__ import annotations

from django.db.models import QuerySet
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import status, viewsets
from rest_framework.exceptions import NotAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.errors import ApiError
from api.pagination import SearchPagination
from api.validation.serializers import ErrorSerializer
from cards.filtersets import CardFilterSet, CardSetFilterSet
from cards.models import Card, Game
from cards.search import OwnedNeedsSignIn, QuerySyntaxError
from cards.selectors import (
    card_autocomplete,
    card_collection,
    card_named,
    card_queryset,
    card_set_list,
    card_suggestions,
    cards_for_display,
    game_list,
)

from .serializers import (
    CardAutocompleteInput,
    CardCollectionInput,
    CardCollectionOutput,
    CardNamedInput,
    CardSerializer,
    CardSetSerializer,
    GameSerializer,
    NameListSerializer,
)


def query_syntax_error(error: QuerySyntaxError) -> ApiError:
    """The 400 for a search query that cannot be read, naming the character position."""
    return ApiError(
        f"The search query cannot be read: {error}.",
        code="query_syntax",
        fields={"q": [str(error)]},
        position=error.position,
    )


class GameViewSet(viewsets.ReadOnlyModelViewSet):
    """The games, their card types, attribute schema, deck sections and formats."""

    queryset = game_list()  # for the schema; each request asks get_queryset
    serializer_class = GameSerializer
    ordering_fields = ["slug", "name"]
    lookup_field = "slug"
    lookup_value_regex = "[-a-zA-Z0-9_]+"  # a slug; anything else is a 404 without a query

    def get_queryset(self) -> QuerySet[Game]:
        return game_list()  # the games registered now (a class attribute would keep the first)


class CardSetViewSet(viewsets.ReadOnlyModelViewSet):
    """Card sets (each marked `is_sample` when invented), filtered by game."""

    queryset = card_set_list()
    serializer_class = CardSetSerializer
    filterset_class = CardSetFilterSet
    ordering_fields = ["code", "name", "released"]


@extend_schema_view(
    list=extend_schema(
        parameters=[
            OpenApiParameter(
                "q",
                description='Search language: words, "phrases", t: o: set: game:, stat '
                "comparisons (hp>=8, atk>3, lvl<=2, cost=4, lp>=60, stars), -negation, or, "
                "(parentheses).",
            )
        ]
    )
)
class CardViewSet(viewsets.ReadOnlyModelViewSet):
    """Cards in a deterministic order (name, key, id), filtered and searched with `q`; the
    caller's own user-made cards among them."""

    serializer_class = CardSerializer
    filterset_class = CardFilterSet
    pagination_class = SearchPagination  # counting every match was most of a search's time
    ordering_fields = ["name", "key", "type", "updated"]

    def get_queryset(self) -> QuerySet[Card]:
        return card_queryset(self.request.user)

    def paginate_queryset(self, queryset: QuerySet[Card]) -> list[Card] | None:
        """The page of cards (SearchPagination's pages hold ids), each with its game slug,
        printings and picture (read for this page only)."""
        ids = super().paginate_queryset(queryset)
        return None if ids is None else cards_for_display(ids=ids, viewer=self.request.user)

    def get_object(self) -> Card:
        card = super().get_object()
        return cards_for_display(ids=[card.pk], viewer=self.request.user)[0]

    def handle_exception(self, exc: Exception) -> Response:
        if isinstance(exc, OwnedNeedsSignIn):
            exc = NotAuthenticated(f"{exc.message}: owned: reads your own collection.")
        elif isinstance(exc, QuerySyntaxError):
            exc = query_syntax_error(exc)
        return super().handle_exception(exc)


class CardNamedApi(APIView):
    """One card by name: exact (case-insensitive) or fuzzy (the most similar name)."""

    @extend_schema(
        parameters=[CardNamedInput], responses={200: CardSerializer, 404: ErrorSerializer}
    )
    def get(self, request: Request) -> Response:
        params = CardNamedInput(data=request.query_params)
        params.is_valid(raise_exception=True)
        game = params.validated_data["game"]
        fuzzy = "fuzzy" in params.validated_data
        name = params.validated_data["fuzzy" if fuzzy else "exact"]
        card = card_named(game=game, name=name, fuzzy=fuzzy, viewer=request.user)
        if card is None:
            # A fuzzy lookup that found nothing has already asked every similarity the "did
            # you mean" list would ask: no name is like this one, so the list is not asked again.
            suggestions = (
                [] if fuzzy else card_suggestions(game=game, name=name, viewer=request.user)
            )
            raise ApiError(
                f"No {game} card is named {name!r}.",
                code="not_found",
                status_code=status.HTTP_404_NOT_FOUND,
                suggestions=suggestions,
            )
        return Response(CardSerializer(card, context={"request": request}).data)


class CardAutocompleteApi(APIView):
    """Up to 20 card names containing `q`: those starting with it, then those with a later word
    starting with it, then the rest."""

    @extend_schema(parameters=[CardAutocompleteInput], responses=NameListSerializer)
    def get(self, request: Request) -> Response:
        params = CardAutocompleteInput(data=request.query_params)
        params.is_valid(raise_exception=True)
        names = card_autocomplete(
            query=params.validated_data["q"],
            game=params.validated_data.get("game"),
            viewer=request.user,
        )
        return Response({"data": names})


class CardCollectionApi(APIView):
    """Up to 100 cards at once by id, key, name or printing; misses are listed in not_found."""

    @extend_schema(request=CardCollectionInput, responses=CardCollectionOutput)
    def post(self, request: Request) -> Response:
        body = CardCollectionInput(data=request.data)
        body.is_valid(raise_exception=True)
        result = card_collection(
            identifiers=body.validated_data["identifiers"], viewer=request.user
        )
        return Response(
            {
                "data": CardSerializer(result.cards, many=True, context={"request": request}).data,
                "not_found": result.not_found,
            }
        )
