from django.urls import path

from .views import ValidateApi, ValidateBatchApi

urlpatterns = [
    path("validate/", ValidateApi.as_view(), name="validate"),
    path("validate/batch/", ValidateBatchApi.as_view(), name="validate-batch"),
]
