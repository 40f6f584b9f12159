from django.urls import path

from .views import BattleOddsApi

urlpatterns = [
    path("battle-odds/", BattleOddsApi.as_view(), name="battle-odds"),
]
