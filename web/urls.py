"""The website's pages. Each feature's views live in their own module under web/views/; another
app's pages are mounted here with one include line each (e.g. `path("tools/", include(...))`)."""

from django.contrib.auth import views as auth_views
from django.urls import path

from .views import accounts, cards, deck_lists, decks, home

app_name = "web"

urlpatterns = [
    path("", home.home, name="home"),
    path("cards/", cards.card_search, name="card-search"),
    path("cards/names/", cards.card_name_options, name="card-name-options"),
    path("cards/<slug:game>/<str:key>/", cards.card_detail, name="card"),
    path("decks/", deck_lists.public_decks, name="deck-list"),
    path("decks/mine/", deck_lists.my_decks, name="my-decks"),
    path("decks/new/", decks.deck_new, name="deck-new"),
    path("decks/import/", decks.deck_import, name="deck-import"),
    path("decks/<deck:pk>/", decks.deck_page, name="deck"),
    path("decks/<deck:pk>/export.txt", decks.deck_export, name="deck-export"),
    path("decks/<deck:pk>/versions/", decks.deck_versions, name="deck-versions"),
    path("decks/<deck:pk>/copy/", decks.deck_copy, name="deck-copy"),
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
