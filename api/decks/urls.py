from django.urls import path

from . import views

urlpatterns = [
    path("decks/", views.DeckListApi.as_view(), name="deck-list"),
    path("decks/import/", views.DeckImportApi.as_view(), name="deck-import"),
    path("decks/import/file/", views.DeckImportFileApi.as_view(), name="deck-import-file"),
    path("decks/<deck:pk>/", views.DeckDetailApi.as_view(), name="deck-detail"),
    path("decks/<deck:pk>/validation/", views.DeckValidationApi.as_view(), name="deck-validation"),
    path("decks/<deck:pk>/versions/", views.DeckVersionListApi.as_view(), name="deck-versions"),
    path(
        "decks/<deck:pk>/versions/<int:number>/",
        views.DeckVersionDetailApi.as_view(),
        name="deck-version-detail",
    ),
    path("decks/<deck:pk>/diff/", views.DeckDiffApi.as_view(), name="deck-diff"),
    path("decks/<deck:pk>/export/", views.DeckExportApi.as_view(), name="deck-export"),
    path("decks/<deck:pk>/proxies/", views.DeckProxiesApi.as_view(), name="deck-proxies"),
    path(
        "decks/<deck:pk>/proxies/<uuid:print_id>/",
        views.ProxyPrintApi.as_view(),
        name="deck-proxy-print",
    ),
    path(
        "decks/<deck:pk>/proxies/<uuid:print_id>/pdf/",
        views.ProxyPrintPdfApi.as_view(),
        name="deck-proxy-print-pdf",
    ),
    path(
        "decks/<deck:pk>/export/text/", views.DeckExportTextApi.as_view(), name="deck-export-text"
    ),
]
