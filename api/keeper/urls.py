"""Keeper of the Cards routes under /api/v1/keeper/."""

from django.urls import path

from .views import KeeperCardApi, KeeperCardListApi, KeeperCostApi

urlpatterns = [
    path("keeper/cost/", KeeperCostApi.as_view(), name="keeper-cost"),
    path("keeper/cards/", KeeperCardListApi.as_view(), name="keeper-cards"),
    path("keeper/cards/<int:card_id>/", KeeperCardApi.as_view(), name="keeper-card"),
]
