from django.urls import path

from .views import ValidateApi, ValidateBatchApi, ValidateBatchCsvApi

urlpatterns = [
    path("validate/", ValidateApi.as_view(), name="validate"),
    path("validate/batch/", ValidateBatchApi.as_view(), name="validate-batch"),
    path("validate/batch/csv/", ValidateBatchCsvApi.as_view(), name="validate-batch-csv"),
]
