"""The tools' pages under /tools/ (included from deckwarden/urls.py)."""

from django.urls import path

from .views import battle_odds, card_tests, index, keeper, swaps, test_games

app_name = "tools"

urlpatterns = [
    path("", index.index, name="index"),
    path("keeper/builder/", keeper.builder, name="keeper-builder"),
    path("keeper/builder/review/", keeper.review, name="keeper-review"),
    path("keeper/cards/<int:card_id>/share/", keeper.share, name="keeper-share"),
    path("keeper/cards/<int:card_id>/edit/", keeper.edit, name="keeper-edit"),
    path("keeper/cards/<int:card_id>/delete/", keeper.delete, name="keeper-delete"),
    path("keeper/cards/<int:card_id>/test/", card_tests.card_test, name="keeper-card-test"),
    path("metazoo/archive-swap/", swaps.archive_swap, name="archive-swap"),
    path("millennium-blades/fix/", swaps.blades_fix, name="blades-fix"),
    path("test-games/", test_games.new, name="test-games"),
    path("test-games/<uuid:job_id>/", test_games.job, name="test-game"),
    path("test-games/<uuid:job_id>/progress/", test_games.progress, name="test-game-progress"),
    path("test-games/<uuid:job_id>/cancel/", test_games.cancel, name="test-game-cancel"),
    path("neopets/battle-odds/", battle_odds.battle_odds_page, name="battle-odds"),
]
