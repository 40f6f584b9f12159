"""/decks/{id}/versions/ and /decks/{id}/diff/: the deck's history and what changed."""

import pytest

from .conftest import MAIN

URL = "/api/v1/decks/"


def detail(deck, sub=""):
    return f"{URL}{deck.pk}/{sub}"


def patch(client, deck, body):
    etag = client.get(detail(deck))["ETag"]
    response = client.patch(detail(deck), body, format="json", HTTP_IF_MATCH=etag)
    assert response.status_code == 200, response.json()
    return response


@pytest.fixture
def edited_deck(alice_api, alice_deck):
    """Version 2: one more Hot Dog, Healing Potion out, Red Kau in; then a description only."""
    main = [{"name": "Hot Dog", "quantity": 3}, {"name": "Wooden Sword", "quantity": 1}]
    patch(alice_api, alice_deck, {"sections": {"main": main}})
    patch(alice_api, alice_deck, {"sections": {"neopets": [{"name": "Red Kau", "quantity": 1}]}})
    patch(alice_api, alice_deck, {"description": "notes only: no new version"})
    return alice_deck


def test_it_lists_a_version_for_each_change_of_contents(alice_api, edited_deck):
    data = alice_api.get(detail(edited_deck, "versions/")).json()
    assert [v["number"] for v in data["results"]] == [1, 2, 3]
    assert set(data["results"][0]) == {"number", "created", "content_hash"}
    assert len({v["content_hash"] for v in data["results"]}) == 3


def test_it_writes_no_version_when_the_same_contents_are_saved_again(alice_api, alice_deck):
    reordered = {"main": list(reversed(MAIN["main"]))}
    patch(alice_api, alice_deck, {"sections": reordered, "visibility": "public"})
    versions = alice_api.get(detail(alice_deck, "versions/")).json()
    assert versions["count"] == 1


def test_it_shows_a_version_snapshot(alice_api, edited_deck):
    data = alice_api.get(detail(edited_deck, "versions/1/")).json()
    assert data["number"] == 1
    assert data["snapshot"]["sections"]["main"] == [
        {"key": "hot-dog", "name": "Hot Dog", "quantity": 2},
        {"key": "healing-potion", "name": "Healing Potion", "quantity": 1},
    ]
    assert alice_api.get(detail(edited_deck, "versions/9/")).status_code == 404


def test_it_keeps_old_snapshots_unchanged_by_later_edits(alice_api, edited_deck):
    first = alice_api.get(detail(edited_deck, "versions/1/")).json()
    patch(alice_api, edited_deck, {"name": "Renamed"})
    assert alice_api.get(detail(edited_deck, "versions/1/")).json() == first


def test_it_diffs_two_versions_per_section(alice_api, edited_deck):
    response = alice_api.get(detail(edited_deck, "diff/"), {"from": 1, "to": 3})
    assert response.status_code == 200
    data = response.json()
    assert (data["from"], data["to"]) == (1, 3)
    assert data["sections"]["main"] == {
        "added": [{"key": "wooden-sword", "name": "Wooden Sword", "quantity": 1}],
        "removed": [{"key": "healing-potion", "name": "Healing Potion", "quantity": 1}],
        "changed": [{"key": "hot-dog", "name": "Hot Dog", "from": 2, "to": 3}],
    }
    assert data["sections"]["neopets"]["added"][0]["name"] == "Red Kau"
    assert data["sections"]["rainbow_pool"] == {"added": [], "removed": [], "changed": []}


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ({"to": 2}, "from"),
        ({"from": 1}, "to"),
        ({"from": "x", "to": 2}, "from"),
        ({"from": 1, "to": 9}, "to"),
        ({"from": 0, "to": 1}, "from"),
        # digits str.isdigit() admits and int() refuses: a 400, not a 500
        ({"from": "²", "to": 1}, "from"),
        ({"from": 1, "to": "9" * 5000}, "to"),
        # past 64 bits: SQLite refused it in the query (a 500), found by schemathesis
        ({"from": 2**64, "to": 1}, "from"),
    ],
)
def test_it_refuses_a_missing_or_unknown_version_naming_it(alice_api, edited_deck, query, field):
    response = alice_api.get(detail(edited_deck, "diff/"), query)
    assert response.status_code == 400
    assert list(response.json()["fields"]) == [field]


def test_a_visibility_change_bumps_the_revision_but_is_no_version(alice_api, alice_deck):
    """docs/api/decks.md, "Revisions and versions": the ETag follows every change, versions only
    contents, so the docs' diff from version 1 to 2 is between two contents."""
    before = alice_api.get(detail(alice_deck)).json()
    after = patch(alice_api, alice_deck, {"visibility": "public"}).json()
    assert (after["revision"], after["version"]) == (before["revision"] + 1, before["version"])
    response = alice_api.get(detail(alice_deck, "diff/"), {"from": 1, "to": 2})
    assert response.json()["fields"]["to"] == [
        "is not a version of this deck (it has versions 1 to 1)"
    ]
    patch(alice_api, alice_deck, {"sections": {"main": [{"name": "Hot Dog", "quantity": 3}]}})
    assert alice_api.get(detail(alice_deck, "diff/"), {"from": 1, "to": 2}).status_code == 200


def test_the_schema_says_what_a_version_is(api, db):
    schema = api.get("/api/v1/schema/", {"format": "json"}).json()
    deck = schema["components"]["schemas"]["DeckOutput"]["properties"]
    assert "Not a version number" in deck["revision"]["description"]
    assert "a description or visibility change writes none" in deck["version"]["description"]
    diff = schema["paths"]["/api/v1/decks/{id}/diff/"]["get"]["parameters"]
    assert all("not a revision" in p["description"] for p in diff if p["name"] in ("from", "to"))
