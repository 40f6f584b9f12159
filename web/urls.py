"""The website's pages. Each feature's views live in their own module under web/views/; another
app's pages are mounted here with one include line each (e.g. `path("tools/", include(...))`)."""

from django.contrib.auth import views as auth_views
from django.urls import path

from .views import (
    accounts,
    cards,
    deck_actions,
    deck_compare,
    deck_lists,
    decks,
    home,
    playtest,
)

app_name = "web"

urlpatterns = [
    path("", home.home, name="home"),
    path("cards/", cards.card_search, name="card-search"),
    path("cards/names/", cards.card_name_options, name="card-name-options"),
    path("cards/advanced/", cards.card_advanced_search, name="card-advanced-search"),
    path("cards/<slug:game>/<str:key>/", cards.card_detail, name="card"),
    path(
        "cards/<slug:game>/<str:key>/add-to-deck/",
        cards.card_add_to_deck,
        name="card-add-to-deck",
    ),
    path("decks/", deck_lists.public_decks, name="deck-list"),
    path("decks/mine/", deck_lists.my_decks, name="my-decks"),
    path("decks/new/", decks.deck_new, name="deck-new"),
    path("decks/import/", decks.deck_import, name="deck-import"),
    path("decks/<deck:pk>/", decks.deck_page, name="deck"),
    path("decks/<deck:pk>/export.txt", decks.deck_export, name="deck-export"),
    path("decks/<deck:pk>/versions/", decks.deck_versions, name="deck-versions"),
    path("decks/<deck:pk>/copy/", decks.deck_copy, name="deck-copy"),
    path("decks/<deck:pk>/playtest/", playtest.deck_playtest, name="deck-playtest"),
    path("decks/<deck:pk>/delete/", deck_actions.deck_delete, name="deck-delete"),
    path("decks/<deck:pk>/details/", deck_actions.deck_details, name="deck-details"),
    path("decks/<deck:pk>/like/", deck_actions.deck_like, name="deck-like"),
    path(
        "decks/<deck:pk>/versions/<int:number>/restore/",
        deck_actions.deck_restore,
        name="deck-restore",
    ),
    path("decks/compare/", deck_compare.deck_compare, name="deck-compare"),
    path("accounts/", accounts.account, name="account"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/login/", accounts.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/password/", accounts.password_change, name="password-change"),
    path(
        "accounts/tokens/<int:token_id>/revoke/",
        accounts.token_revoke_view,
        name="token-revoke",
    ),
]
