from django.urls import path

from .views import ArchiveSwapApi

urlpatterns = [
    path("metazoo/archive-swap/", ArchiveSwapApi.as_view(), name="metazoo-archive-swap"),
]
