"""GET /api/v1/cards/ and /api/v1/cards/{id}/: order, pagination, filters, sample marking."""

from __future__ import annotations

import pytest

from .conftest import make_card


def names(response) -> list[str]:
    assert response.status_code == 200, response.json()
    return [card["name"] for card in response.json()["results"]]


def test_it_lists_cards_in_name_key_id_order(api, catalogue):
    response = api.get("/api/v1/cards/", {"page_size": 200})
    assert names(response) == sorted(catalogue)
    assert response.json()["count"] == len(catalogue)


def test_it_orders_cards_sharing_a_name_by_key_then_id(api, db):
    """MetaZoo Pages may share a name and differ mechanically: they carry different keys."""
    second = make_card("metazoo", "Twin Page", "Spell", key="twin-page-b")
    first = make_card("metazoo", "Twin Page", "Spell", key="twin-page-a")
    response = api.get("/api/v1/cards/")
    assert [card["id"] for card in response.json()["results"]] == [first.id, second.id]


def test_it_pages_deterministically_without_gaps_or_repeats(api, catalogue):
    seen = []
    url = "/api/v1/cards/?page_size=4"
    while url:
        body = api.get(url).json()
        seen += [card["name"] for card in body["results"]]
        url = body["next"]
    assert seen == sorted(catalogue)
    again = api.get("/api/v1/cards/", {"page_size": 4, "page": 2}).json()["results"]
    assert [card["name"] for card in again] == seen[4:8]


def test_it_refuses_a_page_that_does_not_exist_as_json(api, catalogue):
    response = api.get("/api/v1/cards/", {"page": 99})
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


def test_it_filters_by_game_type_set_and_sample(api, catalogue):
    assert names(api.get("/api/v1/cards/", {"game": "keeper"})) == ["Fire Bolt", "Stone Golem"]
    assert names(api.get("/api/v1/cards/", {"game": "neopets", "type": "neopet"})) == [
        "Blue Kau",
        "Red Acara",
    ]
    assert names(api.get("/api/v1/cards/", {"set": "aaa"})) == ["Hot Dog", "Hot Dog of Justice"]
    assert names(api.get("/api/v1/cards/", {"is_sample": "false"})) == []


def test_it_filters_by_stat_ranges_resolved_per_game(api, catalogue):
    response = api.get("/api/v1/cards/", {"hp_min": 9, "hp_max": 9})
    assert names(response) == ["Blue Kau"]
    assert names(api.get("/api/v1/cards/", {"atk_min": 5})) == ["Rainbow Acara", "Stone Golem"]
    assert names(api.get("/api/v1/cards/", {"lp_min": 1})) == ["Mothman"]


@pytest.mark.parametrize(
    ("params", "field"),
    [({"game": "chess"}, "game"), ({"hp_min": "lots"}, "hp_min"), ({"hp_min": "7.5"}, "hp_min")],
)
def test_it_refuses_a_bad_filter_naming_the_field(api, catalogue, params, field):
    response = api.get("/api/v1/cards/", params)
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"
    assert field in response.json()["fields"]


def test_it_shows_a_card_with_its_printings_and_sample_marks(api, catalogue):
    hot_dog = catalogue["Hot Dog"]
    response = api.get(f"/api/v1/cards/{hot_dog.id}/")
    assert response.status_code == 200
    body = response.json()
    assert body["game"] == "neopets"
    assert body["key"] == "hot-dog"
    assert body["type"] == "Food"
    assert body["attributes"] == {"level": 1}
    assert body["is_sample"] is True
    assert [(p["set"], p["number"], p["set_is_sample"]) for p in body["printings"]] == [
        ("AAA", "005", True),
        ("SMP", "010", True),
    ]


def test_a_list_filter_sent_to_a_card_s_address_is_a_400_naming_it(api, catalogue):
    """The list's filters narrow the list: `?q=` left on a card's address (as a client reusing
    its list parameters sends it) made the card a 404 when it did not match, as if the card
    were gone; a card's address reads no query parameter, so it is a 400 naming each one."""
    hot_dog = catalogue["Hot Dog"]
    for params in ({"q": "t:neopet"}, {"game": "keeper"}, {"ordering": "-name"}):
        response = api.get(f"/api/v1/cards/{hot_dog.id}/", params)
        assert (response.status_code, list(response.json()["fields"])) == (400, [*params])


def test_it_marks_real_cards_as_not_sample(api, db):
    card = make_card("keeper", "Real Card", "Spell", attributes={"cost": 1}, is_sample=False)
    assert api.get(f"/api/v1/cards/{card.id}/").json()["is_sample"] is False


@pytest.mark.parametrize("card_id", ["999999", "abc"])
def test_it_answers_an_unknown_card_with_json_404(api, db, card_id):
    response = api.get(f"/api/v1/cards/{card_id}/")
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


def test_it_lists_cards_in_a_fixed_number_of_queries(api, catalogue, django_assert_max_num_queries):
    """Count, the page's ids (from an index on PostgreSQL), its cards by id with their games
    and pictures, printings with sets: no query per card (no N+1)."""
    with django_assert_max_num_queries(4):
        response = api.get("/api/v1/cards/", {"page_size": 200, "q": "t:food or set:smp"})
    assert len(response.json()["results"]) == 5
