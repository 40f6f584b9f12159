from django.urls import path

from . import views

urlpatterns = [
    path("decks/", views.DeckListApi.as_view(), name="deck-list"),
    path("decks/import/", views.DeckImportApi.as_view(), name="deck-import"),
    path("decks/<int:pk>/", views.DeckDetailApi.as_view(), name="deck-detail"),
    path("decks/<int:pk>/validation/", views.DeckValidationApi.as_view(), name="deck-validation"),
    path("decks/<int:pk>/versions/", views.DeckVersionListApi.as_view(), name="deck-versions"),
    path(
        "decks/<int:pk>/versions/<int:number>/",
        views.DeckVersionDetailApi.as_view(),
        name="deck-version-detail",
    ),
    path("decks/<int:pk>/diff/", views.DeckDiffApi.as_view(), name="deck-diff"),
    path("decks/<int:pk>/export/", views.DeckExportApi.as_view(), name="deck-export"),
]
