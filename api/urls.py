"""/api/v1/: each feature's routes live beside its views; this file only mounts them."""

from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView
from rest_framework.authtoken.views import obtain_auth_token

urlpatterns = [
    path("", include("api.catalogue.urls")),
    path("", include("api.validation.urls")),
    path("", include("api.decks.urls")),
    path("", include("api.keeper.urls")),
    path("", include("api.metazoo.urls")),
    path("", include("api.simulations.urls")),
    path("", include("api.battle_odds.urls")),
    path("", include("api.events.urls")),
    # A REST client trades a username and password for the token it sends as
    # "Authorization: Token <key>".
    path("auth/token/", obtain_auth_token, name="auth-token"),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="docs"),
]
