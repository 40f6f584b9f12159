"""Curation routes: proposals/, uploads/, curators/, releases/ and a card's history/."""

from django.urls import path

from . import views

urlpatterns = [
    path("proposals/", views.ProposalListApi.as_view(), name="proposal-list"),
    path("proposals/bulk/", views.ProposalBulkApi.as_view(), name="proposal-bulk"),
    path("proposals/<int:proposal_id>/", views.ProposalDetailApi.as_view(), name="proposal-detail"),
    path(
        "proposals/<int:proposal_id>/image/",
        views.ProposalImageApi.as_view(),
        name="proposal-image",
    ),
    path(
        "proposals/<int:proposal_id>/approve/",
        views.ProposalApproveApi.as_view(),
        name="proposal-approve",
    ),
    path(
        "proposals/<int:proposal_id>/reject/",
        views.ProposalRejectApi.as_view(),
        name="proposal-reject",
    ),
    path(
        "proposals/<int:proposal_id>/request-changes/",
        views.ProposalRequestChangesApi.as_view(),
        name="proposal-request-changes",
    ),
    path(
        "uploads/<int:upload_id>/approve/", views.UploadApproveApi.as_view(), name="upload-approve"
    ),
    path(
        "uploads/<int:upload_id>/pictures/",
        views.UploadPicturesApi.as_view(),
        name="upload-pictures",
    ),
    path("curators/", views.CuratorApi.as_view(), name="curator-grant"),
    path("releases/", views.ReleaseListApi.as_view(), name="release-list"),
    path(
        "releases/<slug:game>/<int:number>/",
        views.ReleaseFileApi.as_view(),
        name="release-file",
    ),
    path("cards/<int:card_id>/history/", views.CardHistoryApi.as_view(), name="card-history"),
]
