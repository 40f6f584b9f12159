"""A registration cap with a waitlist, and players checking themselves in (issue 39, item 5).

An event may take at most `capacity` players: who registers once it is full waits, in order;
a seat that comes free before round 1 (a drop, a withdrawal, a larger cap) goes to the first
player waiting, who is told through the notice gate. Players check themselves in only while
the organiser's check-in window is open."""

from __future__ import annotations

from csv import DictReader
from io import StringIO

import pytest
from django.test import Client
from rest_framework.test import APIClient

from deckwarden.celery import app
from events import roster
from events.models import Event, Registration
from events.services import registration_drop, registration_submit
from tests.events.test_notifications import with_email

from .conftest import make_version


@pytest.fixture(autouse=True)
def eager_tasks():
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = False


def api_as(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.fixture
def full(event, bob, bob_version, charlie, neopets_cards):
    """Alice's event for one player: Bob has the seat, Charlie registered after and waits."""
    from tests.rulebook.core.factories import legal_entries

    Event.objects.filter(pk=event.pk).update(capacity=1)
    event.refresh_from_db()
    seated = registration_submit(event=event, player=bob, deck_version=bob_version)
    waiting = registration_submit(
        event=event, player=charlie, deck_version=make_version(charlie, legal_entries(), "C")
    )
    return seated, waiting


def test_joining_a_full_event_puts_the_player_on_the_waitlist(event, full, alice_api):
    seated, waiting = full
    assert (seated.waitlisted, waiting.waitlisted is not None) == (None, True)
    rows = {
        r["player"]: r["state"]
        for r in alice_api.get(f"/api/v1/events/{event.token}/roster/").json()["results"]
    }
    assert rows == {"bob": "registered", "charlie": "waitlisted"}
    # registering again keeps one's place: a seat stays a seat, the line stays the line
    again = registration_submit(event=event, player=seated.player, deck_version=seated.deck_version)
    assert again.waitlisted is None
    page = Client()
    page.force_login(waiting.player)
    assert "you are on the waitlist" in page.get(f"/events/{event.token}/").content.decode()


def test_a_drop_before_the_event_promotes_the_first_waiting_and_tells_them(
    event, full, mailoutbox, django_capture_on_commit_callbacks
):
    seated, waiting = full
    with_email(waiting.player, "charlie@example.org")
    with django_capture_on_commit_callbacks(execute=True):
        registration_drop(registration=seated)
    waiting.refresh_from_db()
    assert waiting.waitlisted is None
    [mail] = [m for m in mailoutbox if m.to == ["charlie@example.org"]]
    assert "you have a seat" in mail.subject and "Stop all mail" in mail.body


def test_seats_go_in_the_order_players_joined_the_waitlist(event, full, alice, neopets_cards):
    from django.contrib.auth import get_user_model

    from tests.rulebook.core.factories import legal_entries

    seated, first = full
    dave = get_user_model().objects.create_user("dave", "dave@example.org", "pw")
    second = registration_submit(
        event=event, player=dave, deck_version=make_version(dave, legal_entries(), "D")
    )
    roster.registration_withdraw(event=event, player=seated.player)
    assert Registration.objects.get(pk=first.pk).waitlisted is None
    assert Registration.objects.get(pk=second.pk).waitlisted is not None
    # a larger cap seats the next in line at once
    answer = api_as(alice).patch(f"/api/v1/events/{event.token}/", {"capacity": 2}, format="json")
    assert answer.status_code == 200 and answer.json()["capacity"] == 2
    assert Registration.objects.get(pk=second.pk).waitlisted is None


def test_check_in_outside_the_window_is_refused_naming_it(event, full, bob, alice_api):
    mine = f"/api/v1/events/{event.token}/roster/mine/check-in/"
    closed = api_as(bob).post(mine)
    assert (closed.status_code, list(closed.json()["fields"])) == (400, ["check_in"])
    opened = alice_api.post(
        f"/api/v1/events/{event.token}/check-in/", {"minutes": 30}, format="json"
    )
    assert opened.status_code == 200 and opened.json()["check_in_until"]
    answer = api_as(bob).post(mine)
    assert answer.status_code == 200 and answer.json()["checked_in"] is True
    # closed again (0 minutes): refused again
    alice_api.post(f"/api/v1/events/{event.token}/check-in/", {"minutes": 0}, format="json")
    assert api_as(bob).post(mine).status_code == 400


def test_only_a_seated_player_checks_in_and_only_the_organiser_opens_it(
    event, full, charlie, bob, alice_api
):
    assert (
        api_as(bob).post(f"/api/v1/events/{event.token}/check-in/", {"minutes": 5}).status_code
        == 403
    )
    alice_api.post(f"/api/v1/events/{event.token}/check-in/", {"minutes": 30}, format="json")
    waiting = api_as(charlie).post(f"/api/v1/events/{event.token}/roster/mine/check-in/")
    assert (waiting.status_code, list(waiting.json()["fields"])) == (400, ["player"])
    far = alice_api.post(f"/api/v1/events/{event.token}/check-in/", {"minutes": -1}, format="json")
    assert (far.status_code, list(far.json()["fields"])) == (400, ["minutes"])


def test_a_player_checks_in_on_the_event_page_while_it_is_open(event, full, alice, bob):
    organiser, player = Client(), Client()
    organiser.force_login(alice)
    player.force_login(bob)
    page = f"/events/{event.token}/"
    assert 'id="check-in-mine"' not in player.get(page).content.decode()
    refused = player.post(f"{page}check-in/", follow=True).content.decode()
    assert "Check-in is not open" in refused
    organiser.post(f"{page}check-in/window/", {"minutes": "20"})
    assert 'id="check-in-mine"' in player.get(page).content.decode()
    player.post(f"{page}check-in/")
    assert "You are checked in" in player.get(page).content.decode()
    assert "Close check-in" in organiser.get(f"{page}manage/").content.decode()


def test_the_waitlist_is_shown_apart_and_counted_neither_as_registered_nor_in_the_metagame(
    event, full, alice, alice_api, neopets_cards
):  # `full`: Bob holds the one seat, Charlie waits
    """Issue 39, item 5: the players waiting are the organiser's to see, in line, but they
    hold no seat: the counts, the dashboard's registrations, the metagame and report.csv
    tell them apart."""
    from django.contrib.auth import get_user_model

    from tests.rulebook.core.factories import legal_entries

    dave = get_user_model().objects.create_user("dave")
    registration_submit(
        event=event, player=dave, deck_version=make_version(dave, legal_entries(), "D")
    )
    report = alice_api.get(f"/api/v1/events/{event.token}/report/").json()
    assert (report["summary"]["registrations"], report["summary"]["waitlisted"]) == (1, 2)
    assert [r["player"] for r in report["registrations"]] == ["bob"]
    assert [(r["player"], r["waitlisted"]) for r in report["waitlist"]] == [
        ("charlie", 1),
        ("dave", 2),
    ]
    assert alice_api.get(f"/api/v1/events/{event.token}/metagame/").json()["decks"] == 1
    waiting = alice_api.get(f"/api/v1/events/{event.token}/registrations/", {"waitlisted": True})
    assert sorted(r["player"] for r in waiting.json()["results"]) == ["charlie", "dave"]

    csv = alice_api.get(f"/api/v1/events/{event.token}/report/csv/").content.decode("utf-8-sig")
    rows = [(row["player"], row["waitlisted"]) for row in DictReader(StringIO(csv))]
    assert rows == [("bob", ""), ("charlie", "1"), ("dave", "2")]

    page = Client()
    page.force_login(alice)
    html = page.get(f"/events/{event.token}/manage/").content.decode()
    registrations = html[html.index('id="registrations"') : html.index('id="waitlist"')]
    waitlist = html[html.index('id="waitlist"') : html.index('id="roster"')]
    assert "bob" in registrations and "charlie" not in registrations
    assert "charlie" in waitlist and "dave" in waitlist
    assert "<strong>1</strong> registered" in html and "<strong>2</strong> on the waitlist" in html
