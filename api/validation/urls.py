from django.urls import path

from .views import HealthApi, ValidateApi

urlpatterns = [
    path("validate/", ValidateApi.as_view(), name="validate"),
    path("health/", HealthApi.as_view(), name="health"),
]
