"""The events pages, mounted at /events/ by deckwarden/urls.py."""

from django.urls import path

from .views import downloads, organiser, player, roster, standings

app_name = "events"

urlpatterns = [
    path("", player.event_index, name="index"),
    path("new/", organiser.event_new, name="new"),
    path("<str:token>/", player.event_detail, name="detail"),
    path("<str:token>/register/", player.event_register, name="register"),
    path("<str:token>/lists/<int:pk>/", player.registration_list, name="registration"),
    path("<str:token>/manage/", organiser.event_manage, name="manage"),
    path("<str:token>/edit/", organiser.event_edit, name="edit"),
    path("<str:token>/delete/", organiser.event_delete, name="delete"),
    path("<str:token>/publish/", organiser.event_publish, name="publish"),
    path("<str:token>/drop/<int:pk>/", organiser.registration_drop, name="drop"),
    path("<str:token>/recheck/", organiser.registrations_recheck, name="recheck"),
    path("<str:token>/drop-illegal/", organiser.registrations_drop_illegal, name="drop-illegal"),
    path("<str:token>/join/", roster.roster_join, name="join"),
    path("<str:token>/withdraw/", roster.registration_withdraw, name="withdraw"),
    path("<str:token>/roster/invite/", roster.roster_invite, name="invite"),
    path("<str:token>/roster/<int:player_id>/check-in/", roster.roster_check_in, name="check-in"),
    path("<str:token>/paper/", roster.paper_list, name="paper"),
    path("<str:token>/lists/<int:pk>/undo-drop/", roster.registration_undo_drop, name="undo-drop"),
    path("<str:token>/lists/<int:pk>/review/", roster.registration_review, name="review"),
    path("<str:token>/archetypes/", standings.archetypes, name="archetypes"),
    path("<str:token>/archetypes/name/", standings.archetype_name, name="archetype-name"),
    path("<str:token>/standings/", standings.standings_import, name="standings-import"),
    path("<str:token>/report.csv", downloads.report_csv, name="report-csv"),
    path("<str:token>/roster.csv", downloads.roster_csv, name="roster-csv"),
    path("<str:token>/report.json", downloads.report_json, name="report-json"),
    path("<str:token>/decklists.zip", downloads.decklists_zip, name="decklists-zip"),
    path("<str:token>/sheets/", downloads.decklist_sheets, name="sheets"),
    path("<str:token>/metagame/", downloads.metagame, name="metagame"),
]
