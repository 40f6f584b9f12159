"""Keeper of the Cards endpoints: the card builder's cost explanation, and your saved cards."""

from __future__ import annotations

from django.db.models import QuerySet
from django.urls import reverse
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, status
from rest_framework.exceptions import NotFound
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.catalogue.serializers import CardSerializer
from api.errors import ApiError
from api.validation.serializers import ErrorSerializer
from cards.models import Card
from cards.selectors import cards_for_display, user_card_get
from cards.services.user_cards import (
    KeeperCardDraft,
    UserCardRefused,
    keeper_card_edit,
    keeper_card_save,
    user_cards,
)
from decks.user_cards import card_author_decks, card_decks_checked, user_card_delete
from rulebook.keeper.builder import card_review

from .serializers import (
    KeeperCardEditInput,
    KeeperCardEditOutput,
    KeeperCardInput,
    KeeperCostOutput,
)


class KeeperCostApi(APIView):
    """Read a Keeper card's ability text into the Card Building Guide's components, compute its
    resource cost with the guide's formula, explain it step by step and check the card."""

    @extend_schema(request=KeeperCardInput, responses=KeeperCostOutput)
    def post(self, request: Request) -> Response:
        serializer = KeeperCardInput(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        answer = card_review(
            card_type=data["type"],
            text=data["text"],
            name=data.get("name"),
            offense=data.get("offense"),
            defense=data.get("defense"),
            cost=data.get("cost"),
            edition=data.get("edition"),
        )
        return Response(answer)


SAVED_CARD_ID = OpenApiParameter(
    "card_id",
    int,
    OpenApiParameter.PATH,
    description="One of your saved cards: POST /api/v1/keeper/cards/ saves one (as does the "
    "card builder, /tools/keeper/builder/).",
)


class KeeperCardListApi(generics.ListAPIView):
    """Your saved Keeper cards, newest first (GET); POST saves a new one as the card builder
    does: private until you share it, its cost the formula's (the answer's `attributes.cost`),
    legal or not (POST /keeper/cost/ reviews a card before saving it)."""

    permission_classes = [IsAuthenticated]
    serializer_class = CardSerializer
    ordering_fields = ["name", "created", "updated"]

    def get_queryset(self) -> QuerySet[Card]:
        if getattr(self, "swagger_fake_view", False):  # the schema's generator asks no one's
            return Card.objects.none()
        return user_cards(owner=self.request.user)

    def paginate_queryset(self, queryset: QuerySet[Card]) -> list[Card] | None:
        page = super().paginate_queryset(queryset)
        if page is None:
            return None
        return cards_for_display(ids=[card.pk for card in page], viewer=self.request.user)

    @extend_schema(
        request=KeeperCardEditInput, responses={201: CardSerializer, 400: ErrorSerializer}
    )
    def post(self, request: Request) -> Response:
        try:
            card = keeper_card_save(owner=request.user, draft=_draft(request))
        except UserCardRefused as refused:
            raise ApiError(refused.message, fields={refused.field: [refused.message]}) from None
        shown = CardSerializer(
            cards_for_display(ids=[card.pk], viewer=request.user)[0], context={"request": request}
        ).data
        location = reverse("card-detail", kwargs={"pk": card.pk})
        return Response(shown, status=status.HTTP_201_CREATED, headers={"Location": location})


def _draft(request: Request) -> KeeperCardDraft:
    """The card a request's body describes (KeeperCardEditInput), or a 400 naming the field."""
    serializer = KeeperCardEditInput(data=request.data)
    serializer.is_valid(raise_exception=True)
    data = serializer.validated_data
    return KeeperCardDraft(
        name=data["name"],
        type=data["type"],
        text=data["text"],
        offense=data.get("offense"),
        defense=data.get("defense"),
        edition=data.get("edition"),
    )


class KeeperCardApi(APIView):
    """One of your saved Keeper cards: PUT changes it (the cost computed again by the formula;
    the answer lists your decks holding it, checked again); DELETE removes it, unless a deck
    holds it (409 naming them: a deck never loses a card silently). Another user's card is a
    404, as if it did not exist."""

    permission_classes = [IsAuthenticated]

    def _card(self, request: Request, card_id: int) -> Card:
        try:
            return user_card_get(owner=request.user, card_id=card_id)
        except Card.DoesNotExist:
            raise NotFound("You have no saved card with this id.") from None

    @extend_schema(
        request=KeeperCardEditInput,
        responses={200: KeeperCardEditOutput, 400: ErrorSerializer, 404: ErrorSerializer},
        parameters=[SAVED_CARD_ID],
    )
    def put(self, request: Request, card_id: int) -> Response:
        card = self._card(request, card_id)
        try:
            card = keeper_card_edit(card=card, draft=_draft(request))
        except UserCardRefused as refused:
            raise ApiError(refused.message, fields={refused.field: [refused.message]}) from None
        checked = [
            {"id": deck.pk, "name": deck.name, "legal": legal}
            for deck, legal in card_decks_checked(card=card)
        ]
        shown = CardSerializer(
            cards_for_display(ids=[card.pk], viewer=request.user)[0], context={"request": request}
        ).data
        return Response({"card": shown, "decks": checked})

    @extend_schema(
        responses={204: None, 404: ErrorSerializer, 409: ErrorSerializer},
        parameters=[SAVED_CARD_ID],
    )
    def delete(self, request: Request, card_id: int) -> Response:
        card = self._card(request, card_id)
        try:
            user_card_delete(card=card)
        except UserCardRefused as refused:
            raise ApiError(
                refused.message,
                code="card_in_use",
                status_code=status.HTTP_409_CONFLICT,
                decks=[{"id": deck.pk, "name": deck.name} for deck in card_author_decks(card=card)],
            ) from None
        return Response(status=status.HTTP_204_NO_CONTENT)
