from django.urls import path

from . import judge_views, organiser_views, round_views, views

urlpatterns = [
    path("events/", views.EventListApi.as_view(), name="event-list"),
    path("events/<str:token>/", views.EventDetailApi.as_view(), name="event-detail"),
    path("events/<str:token>/close/", views.EventCloseApi.as_view(), name="event-close"),
    path(
        "events/<str:token>/registrations/",
        views.RegistrationListApi.as_view(),
        name="event-registrations",
    ),
    path(
        "events/<str:token>/registrations/mine/",
        views.MyRegistrationApi.as_view(),
        name="event-registration-mine",
    ),
    path(
        "events/<str:token>/registrations/drop-illegal/",
        views.RegistrationDropIllegalApi.as_view(),
        name="event-registrations-drop-illegal",
    ),
    path(
        "events/<str:token>/registrations/recheck/",
        views.RegistrationRecheckApi.as_view(),
        name="event-registrations-recheck",
    ),
    path(
        "events/<str:token>/registrations/<int:pk>/drop/",
        views.RegistrationDropApi.as_view(),
        name="event-registration-drop",
    ),
    path("events/<str:token>/roster/", organiser_views.RosterApi.as_view(), name="event-roster"),
    path(
        "events/<str:token>/roster/csv/",
        organiser_views.RosterCsvApi.as_view(),
        name="event-roster-csv",
    ),
    path(
        "events/<str:token>/roster/mine/check-in/",
        organiser_views.MyCheckInApi.as_view(),
        name="event-roster-mine-check-in",
    ),
    path(
        "events/<str:token>/check-in/",
        organiser_views.CheckInWindowApi.as_view(),
        name="event-check-in-window",
    ),
    path(
        "events/<str:token>/roster/<int:player_id>/check-in/",
        organiser_views.CheckInApi.as_view(),
        name="event-roster-check-in",
    ),
    path(
        "events/<str:token>/registrations/paper/",
        organiser_views.PaperListApi.as_view(),
        name="event-registrations-paper",
    ),
    path(
        "events/<str:token>/registrations/mine/withdraw/",
        organiser_views.WithdrawApi.as_view(),
        name="event-registration-withdraw",
    ),
    path(
        "events/<str:token>/registrations/<int:pk>/",
        organiser_views.RegistrationReviewApi.as_view(),
        name="event-registration-review",
    ),
    path(
        "events/<str:token>/registrations/<int:pk>/undo-drop/",
        organiser_views.UndoDropApi.as_view(),
        name="event-registration-undo-drop",
    ),
    path(
        "events/<str:token>/standings/",
        organiser_views.StandingsApi.as_view(),
        name="event-standings",
    ),
    path("events/<str:token>/rounds/", round_views.RoundListApi.as_view(), name="event-rounds"),
    path(
        "events/<str:token>/rounds/<int:number>/",
        round_views.RoundDetailApi.as_view(),
        name="event-round",
    ),
    path(
        "events/<str:token>/rounds/<int:number>/results/",
        round_views.RoundResultApi.as_view(),
        name="event-round-results",
    ),
    path("events/<str:token>/judges/", judge_views.JudgeListApi.as_view(), name="event-judges"),
    path(
        "events/<str:token>/judges/<int:judge_id>/",
        judge_views.JudgeDetailApi.as_view(),
        name="event-judge",
    ),
    path(
        "events/<str:token>/deck-checks/",
        judge_views.DeckCheckListApi.as_view(),
        name="event-deck-checks",
    ),
    path(
        "events/<str:token>/deck-checks/<int:pk>/",
        judge_views.DeckCheckDetailApi.as_view(),
        name="event-deck-check",
    ),
    path(
        "events/<str:token>/penalties/",
        judge_views.PenaltyListApi.as_view(),
        name="event-penalties",
    ),
    path("events/<str:token>/report/", views.EventReportApi.as_view(), name="event-report"),
    path(
        "events/<str:token>/report/csv/", views.EventReportCsvApi.as_view(), name="event-report-csv"
    ),
    path("events/<str:token>/metagame/", views.EventMetagameApi.as_view(), name="event-metagame"),
]
