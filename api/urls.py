"""/api/v1/: each feature's routes live beside its views; this file only mounts them."""

from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from api.auth_token import TokenApi

urlpatterns = [
    path("", include("api.catalogue.urls")),
    path("", include("api.validation.urls")),
    path("", include("api.decks.urls")),
    path("", include("api.keeper.urls")),
    path("", include("api.metazoo.urls")),
    path("", include("api.simulations.urls")),
    path("", include("api.battle_odds.urls")),
    path("", include("api.events.urls")),
    path("auth/token/", TokenApi.as_view(), name="auth-token"),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="docs"),
]
