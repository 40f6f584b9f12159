"""The roster, review, withdrawal, paper lists and standings over the API (issue 17, items 10,
11 and 13), each answer declared in the OpenAPI schema."""

from __future__ import annotations

import csv
import io

from rest_framework.test import APIClient

from events.models import Registration
from events.services import registration_drop, registration_submit

from .conftest import illegal_text


def url(event, tail: str = "") -> str:
    return f"/api/v1/events/{event.token}/{tail}"


def test_the_organiser_invites_checks_in_and_exports_the_roster(
    alice_api, event, bob, bob_version, charlie
):
    """The pairing export lists the players with a list; an invited player who never sent one
    (charlie) is left out, since a pairing tool would pair them (issue 26, item 4)."""
    for username in ("bob", "charlie"):
        invited = alice_api.post(url(event, "roster/"), {"username": username}, format="json")
        assert invited.status_code == 201
    response = alice_api.post(url(event, "roster/"), {"username": "nobody"}, format="json")
    assert response.status_code == 400 and "username" in response.json()["fields"]
    check_in = url(event, f"roster/{bob.pk}/check-in/")
    row = alice_api.post(check_in, {"present": True}, format="json").json()
    assert (row["player"], row["checked_in"], row["state"]) == ("bob", True, "none")
    registration_submit(event=event, player=bob, deck_version=bob_version)
    exported = alice_api.get(url(event, "roster/"), HTTP_ACCEPT="text/csv").content
    [row] = csv.DictReader(io.StringIO(exported.decode("utf-8-sig")))
    assert (row["id"], row["username"], row["checked_in"]) == (str(bob.pk), "bob", "True")


def test_review_paper_list_undo_and_withdraw(alice_api, bob_api, event, bob, bob_version, charlie):
    registration = registration_submit(event=event, player=bob, deck_version=bob_version)
    review = alice_api.patch(
        url(event, f"registrations/{registration.pk}/"),
        {"checked": True, "note": "Nice list", "archetype": "Kau Rush"},
        format="json",
    ).json()
    assert review["checked"] and review["note"] == "Nice list" and review["archetype"] == "Kau Rush"
    mine = bob_api.get(url(event, "registrations/mine/")).json()
    assert mine["note"] == "Nice list"
    assert "note" not in mine["current"]  # the note is for its player, not in shared answers
    withdrawn = bob_api.post(url(event, "registrations/mine/withdraw/")).json()
    assert withdrawn["withdrew"] is True
    back = alice_api.post(url(event, f"registrations/{registration.pk}/undo-drop/")).json()
    assert back["dropped"] is None
    paper = alice_api.post(
        url(event, "registrations/paper/"),
        {"player": "charlie", "text": illegal_text()},
        format="json",
    )
    assert paper.status_code == 201 and paper.json()["entered_by"] == "alice"
    assert (
        bob_api.patch(
            url(event, f"registrations/{registration.pk}/"), {"checked": False}, format="json"
        ).status_code
        == 403
    )


def test_standings_over_the_api(alice_api, event, bob, bob_version):
    registration = registration_submit(event=event, player=bob, deck_version=bob_version)
    answer = alice_api.post(
        url(event, "standings/"), {"text": "username,wins,losses\nbob,3,0\n"}, format="json"
    )
    assert answer.json() == {"imported": 1}
    bad = alice_api.post(url(event, "standings/"), {"text": "who,wins\n"}, format="json")
    assert bad.status_code == 400 and "text" in bad.json()["fields"]
    results = alice_api.get(url(event, "standings/")).json()["results"]
    assert results[0]["win_rate"] == 1.0
    registration_drop(registration=registration)
    assert Registration.objects.get(pk=registration.pk).wins == 3


def test_the_new_answers_are_in_the_schema(api, db):
    schema = api.get("/api/v1/schema/", {"format": "json"}).json()
    paths = schema["paths"]
    for path in (
        "/api/v1/events/{token}/roster/",
        "/api/v1/events/{token}/registrations/{id}/",
        "/api/v1/events/{token}/registrations/recheck/",
        "/api/v1/events/{token}/standings/",
    ):
        assert any(p.replace("{pk}", "{id}") == path for p in paths), path
    roster = paths["/api/v1/events/{token}/roster/"]["get"]["responses"]["200"]["content"]
    assert set(roster) == {"application/json", "text/csv"}


def test_inviting_answers_the_roster_as_json_and_refuses_a_format(alice_api, event, bob):
    """Only the roster's GET has a CSV export: an invite asking for CSV was a 500 (the CSV
    renderer given a list of rows), and the schema promised a CSV answer it never gave. The
    invite reads no `format`, so asking for one is a 400 naming it, and nothing is done."""
    asked = alice_api.post(url(event, "roster/?format=csv"), {"username": "bob"}, format="json")
    assert (asked.status_code, list(asked.json()["fields"])) == (400, ["format"])
    response = alice_api.post(url(event, "roster/"), {"username": "bob"}, format="json")
    assert response.status_code == 201 and response.json()["player"] == "bob"
    refused = alice_api.post(
        url(event, "roster/"), {"username": "bob"}, format="json", HTTP_ACCEPT="text/csv"
    )
    assert refused.status_code == 406 and refused["Content-Type"] == "application/json"
    schema = alice_api.get("/api/v1/schema/", {"format": "json"}).json()
    invite = schema["paths"]["/api/v1/events/{token}/roster/"]["post"]
    assert set(invite["responses"]["201"]["content"]) == {"application/json"}


def test_the_roster_is_a_page_filtered_and_ordered_like_every_list(
    alice_api, event, bob, charlie, bob_version
):
    """Issue 26, item 10: the roster was a bare array."""
    registration_submit(event=event, player=bob, deck_version=bob_version)
    invited = alice_api.post(url(event, "roster/"), {"username": "charlie"}, format="json")
    assert invited.status_code == 201, invited.json()
    alice_api.post(url(event, f"roster/{charlie.pk}/check-in/"), {"present": True}, format="json")
    page = alice_api.get(url(event, "roster/"), {"ordering": "-player", "page_size": 1}).json()
    assert (page["count"], [r["player"] for r in page["results"]]) == (2, ["charlie"])
    assert page["next"] is not None
    waiting = alice_api.get(url(event, "roster/"), {"state": "none"}).json()["results"]
    assert [r["player"] for r in waiting] == ["charlie"]
    here = alice_api.get(url(event, "roster/"), {"checked_in": "true"}).json()["results"]
    assert [r["player"] for r in here] == ["charlie"]
    refused = alice_api.get(url(event, "roster/"), {"ordering": "deck"})
    assert (refused.status_code, list(refused.json()["fields"])) == (400, ["ordering"])


def test_registrations_are_a_page_filtered_and_ordered_like_every_list(
    alice_api, event, bob, charlie, bob_version, charlie_version
):
    registration_submit(event=event, player=bob, deck_version=bob_version)
    registration_submit(event=event, player=charlie, deck_version=charlie_version)
    everyone = alice_api.get(url(event, "registrations/"), {"ordering": "-registered"}).json()
    assert [r["player"] for r in everyone["results"]] == ["charlie", "bob"]
    illegal = alice_api.get(url(event, "registrations/"), {"legal": "false"}).json()
    assert (illegal["count"], illegal["results"][0]["player"]) == (1, "charlie")
    named = alice_api.get(url(event, "registrations/"), {"player": "BOB"}).json()["results"]
    assert [r["player"] for r in named] == ["bob"]


def test_the_events_list_filters_by_game_and_published(alice_api, event):
    from .conftest import keeper_night

    keeper = keeper_night(event.organiser)
    keeper.published = True
    keeper.save()
    by_game = alice_api.get("/api/v1/events/", {"game": "keeper"}).json()["results"]
    assert [e["name"] for e in by_game] == ["Keeper night"]
    hidden = alice_api.get("/api/v1/events/", {"published": "false"}).json()["results"]
    assert [e["name"] for e in hidden] == ["Saturday Battledome"]


def test_each_non_json_answer_has_an_operation_of_its_own(alice_api, event, bob, bob_version):
    """Issue 26, item 9: a generated function read every 200 as JSON and crashed on CSV; each
    CSV or text answer is now also an operation answering only that media type, whatever Accept
    says, and the negotiated operations still answer both."""
    registration_submit(event=event, player=bob, deck_version=bob_version)
    report = alice_api.get(url(event, "report/csv/"), HTTP_ACCEPT="application/json")
    assert report["Content-Type"].startswith("text/csv") and "Bob's Kau" in report.content.decode()
    roster = alice_api.get(url(event, "roster/csv/"))
    assert roster["Content-Type"].startswith("text/csv") and "bob" in roster.content.decode()
    assert alice_api.post(url(event, "roster/csv/"), {"username": "bob"}).status_code == 405
    deck = bob_version.deck_id
    text = APIClient()
    text.force_authenticate(bob)
    exported = text.get(f"/api/v1/decks/{deck}/export/text/")
    assert exported["Content-Type"].startswith("text/plain")
    assert "Main Deck:" in exported.content.decode()
    batch = {"decks": [{"id": "a", "game": "neopets", "text": "2 Hot Dog"}]}
    rows = alice_api.post("/api/v1/validate/batch/csv/", batch, format="json")
    assert rows["Content-Type"].startswith("text/csv") and rows.content.decode().count("\n") == 2
    negotiated = alice_api.get(url(event, "report/"), HTTP_ACCEPT="text/csv")
    assert negotiated.content == report.content
    schema = alice_api.get("/api/v1/schema/", {"format": "json"}).json()["paths"]
    for path, method, media in (
        ("/api/v1/events/{token}/report/csv/", "get", "text/csv"),
        ("/api/v1/events/{token}/roster/csv/", "get", "text/csv"),
        ("/api/v1/decks/{id}/export/text/", "get", "text/plain"),
        ("/api/v1/validate/batch/csv/", "post", "text/csv"),
    ):
        assert list(schema[path][method]["responses"]["200"]["content"]) == [media], path
    forbidden = APIClient()
    forbidden.force_authenticate(bob)
    refused = forbidden.get(url(event, "report/csv/"))
    assert (refused.status_code, refused["Content-Type"]) == (403, "application/json")


def test_a_refused_list_is_dropped_on_the_roster(alice_api, event, charlie, charlie_version):
    """The roster's `state` stays one of its four values when a list is refused (issue 26,
    item 3 added the `illegal` drop reason, which the report carries)."""
    registration_submit(event=event, player=charlie, deck_version=charlie_version)
    alice_api.post(url(event, "registrations/drop-illegal/"))
    [row] = alice_api.get(url(event, "roster/")).json()["results"]
    assert (row["player"], row["state"]) == ("charlie", "dropped")
