from django.urls import path

from .views import PlayAnswerApi, PlayDetailApi, PlayListApi

urlpatterns = [
    path("plays/", PlayListApi.as_view(), name="play-list"),
    path("plays/<uuid:play_id>/", PlayDetailApi.as_view(), name="play-detail"),
    path("plays/<uuid:play_id>/answer/", PlayAnswerApi.as_view(), name="play-answer"),
]
