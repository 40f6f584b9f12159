"""/api/v1/events/: organisers create and edit events, players register, the report as JSON
and CSV (issue 9, item 5). Who may see what is in test_api_permissions.py."""

from __future__ import annotations

import csv
import io
from datetime import timedelta

from django.utils import timezone

from decks.snapshots import list_hash
from events.models import Registration
from events.services import registration_submit

from .conftest import close, illegal_text


def url(event, tail: str = "") -> str:
    return f"/api/v1/events/{event.token}/{tail}"


def test_an_organiser_creates_an_event_reached_by_its_token(alice_api, db):
    body = {
        "name": "Friday Night",
        "game": "neopets",
        "date": "2026-12-04",
        "registration_deadline": "2026-12-04T18:00:00Z",
    }
    response = alice_api.post("/api/v1/events/", body, format="json")
    assert response.status_code == 201, response.json()
    data = response.json()
    assert data["organiser"] == "alice" and data["format"] == "standard"
    assert len(data["id"]) >= 20  # the unguessable token, not a counter
    assert response["Location"] == f"/api/v1/events/{data['id']}/"
    assert alice_api.get(response["Location"]).json()["name"] == "Friday Night"
    assert [e["id"] for e in alice_api.get("/api/v1/events/").json()["results"]] == [data["id"]]


def test_creating_an_event_names_each_bad_field(alice_api, db):
    body = {"name": "x", "game": "chess", "date": "soon", "registration_deadline": "later"}
    response = alice_api.post("/api/v1/events/", body, format="json")
    assert response.status_code == 400
    assert {"game", "date", "registration_deadline"} <= set(response.json()["fields"])


def test_an_unknown_format_is_a_400_naming_it(alice_api, db):
    body = {
        "name": "x",
        "game": "neopets",
        "format": "nope",
        "date": "2026-12-04",
        "registration_deadline": "2026-12-04T18:00:00Z",
    }
    response = alice_api.post("/api/v1/events/", body, format="json")
    assert "format" in response.json()["fields"]


def test_anonymous_users_cannot_create_events(api, db):
    assert api.post("/api/v1/events/", {}, format="json").status_code in (401, 403)


def test_the_organiser_publishes_the_lists_once_registration_closed(alice_api, event):
    close(event)
    response = alice_api.patch(url(event), {"published": True}, format="json")
    assert response.status_code == 200
    assert response.json()["published"] is True


def test_publishing_while_registration_is_open_needs_a_confirmation(alice_api, event):
    """Issue 17, item 5: a player still registering would copy a published list."""
    response = alice_api.patch(url(event), {"published": True}, format="json")
    assert response.status_code == 409
    assert response.json()["code"] == "registration_open"
    assert "publish_while_open" in response.json()["fields"]
    event.refresh_from_db()
    assert not event.published
    confirmed = {"published": True, "publish_while_open": True}
    assert alice_api.patch(url(event), confirmed, format="json").json()["published"] is True


def test_a_player_registers_a_deck_of_theirs(bob_api, event, bob_version):
    response = bob_api.post(
        url(event, "registrations/"), {"deck": bob_version.deck_id}, format="json"
    )
    assert response.status_code == 201, response.json()
    data = response.json()
    assert (data["player"], data["version"], data["legal"]) == ("bob", 1, True)
    assert data["content_hash"] == list_hash(bob_version.snapshot)
    assert data["sections"]["neopets"]


def test_a_player_registers_a_pasted_list_and_sees_its_errors(charlie_api, event, neopets_cards):
    response = charlie_api.post(
        url(event, "registrations/"), {"text": illegal_text()}, format="json"
    )
    assert response.status_code == 201
    assert [(e["code"], e["rule"]) for e in response.json()["errors"]] == [("main.size", "8.3.1")]


def test_a_pasted_list_with_unreadable_lines_is_a_400_naming_the_line(charlie_api, event):
    response = charlie_api.post(
        url(event, "registrations/"), {"text": "Main Deck:\ntwo Hot Dog"}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["lines"][0]["line"] == 2


def test_registering_anothers_deck_is_a_400_naming_the_deck(charlie_api, event, bob_version):
    response = charlie_api.post(
        url(event, "registrations/"), {"deck": bob_version.deck_id}, format="json"
    )
    assert response.status_code == 400
    assert "deck" in response.json()["fields"]


def test_registering_again_replaces_the_entry_and_mine_shows_the_history(
    bob_api, event, bob_version
):
    body = {"deck": bob_version.deck_id, "version": 1}
    bob_api.post(url(event, "registrations/"), body, format="json")
    bob_api.post(url(event, "registrations/"), body, format="json")
    mine = bob_api.get(url(event, "registrations/mine/")).json()
    assert mine["current"]["current"] is True
    assert [r["current"] for r in mine["history"]] == [True, False]


def test_after_the_deadline_a_registration_is_a_409_naming_the_deadline(
    bob_api, event, bob_version
):
    close(event)
    response = bob_api.post(
        url(event, "registrations/"), {"deck": bob_version.deck_id}, format="json"
    )
    assert response.status_code == 409
    assert response.json()["code"] == "registration_closed"
    assert "registration_deadline" in response.json()["fields"]
    assert not Registration.objects.exists()


def test_the_report_lists_illegal_entries_first_with_counts(
    alice_api, event, bob, bob_version, charlie, charlie_version
):
    registration_submit(event=event, player=bob, deck_version=bob_version)
    registration_submit(event=event, player=charlie, deck_version=charlie_version)
    report = alice_api.get(url(event, "report/")).json()
    assert [r["player"] for r in report["registrations"]] == ["charlie", "bob"]
    assert report["registrations"][0]["errors"][0]["rule"] == "8.3.1"
    assert report["summary"] == {
        "registrations": 2,
        "legal": 1,
        "illegal": 1,
        "unchecked": 2,
        "dropped": 0,
        "waitlisted": 0,
        "by_code": {"main.size": 1},
    }


def test_the_report_as_csv(alice_api, event, bob, bob_version, charlie, charlie_version):
    registration_submit(event=event, player=bob, deck_version=bob_version)
    registration_submit(event=event, player=charlie, deck_version=charlie_version)
    response = alice_api.get(url(event, "report/"), HTTP_ACCEPT="text/csv")
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert [(r["player"], r["legal"], r["error_codes"]) for r in rows] == [
        ("charlie", "False", "main.size"),
        ("bob", "True", ""),
    ]


def test_the_organiser_drops_a_player_after_the_deadline(alice_api, event, bob, bob_version):
    registration = registration_submit(event=event, player=bob, deck_version=bob_version)
    close(event)
    response = alice_api.post(url(event, f"registrations/{registration.pk}/drop/"))
    assert response.status_code == 200
    assert response.json()["dropped"] is not None
    assert alice_api.get(url(event, "report/")).json()["summary"]["dropped"] == 1


def test_the_metagame_counts_cards_and_shares(alice_api, event, bob, bob_version, charlie):
    registration_submit(event=event, player=bob, deck_version=bob_version)
    metagame = alice_api.get(url(event, "metagame/")).json()
    assert metagame["decks"] == 1
    kau = next(c for c in metagame["sections"]["neopets"] if c["name"] == "Red Kau")
    assert kau == {"name": "Red Kau", "copies": 1, "decks": 1, "share": 1.0}


def test_an_unknown_token_is_a_json_404(api, db):
    response = api.get("/api/v1/events/not-a-token/")
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


def test_the_event_says_whether_registration_is_open(api, event):
    assert api.get(url(event)).json()["open"] is True
    event.registration_deadline = timezone.now() - timedelta(seconds=1)
    event.save()
    assert api.get(url(event)).json()["open"] is False


def test_the_events_endpoints_are_in_the_openapi_schema(api, db):
    paths = api.get("/api/v1/schema/", {"format": "json"}).json()["paths"]
    for path in [
        "/api/v1/events/",
        "/api/v1/events/{token}/",
        "/api/v1/events/{token}/registrations/",
        "/api/v1/events/{token}/registrations/mine/",
        "/api/v1/events/{token}/registrations/{id}/drop/",
        "/api/v1/events/{token}/report/",
        "/api/v1/events/{token}/metagame/",
    ]:
        assert path in paths, path


def test_a_registered_deck_cannot_be_deleted_its_locked_list_stays(
    bob_api, event, bob, bob_version
):
    registration_submit(event=event, player=bob, deck_version=bob_version)
    response = bob_api.delete(f"/api/v1/decks/{bob_version.deck_id}/")
    assert response.status_code == 409
    assert response.json()["code"] == "deck_registered"
    assert Registration.objects.get().deck_version.deck.revision == 1


def test_the_organiser_drops_every_player_without_a_legal_list(
    alice_api, charlie_api, event, bob, bob_version, charlie, charlie_version
):
    registration_submit(event=event, player=bob, deck_version=bob_version)
    registration_submit(event=event, player=charlie, deck_version=charlie_version)
    drop = url(event, "registrations/drop-illegal/")
    assert charlie_api.post(drop).status_code == 403
    assert alice_api.post(drop).json() == {"dropped": 1}
    rows = alice_api.get(url(event, "report/")).json()["registrations"]
    assert {r["player"]: r["dropped"] for r in rows} == {"charlie": True, "bob": False}
