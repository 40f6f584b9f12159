"""POST /api/v1/cards/collection/: up to 100 cards by id, key, name or printing."""

from __future__ import annotations


def collect(api, identifiers):
    return api.post("/api/v1/cards/collection/", {"identifiers": identifiers}, format="json")


def test_it_finds_cards_by_every_kind_of_identifier_in_order(api, catalogue):
    response = collect(
        api,
        [
            {"name": "hot dog", "game": "neopets"},
            {"id": catalogue["Fire Bolt"].id},
            {"key": "mothman", "game": "metazoo"},
            {"set": "smp", "number": "001", "game": "neopets"},
        ],
    )
    assert response.status_code == 200
    body = response.json()
    assert [card["name"] for card in body["data"]] == [
        "Hot Dog",
        "Fire Bolt",
        "Mothman",
        "Red Acara",
    ]
    assert body["data"][0]["is_sample"] is True
    assert body["not_found"] == []


def test_it_lists_misses_in_not_found_as_given(api, catalogue):
    misses = [
        {"name": "Hot Dog", "game": "keeper"},
        {"id": 999999},
        {"key": "nobody", "game": "metazoo"},
        {"set": "SMP", "number": "999", "game": "neopets"},
    ]
    response = collect(api, [{"name": "Mothman", "game": "metazoo"}, *misses])
    assert response.status_code == 200
    assert [card["name"] for card in response.json()["data"]] == ["Mothman"]
    assert response.json()["not_found"] == misses


def test_it_finds_100_cards_in_a_fixed_number_of_queries(
    api, catalogue, django_assert_max_num_queries
):
    identifiers = [{"name": name, "game": card.game.slug} for name, card in catalogue.items()]
    identifiers = (identifiers * 8)[:100]
    with django_assert_max_num_queries(3):  # ids, cards with games and pictures, printings
        response = collect(api, identifiers)
    assert len(response.json()["data"]) == 100


def test_it_refuses_more_than_100_identifiers(api, catalogue):
    response = collect(api, [{"id": 1}] * 101)
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid"
    assert "identifiers" in body["fields"]


def test_it_refuses_a_malformed_identifier_naming_it(api, catalogue):
    response = collect(api, [{"id": 1}, {"name": "Hot Dog"}, {"id": "x"}])
    assert response.status_code == 400
    fields = response.json()["fields"]
    # DRF keys a list's item errors by index; api.errors writes them as .1 (or [1]).
    assert "identifiers[1].non_field_errors" in fields
    assert {"identifiers.2.id", "identifiers[2].id"} & set(fields)
    assert "identifiers.0.id" not in fields


def test_it_refuses_a_body_without_identifiers(api, db):
    response = api.post("/api/v1/cards/collection/", {}, format="json")
    assert response.status_code == 400
    assert "identifiers" in response.json()["fields"]
