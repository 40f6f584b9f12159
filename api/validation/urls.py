from django.urls import path

from .views import HealthApi, ValidateApi, ValidateBatchApi

urlpatterns = [
    path("validate/", ValidateApi.as_view(), name="validate"),
    path("validate/batch/", ValidateBatchApi.as_view(), name="validate-batch"),
    path("health/", HealthApi.as_view(), name="health"),
]
