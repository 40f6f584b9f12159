"""POST /api/v1/proposals/bulk/: a spreadsheet checked whole, every problem by row and column in
one pass, a preview, and all or nothing (issue 36, item 1)."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from cards.models import Card
from curation.models import Proposal

from .spreadsheets import food_row, foods, spreadsheet

UNREADABLE = "Your deck may contain only one copy of this card per Neopet."


def upload(client, content: bytes, name: str = "cards.csv", **fields):
    body = {"game": "neopets", "file": SimpleUploadedFile(name, content), **fields}
    return client.post("/api/v1/proposals/bulk/", body, format="multipart")


@pytest.fixture
def planted(omelette) -> tuple[bytes, set[tuple[int, str]]]:
    """300 rows with a dozen problems planted, and where each is (row, column); the header is
    row 1, so the n-th card is on row n + 1."""
    rows = foods(300)
    plants = {
        10: ("set", {"set": "NOPE", "set_name": "", "set_released": "", "set_sample": ""}),
        20: ("attributes", {"attributes": "{not json"}),
        30: ("attributes", {"attributes": json.dumps({"level": "high"})}),
        40: ("text", {"text": UNREADABLE}),
        50: ("attributes", {"attributes": json.dumps({"effects": [{"do": "fly"}]})}),
        60: ("distinct_namesake", {"name": "Omelette"}),
        70: ("type", {"type": "Dragon"}),
        80: ("sample", {"sample": "maybe"}),
        90: ("number", {"number": "1"}),  # the first row's printing again
        100: ("key", {"key": "bad key!"}),
        110: ("name", {"key": "snack-110", "name": ""}),
        120: ("set_released", {"set": "BAD", "set_name": "Bad", "set_released": "soon"}),
    }
    for n, (_, changes) in plants.items():
        rows[n - 1] = food_row(n, **changes)
    return spreadsheet(rows), {(n + 1, column) for n, (column, _) in plants.items()}


def test_it_reports_every_planted_problem_by_row_and_column_in_one_pass(bob_api, planted):
    content, expected = planted
    response = upload(bob_api, content)
    assert response.status_code == 200, response.json()
    problems = response.json()["problems"]
    assert {(p["row"], p["column"]) for p in problems} == expected
    assert any(UNREADABLE in p["message"] for p in problems if p["column"] == "text")
    assert Proposal.objects.count() == 0


def test_commit_with_problems_stores_nothing_and_answers_400_with_them(bob_api, planted):
    content, expected = planted
    response = upload(bob_api, content, commit="true")
    assert response.status_code == 400
    assert {(p["row"], p["column"]) for p in response.json()["problems"]} == expected
    assert Proposal.objects.count() == 0
    assert Card.objects.filter(key__startswith="snack-").count() == 0


def test_it_previews_what_would_be_added_changed_and_left_alone(bob_api, omelette):
    rows = [
        food_row(1),
        food_row(2, key="omelette", name="Omelette", text="Heal 2 HP.", attributes="{}"),
    ]
    preview = upload(bob_api, spreadsheet(rows)).json()["preview"]
    assert preview["added"] == ["snack-1"]
    assert preview["changed"] == [
        {
            "key": "omelette",
            "name": "Omelette",
            "fields": {"text": {"before": "Heal 1 HP.", "after": "Heal 2 HP."}},
        }
    ]
    assert Proposal.objects.count() == 0


def test_a_clean_commit_stores_one_proposal_per_row_and_approves_whole(
    bob_api, alice_api, alice_curates
):
    response = upload(bob_api, spreadsheet(foods(300)), commit="true")
    assert response.status_code == 200, response.json()
    assert response.json()["created"] == 300
    assert Proposal.objects.filter(status="open", kind="new").count() == 300
    upload_id = response.json()["upload"]
    assert bob_api.post(f"/api/v1/uploads/{upload_id}/approve/").status_code == 403
    approved = alice_api.post(f"/api/v1/uploads/{upload_id}/approve/")
    assert approved.json() == {"approved": 300}
    assert Card.objects.filter(key__startswith="snack-", printings__set__code="CMT").count() == 300


def test_a_json_card_file_is_checked_too(bob_api, neopets):
    data = {"game": "neopets", "cards": [{"name": "Snack", "type": "Dragon"}]}
    response = upload(bob_api, json.dumps(data).encode(), name="cards.json")
    assert [(p["row"], p["column"]) for p in response.json()["problems"]] == [(1, "type")]


def test_a_file_of_another_game_is_refused(bob_api, neopets):
    data = {"game": "metazoo", "cards": []}
    response = upload(bob_api, json.dumps(data).encode(), name="cards.json")
    assert [p["column"] for p in response.json()["problems"]] == ["game"]


def test_a_spreadsheet_of_names_types_and_text_alone_is_previewed_and_stored(bob_api, omelette):
    """A community's own list, in its own header's words: the columns it leaves out read as
    empty (the upload names the game); cards it adds and changes are previewed, then stored."""
    content = b"Name,Type,Rules Text\r\nOmelette,Food,Heal 3 HP.\r\nKau Plushie,Food,\r\n"
    response = upload(bob_api, content.replace(b"Rules Text", b"Text"))
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["problems"] == []
    assert body["preview"]["added"] == ["kau-plushie"]
    assert [change["key"] for change in body["preview"]["changed"]] == ["omelette"]
    response = upload(bob_api, content.replace(b"Rules Text", b"Text"), commit="true")
    assert response.json()["created"] == 2
    assert Proposal.objects.get(key="omelette").card["text"] == "Heal 3 HP."
    refused = upload(bob_api, content)  # "Rules Text" is no column of the format
    assert refused.json()["problems"][0]["message"].startswith("has unknown columns Rules Text")
