"""/api/v1/decks/ and /api/v1/decks/{id}/: create, list, read, replace, change, delete."""

import pytest

from decks.models import Deck

from .conftest import MAIN, make_deck

URL = "/api/v1/decks/"


def detail(deck):
    return f"{URL}{deck.pk}/"


def test_it_creates_a_deck_from_sections(alice_api, cards):
    body = {"game": "neopets", "name": "Kau Rush", "sections": MAIN, "visibility": "public"}
    response = alice_api.post(URL, body, format="json")
    assert response.status_code == 201, response.json()
    data = response.json()
    assert response["ETag"] == Deck.objects.get(pk=data["id"]).etag
    assert response["Location"] == f"{URL}{data['id']}/"
    assert data["owner"] == "alice"
    assert data["format"] is None
    assert data["version"]["number"] == 1
    assert data["sections"]["main"][0] == {
        "id": cards["Hot Dog"].pk,
        "key": "hot-dog",
        "name": "Hot Dog",
        "quantity": 2,
    }
    assert data["sections"]["neopets"] == []


def test_it_pins_a_printing_by_set_and_number(alice_api, cards):
    main = [{"name": " hot dog ", "quantity": 1, "set": "smp", "number": "002"}]
    response = alice_api.post(
        URL, {"game": "neopets", "name": "P", "sections": {"main": main}}, format="json"
    )
    assert response.status_code == 201, response.json()
    entry = response.json()["sections"]["main"][0]
    assert (entry["name"], entry["set"], entry["number"]) == ("Hot Dog", "SMP", "002")


def test_it_names_each_unknown_card_with_suggestions(alice_api, cards):
    main = [{"name": "Hot Dog", "quantity": 1}, {"name": "Hot Dgo", "quantity": 1}]
    response = alice_api.post(
        URL, {"game": "neopets", "name": "K", "sections": {"main": main}}, format="json"
    )
    assert response.status_code == 400
    data = response.json()
    assert list(data["fields"]) == ["sections.main[1].name"]
    assert "Hot Dog" in data["suggestions"]["sections.main[1].name"]
    assert not Deck.objects.exists()


@pytest.mark.parametrize(
    ("entry", "field"),
    [
        ({"name": "Hot Dog", "quantity": 0}, "sections.main[0].quantity"),
        ({"name": "Hot Dog", "quantity": 1000}, "sections.main[0].quantity"),
        ({"name": "Hot Dog", "quantity": "2"}, "sections.main[0].quantity"),
        ({"name": "Hot Dog", "quantity": True}, "sections.main[0].quantity"),
        ({"quantity": 2}, "sections.main[0].name"),
        ({"name": "Hot Dog", "quantity": 1, "set": "SMP"}, "sections.main[0].number"),
        ({"name": "Hot Dog", "quantity": 1, "colour": "red"}, "sections.main[0].colour"),
        ("2 Hot Dog", "sections.main[0]"),
    ],
)
def test_it_refuses_a_bad_entry_naming_its_field(alice_api, cards, entry, field):
    body = {"game": "neopets", "name": "K", "sections": {"main": [entry]}}
    response = alice_api.post(URL, body, format="json")
    assert response.status_code == 400
    assert field in response.json()["fields"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"game": "chess", "name": "K"}, "game"),
        ({"game": "neopets"}, "name"),
        ({"game": "neopets", "name": "K", "sections": []}, "sections"),
        ({"game": "neopets", "name": "K", "sections": {"sideboard": []}}, "sections.sideboard"),
        ({"game": "neopets", "name": "K", "format": "no-such-format"}, "format"),
        ({"game": "neopets", "name": "K", "visibility": "secret"}, "visibility"),
        # NUL characters: PostgreSQL cannot be asked about them, so they never reach a query
        ({"game": "neo\x00pets", "name": "K"}, "game"),
        ({"game": "neopets", "name": "K\x00"}, "name"),
        (
            {
                "game": "neopets",
                "name": "K",
                "sections": {"main": [{"name": "\x00", "quantity": 1}]},
            },
            "sections.main[0].name",
        ),
    ],
)
def test_it_refuses_a_bad_deck_naming_the_field(alice_api, cards, body, field):
    response = alice_api.post(URL, body, format="json")
    assert response.status_code == 400
    assert field in response.json()["fields"]


def test_it_reads_a_deck_with_its_etag(alice_api, alice_deck):
    response = alice_api.get(detail(alice_deck))
    assert response.status_code == 200
    assert response["ETag"] == alice_deck.etag
    assert [e["name"] for e in response.json()["sections"]["main"]] == ["Hot Dog", "Healing Potion"]


def test_it_replaces_a_deck_with_put(alice_api, alice_deck):
    body = {"name": "Kau Rush II", "sections": {"neopets": [{"name": "Red Kau", "quantity": 1}]}}
    response = alice_api.put(detail(alice_deck), body, format="json", HTTP_IF_MATCH=alice_deck.etag)
    assert response.status_code == 200, response.json()
    data = response.json()
    assert response["ETag"].startswith('"2-')
    assert data["sections"]["main"] == []  # PUT replaces: sections left out are emptied
    assert data["sections"]["neopets"][0]["name"] == "Red Kau"
    assert data["version"]["number"] == 2


def test_it_changes_only_the_given_fields_and_sections_with_patch(alice_api, alice_deck):
    body = {"visibility": "public", "sections": {"neopets": [{"name": "Red Kau", "quantity": 1}]}}
    response = alice_api.patch(
        detail(alice_deck), body, format="json", HTTP_IF_MATCH=alice_deck.etag
    )
    assert response.status_code == 200, response.json()
    data = response.json()
    assert (data["name"], data["visibility"], data["revision"]) == ("Kau Rush", "public", 2)
    assert len(data["sections"]["main"]) == 2
    assert len(data["sections"]["neopets"]) == 1


def test_it_does_not_let_a_deck_change_game(alice_api, alice_deck):
    response = alice_api.patch(
        detail(alice_deck), {"game": "keeper"}, format="json", HTTP_IF_MATCH=alice_deck.etag
    )
    assert response.status_code == 400
    assert "game" in response.json()["fields"]


def test_it_deletes_a_deck(alice_api, alice_deck):
    assert alice_api.delete(detail(alice_deck)).status_code == 204
    assert alice_api.get(detail(alice_deck)).status_code == 404


def test_it_lists_own_decks_and_others_public_decks(
    alice, bob, charlie, neopets, cards, charlie_api
):
    make_deck(alice, neopets, MAIN, name="Alice private")
    make_deck(alice, neopets, MAIN, name="Alice unlisted", visibility="unlisted")
    make_deck(alice, neopets, MAIN, name="Alice public", visibility="public")
    make_deck(bob, neopets, MAIN, name="Bob public", visibility="public")
    make_deck(charlie, neopets, MAIN, name="Charlie private")
    names = {deck["name"] for deck in charlie_api.get(URL).json()["results"]}
    assert names == {"Alice public", "Bob public", "Charlie private"}


def test_it_filters_the_list_by_owner_and_game(alice, bob, neopets, cards, api):
    make_deck(alice, neopets, MAIN, name="A", visibility="public")
    make_deck(bob, neopets, MAIN, name="B", visibility="public")
    assert [d["name"] for d in api.get(URL, {"owner": "bob"}).json()["results"]] == ["B"]
    assert api.get(URL, {"game": "keeper"}).json()["count"] == 0
    assert api.get(URL, {"game": "neopets"}).json()["count"] == 2


def test_it_lists_decks_in_a_fixed_number_of_queries(
    alice, neopets, cards, alice_api, django_assert_max_num_queries
):
    for number in range(12):
        make_deck(alice, neopets, MAIN, name=f"Deck {number}")
    with django_assert_max_num_queries(2):  # the count and the page, owner/game/format joined
        response = alice_api.get(URL, {"page_size": 10})
    assert response.status_code == 200
    assert response.json()["count"] == 12
    assert len(response.json()["results"]) == 10


@pytest.mark.parametrize("body", ['{"game": "neopets",', "[1, 2]"])
def test_it_answers_a_body_it_cannot_read_with_json_400(alice_api, body):
    response = alice_api.post(URL, body, content_type="application/json")
    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    assert response.json()["status"] == 400


def test_it_sets_and_clears_a_decks_format_with_patch(alice_api, alice_deck):
    etag = alice_deck.etag
    response = alice_api.patch(
        detail(alice_deck), {"format": "standard"}, format="json", HTTP_IF_MATCH=etag
    )
    assert response.json()["format"] == "standard"
    response = alice_api.patch(
        detail(alice_deck), {"format": None}, format="json", HTTP_IF_MATCH=response["ETag"]
    )
    assert (response.json()["format"], response.json()["version"]["number"]) == (None, 3)
