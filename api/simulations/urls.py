from django.urls import path

from .views import (
    SimulationCancelApi,
    SimulationCardTestApi,
    SimulationCreateApi,
    SimulationDetailApi,
)

urlpatterns = [
    path("simulations/", SimulationCreateApi.as_view(), name="simulation-list"),
    path("simulations/card-tests/", SimulationCardTestApi.as_view(), name="simulation-card-test"),
    path("simulations/<uuid:job_id>/", SimulationDetailApi.as_view(), name="simulation-detail"),
    path(
        "simulations/<uuid:job_id>/cancel/",
        SimulationCancelApi.as_view(),
        name="simulation-cancel",
    ),
]
