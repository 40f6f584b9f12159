"""The rounds page (issue 39, item 3): the organiser pairs and publishes a round and enters a
result; players see the published pairings with the clock, report their own table, and read
the standings; the pairings and standings download as CSV."""

from __future__ import annotations

from django.test import Client

from events.models import Match
from tests.events.test_rounds_api import field


def site_as(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_round_on_the_site_from_pairing_to_standings(event, alice, bob, neopets_cards):
    first = field(event, alice, 3)[0]
    organiser = site_as(alice)
    page = f"/events/{event.token}/rounds/"
    assert organiser.post(f"{page}start/", follow=True).status_code == 200
    player = site_as(first.player)
    assert player.get(page).status_code == 404  # a draft is the organiser's alone
    shown = organiser.post(f"{page}1/publish/", {"minutes": "40"}, follow=True).content.decode()
    assert "Time is up at" in shown and "bye" in shown
    match = Match.objects.get(round__number=1, opponent__isnull=False)
    # the event's page tells each player their table, opponent and when time is up
    told = site_as(match.opponent.player).get(f"/events/{event.token}/").content.decode()
    assert f"table {match.table}</strong>" in told
    assert f"against {match.player.player.username}" in told and "time is up at" in told
    mine = site_as(match.player.player)
    told = mine.post(f"{page}1/result/", {"table": match.table, "result": "2-1"}, follow=True)
    assert "waiting for your opponent" in told.content.decode()
    theirs = site_as(match.opponent.player)
    told = theirs.post(f"{page}1/result/", {"table": match.table, "result": "2-1"}, follow=True)
    assert "is final" in told.content.decode()
    shown = player.get(page).content.decode()
    assert "Standings" in shown and "2-1" in shown
    # a stranger to the event reads nothing
    assert site_as(bob).get(page).status_code == 404
    csv = organiser.get(f"/events/{event.token}/standings.csv").content.decode("utf-8-sig")
    assert (
        csv.splitlines()[0]
        == "rank,registration,player,dropped,match_points,wins,losses,draws,omw,gw,ogw"
    )
    assert len(csv.splitlines()) == 4
    pairings = player.get(f"/events/{event.token}/rounds/1.csv").content.decode("utf-8-sig")
    assert "(bye)" in pairings


def test_a_player_may_not_report_another_tables_result_on_the_site(event, alice, neopets_cards):
    entries = field(event, alice, 4)
    organiser = site_as(alice)
    organiser.post(f"/events/{event.token}/rounds/start/")
    organiser.post(f"/events/{event.token}/rounds/1/publish/", {"minutes": "50"})
    match = Match.objects.exclude(player=entries[0]).exclude(opponent=entries[0]).get()
    told = site_as(entries[0].player).post(
        f"/events/{event.token}/rounds/1/result/",
        {"table": match.table, "result": "2-0"},
        follow=True,
    )
    assert f"not playing at table {match.table}" in told.content.decode()
    match.refresh_from_db()
    assert match.reports == {} and not match.finished
