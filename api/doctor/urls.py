from django.urls import path

from .views import DoctorCancelApi, DoctorCreateApi, DoctorDetailApi

urlpatterns = [
    path("deck-doctor/", DoctorCreateApi.as_view(), name="doctor-list"),
    path("deck-doctor/<uuid:job_id>/", DoctorDetailApi.as_view(), name="doctor-detail"),
    path("deck-doctor/<uuid:job_id>/cancel/", DoctorCancelApi.as_view(), name="doctor-cancel"),
]
