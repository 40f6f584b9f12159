from django.urls import path

from . import views

urlpatterns = [
    path("events/", views.EventListApi.as_view(), name="event-list"),
    path("events/<str:token>/", views.EventDetailApi.as_view(), name="event-detail"),
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
        "events/<str:token>/registrations/<int:pk>/drop/",
        views.RegistrationDropApi.as_view(),
        name="event-registration-drop",
    ),
    path("events/<str:token>/report/", views.EventReportApi.as_view(), name="event-report"),
    path("events/<str:token>/metagame/", views.EventMetagameApi.as_view(), name="event-metagame"),
]
