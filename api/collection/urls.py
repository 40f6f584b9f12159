from django.urls import path

from . import views

urlpatterns = [
    path("owned/", views.OwnedListApi.as_view(), name="owned-list"),
    path("owned/import/", views.OwnedImportApi.as_view(), name="owned-import"),
    path("owned/share/", views.OwnedShareApi.as_view(), name="owned-share"),
    path("owned/shared/<str:token>/", views.OwnedSharedApi.as_view(), name="owned-shared"),
    path("decks/<deck:pk>/missing/", views.DeckMissingApi.as_view(), name="deck-missing"),
]
