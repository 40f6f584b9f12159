"""An organiser edits and deletes an event on the site and the API; deadlines are entered in the
organiser's time zone and must fall before the event's day is over and after now (issue 17,
item 9)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from django.test import Client
from django.utils import timezone

from events.models import Event, Registration
from events.services import registration_submit


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def form(event, **changes) -> dict:
    data = {
        "name": event.name,
        "game": event.game_id,
        "date": event.date.isoformat(),
        "time_zone": event.time_zone,
        "registration_deadline": "2026-12-05T09:00",
    }
    return {**data, **changes}


def test_the_organiser_edits_an_event_with_the_deadline_in_their_time_zone(alice, event):
    response = client_for(alice).post(
        f"/events/{event.token}/edit/",
        form(event, name="Saturday Cup", time_zone="America/New_York"),
    )
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.name == "Saturday Cup"
    # 09:00 in New York on 5 December is 14:00 UTC
    assert event.registration_deadline == datetime(2026, 12, 5, 14, 0, tzinfo=UTC)
    page = client_for(alice).get(f"/events/{event.token}/edit/").content.decode()
    assert 'value="2026-12-05T09:00"' in page  # shown again as the organiser typed it
    detail = client_for(alice).get(event.get_absolute_url()).content.decode()
    assert "2026-12-05 09:00 America/New_York" in detail
    assert 'datetime="2026-12-05T14:00:00+00:00"' in detail  # for the viewer's own zone


def test_a_deadline_after_the_events_date_is_refused(alice, event):
    response = client_for(alice).post(
        f"/events/{event.token}/edit/", form(event, registration_deadline="2026-12-06T00:30")
    )
    assert response.status_code == 400
    assert "on or before the event" in response.content.decode()


def test_a_deadline_in_the_past_is_refused_on_the_site_and_the_api(alice, alice_api, neopets):
    past = timezone.now() - timedelta(hours=1)
    response = client_for(alice).post(
        "/events/new/",
        {
            "name": "Too late",
            "game": neopets.pk,
            "date": "2026-12-05",
            "time_zone": "UTC",
            "registration_deadline": past.strftime("%Y-%m-%dT%H:%M"),
        },
    )
    assert "must be in the future" in response.content.decode()
    body = {
        "name": "Too late",
        "game": "neopets",
        "date": "2026-12-05",
        "registration_deadline": past.isoformat(),
    }
    api = alice_api.post("/api/v1/events/", body, format="json")
    assert api.status_code == 400
    assert "registration_deadline" in api.json()["fields"]
    assert not Event.objects.filter(name="Too late").exists()


def test_the_api_refuses_a_deadline_after_the_event_in_its_time_zone(alice_api, event):
    late = {"registration_deadline": "2026-12-06T03:00:00Z", "time_zone": "Asia/Tokyo"}
    response = alice_api.patch(f"/api/v1/events/{event.token}/", late, format="json")
    assert response.status_code == 400  # 12:00 on 6 December in Tokyo
    ok = {"registration_deadline": "2026-12-05T03:00:00Z", "time_zone": "Asia/Tokyo"}
    response = alice_api.patch(f"/api/v1/events/{event.token}/", ok, format="json")
    assert response.status_code == 200
    assert response.json()["time_zone"] == "Asia/Tokyo"


def test_an_events_other_settings_change_after_its_deadline_passed(alice, event):
    Event.objects.filter(pk=event.pk).update(
        registration_deadline=timezone.now() - timedelta(minutes=5)
    )
    event.refresh_from_db()
    page = client_for(alice).get(f"/events/{event.token}/edit/").content.decode()
    wall = event.registration_deadline.astimezone(UTC).strftime("%Y-%m-%dT%H:%M")
    assert f'value="{wall}"' in page
    response = client_for(alice).post(
        f"/events/{event.token}/edit/",
        form(event, name="Renamed", registration_deadline=wall),
    )
    assert response.status_code == 302


def test_the_organiser_deletes_an_event_and_its_registrations(alice, event, bob, bob_version):
    registration_submit(event=event, player=bob, deck_version=bob_version)
    client = client_for(alice)
    assert "1 registration" in client.get(f"/events/{event.token}/delete/").content.decode()
    assert client.post(f"/events/{event.token}/delete/").status_code == 302
    assert not Event.objects.exists() and not Registration.objects.exists()
    assert bob_version.deck.versions.exists()  # the player keeps the deck


def test_only_the_organiser_edits_or_deletes(bob, bob_api, event):
    assert client_for(bob).get(f"/events/{event.token}/edit/").status_code == 403
    assert client_for(bob).post(f"/events/{event.token}/delete/").status_code == 403
    assert bob_api.delete(f"/api/v1/events/{event.token}/").status_code == 403
    assert Event.objects.exists()


def test_the_api_deletes_an_event(alice_api, event):
    assert alice_api.delete(f"/api/v1/events/{event.token}/").status_code == 204
    assert not Event.objects.exists()


def test_a_deadline_without_an_offset_is_read_in_the_events_time_zone(alice_api, neopets):
    """Issue 26, item 2: the API read "18:00" as UTC, so an Auckland event stayed open 13 hours
    longer than its organiser meant; it is read in the event's zone, as the site reads it."""
    body = {
        "name": "Auckland cup",
        "game": "neopets",
        "date": "2099-12-05",
        "time_zone": "Pacific/Auckland",
        "registration_deadline": "2099-12-04T18:00:00",
    }
    answer = alice_api.post("/api/v1/events/", body, format="json")
    assert answer.status_code == 201
    event = Event.objects.get(name="Auckland cup")
    # 18:00 in Auckland on 4 December (summer, UTC+13) is 05:00 UTC
    assert event.registration_deadline == datetime(2099, 12, 4, 5, 0, tzinfo=UTC)
    moved = {"registration_deadline": "2099-12-04T20:00"}
    alice_api.patch(f"/api/v1/events/{event.token}/", moved, format="json")
    event.refresh_from_db()
    assert event.registration_deadline == datetime(2099, 12, 4, 7, 0, tzinfo=UTC)
    with_offset = {"registration_deadline": "2099-12-04T20:00:00Z"}  # a moment stays that moment
    alice_api.patch(f"/api/v1/events/{event.token}/", with_offset, format="json")
    event.refresh_from_db()
    assert event.registration_deadline == datetime(2099, 12, 4, 20, 0, tzinfo=UTC)


def test_the_schema_says_how_a_deadline_without_an_offset_is_read(alice_api):
    schema = alice_api.get("/api/v1/schema/?format=json").json()
    field = schema["components"]["schemas"]["EventInputRequest"]["properties"]
    assert "read in the event's `time_zone`" in field["registration_deadline"]["description"]


def test_the_organiser_closes_registration_now_and_reopens_it(
    alice, alice_api, bob_api, event, bob, bob_version
):
    """Issue 26, item 6: closing now was refused as a deadline in the past; it is its own
    operation (and button), and a deadline ahead reopens."""
    closed = alice_api.post(f"/api/v1/events/{event.token}/close/")
    assert closed.status_code == 200 and closed.json()["open"] is False
    assert bob_api.post(f"/api/v1/events/{event.token}/close/").status_code == 403
    deck = {"deck": bob_version.deck_id}
    refused = bob_api.post(f"/api/v1/events/{event.token}/registrations/", deck, format="json")
    assert refused.json()["code"] == "registration_closed"
    ahead = (timezone.now() + timedelta(hours=2)).isoformat()
    reopened = alice_api.patch(
        f"/api/v1/events/{event.token}/", {"registration_deadline": ahead}, format="json"
    )
    assert reopened.status_code == 200 and reopened.json()["open"] is True
    again = bob_api.post(f"/api/v1/events/{event.token}/registrations/", deck, format="json")
    assert again.status_code == 201
    site = client_for(alice)
    assert "Close registration now" in site.get(f"/events/{event.token}/manage/").content.decode()
    assert site.post(f"/events/{event.token}/close/").status_code == 302
    event.refresh_from_db()
    assert event.registration_deadline <= timezone.now()
    page = site.get(f"/events/{event.token}/manage/").content.decode()
    assert "Close registration now" not in page


def test_a_new_date_rechecks_every_list_and_says_whose_verdict_changed(
    alice, alice_api, event, bob, bob_version
):
    """Issue 26, item 5: a ban in force from 5 December reaches a list registered for an event
    on the 4th only when the event moves to the 5th; its stored verdict changes at once."""
    from rules.models import Format, FormatListEntry

    event.date = event.date - timedelta(days=1)
    event.save()
    registration = registration_submit(event=event, player=bob, deck_version=bob_version)
    card = bob_version.deck.entries.first().card
    fmt = Format.objects.get(game=event.game, slug="standard")
    FormatListEntry.objects.create(format=fmt, card=card, status="banned", effective="2026-12-05")
    answer = alice_api.patch(
        f"/api/v1/events/{event.token}/", {"date": "2026-12-05"}, format="json"
    ).json()
    assert answer["recheck"]["checked"] == 1
    [change] = answer["recheck"]["changed"]
    assert (change["id"], change["was_legal"], change["legal"]) == (registration.pk, True, False)
    assert [e["code"] for e in change["new_errors"]] == ["card.banned"]
    registration.refresh_from_db()
    assert registration.legal is False
    renamed = alice_api.patch(f"/api/v1/events/{event.token}/", {"name": "Renamed"}, format="json")
    assert renamed.json()["recheck"] is None  # nothing lists are judged by changed
    page = (
        client_for(alice)
        .post(
            f"/events/{event.token}/edit/",
            form(event, date="2026-12-04", registration_deadline="2026-12-04T09:00"),
            follow=True,
        )
        .content.decode()
    )
    assert "1 list checked again" in page and "illegal → legal" in page


def test_the_webhook_help_names_every_kind_it_is_sent_penalties_too(event, alice, alice_api):
    page = client_for(alice).get(f"/events/{event.token}/edit/").content.decode()
    kinds = "list.illegal, player.dropped, check.penalty, waitlist.promoted or deadline.reminder"
    assert "a judge gives a penalty (at a deck check or not)" in page and kinds in page
    schema = alice_api.get("/api/v1/schema/", HTTP_ACCEPT="application/json")
    assert schema.status_code == 200 and "check.penalty" in schema.content.decode()
