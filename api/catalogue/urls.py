"""Catalogue routes: games/, sets/, cards/ and the card lookups beside them."""

from django.urls import path
from rest_framework.routers import SimpleRouter

from .views import (
    CardAutocompleteApi,
    CardCollectionApi,
    CardNamedApi,
    CardSetViewSet,
    CardViewSet,
    GameViewSet,
)

router = SimpleRouter()
router.register("games", GameViewSet, basename="game")
router.register("sets", CardSetViewSet, basename="cardset")
router.register("cards", CardViewSet, basename="card")

urlpatterns = [
    # Before the router, so `named` and friends are not read as card ids.
    path("cards/named/", CardNamedApi.as_view(), name="card-named"),
    path("cards/autocomplete/", CardAutocompleteApi.as_view(), name="card-autocomplete"),
    path("cards/collection/", CardCollectionApi.as_view(), name="card-collection"),
    *router.urls,
]
