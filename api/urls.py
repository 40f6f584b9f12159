"""/api/v1/: each feature's routes live beside its views; this file only mounts them."""

from django.urls import include, path
from drf_spectacular.views import (
    SpectacularAPIView,
    SpectacularRedocView,
    SpectacularSwaggerSplitView,
)

from api.auth_token import TokenApi, TokenDetailApi, TokenListApi
from api.health import HealthApi, LiveApi

urlpatterns = [
    path("", include("api.catalogue.urls")),
    path("", include("api.curation.urls")),
    path("", include("api.validation.urls")),
    path("", include("api.decks.urls")),
    path("", include("api.collection.urls")),
    path("", include("api.keeper.urls")),
    path("", include("api.metazoo.urls")),
    path("", include("api.simulations.urls")),
    path("", include("api.plays.urls")),
    path("", include("api.doctor.urls")),
    path("", include("api.battle_odds.urls")),
    path("", include("api.events.urls")),
    path("health/", HealthApi.as_view(), name="health"),
    path("health/live/", LiveApi.as_view(), name="health-live"),
    path("auth/token/", TokenApi.as_view(), name="auth-token"),
    path("auth/tokens/", TokenListApi.as_view(), name="auth-tokens"),
    path("auth/tokens/<int:token_id>/", TokenDetailApi.as_view(), name="auth-token-detail"),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    # The split view serves Swagger UI's start-up script as a file (?script), not inline, and the
    # page's styles are a file too, so the docs page keeps to the Content-Security-Policy.
    path(
        "docs/",
        SpectacularSwaggerSplitView.as_view(url_name="schema", template_name="api/swagger_ui.html"),
        name="docs",
    ),
    path("redoc/", SpectacularRedocView.as_view(url_name="schema"), name="redoc"),
]
