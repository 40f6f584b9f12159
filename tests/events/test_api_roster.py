"""The roster, review, withdrawal, paper lists and standings over the API (issue 17, items 10,
11 and 13), each answer declared in the OpenAPI schema."""

from __future__ import annotations

import csv
import io

from events.models import Registration
from events.services import registration_drop, registration_submit

from .conftest import illegal_text


def url(event, tail: str = "") -> str:
    return f"/api/v1/events/{event.token}/{tail}"


def test_the_organiser_invites_checks_in_and_exports_the_roster(alice_api, event, bob, charlie):
    assert (
        alice_api.post(url(event, "roster/"), {"username": "bob"}, format="json").status_code == 201
    )
    response = alice_api.post(url(event, "roster/"), {"username": "nobody"}, format="json")
    assert response.status_code == 400 and "username" in response.json()["fields"]
    check_in = url(event, f"roster/{bob.pk}/check-in/")
    rows = alice_api.post(check_in, {"present": True}, format="json").json()
    assert [(r["player"], r["checked_in"], r["state"]) for r in rows] == [("bob", True, "none")]
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
    assert response.status_code == 201 and response.json()[0]["player"] == "bob"
    refused = alice_api.post(
        url(event, "roster/"), {"username": "bob"}, format="json", HTTP_ACCEPT="text/csv"
    )
    assert refused.status_code == 406 and refused["Content-Type"] == "application/json"
    schema = alice_api.get("/api/v1/schema/", {"format": "json"}).json()
    invite = schema["paths"]["/api/v1/events/{token}/roster/"]["post"]
    assert set(invite["responses"]["201"]["content"]) == {"application/json"}
