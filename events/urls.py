"""The events pages, mounted at /events/ by deckwarden/urls.py."""

from django.urls import path

from .views import downloads, organiser, player

app_name = "events"

urlpatterns = [
    path("", player.event_index, name="index"),
    path("new/", organiser.event_new, name="new"),
    path("<str:token>/", player.event_detail, name="detail"),
    path("<str:token>/register/", player.event_register, name="register"),
    path("<str:token>/lists/<int:pk>/", player.registration_list, name="registration"),
    path("<str:token>/manage/", organiser.event_manage, name="manage"),
    path("<str:token>/publish/", organiser.event_publish, name="publish"),
    path("<str:token>/drop/<int:pk>/", organiser.registration_drop, name="drop"),
    path("<str:token>/drop-illegal/", organiser.registrations_drop_illegal, name="drop-illegal"),
    path("<str:token>/report.csv", downloads.report_csv, name="report-csv"),
    path("<str:token>/report.json", downloads.report_json, name="report-json"),
    path("<str:token>/decklists.zip", downloads.decklists_zip, name="decklists-zip"),
    path("<str:token>/sheets/", downloads.decklist_sheets, name="sheets"),
    path("<str:token>/metagame/", downloads.metagame, name="metagame"),
]
