"""GET /api/v1/cards/named/: exact (case-insensitive) and fuzzy name lookups."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

pytestmark = pytest.mark.usefixtures("catalogue")


def test_it_finds_a_card_by_exact_name_in_any_case(api):
    response = api.get("/api/v1/cards/named/", {"game": "neopets", "exact": "hot DOG"})
    assert response.status_code == 200
    assert response.json()["name"] == "Hot Dog"
    assert response.json()["printings"]


def test_it_looks_only_in_the_named_game(api):
    response = api.get("/api/v1/cards/named/", {"game": "keeper", "exact": "Hot Dog"})
    assert response.status_code == 404


def test_it_answers_no_exact_match_with_404_and_suggestions(api):
    response = api.get("/api/v1/cards/named/", {"game": "neopets", "exact": "Hot Dgo"})
    assert response.status_code == 404
    body = response.json()
    assert body["code"] == "not_found"
    assert "Hot Dgo" in body["detail"]
    assert body["suggestions"][0] == "Hot Dog"


@pytest.mark.parametrize(
    ("misspelt", "expected"),
    [
        ("hot dgo", "Hot Dog"),
        ("Exploding Potoin", "Exploding Potion"),
        ("mau codstone", "Mau Codestone"),
        ("Teeny Hot Dog", "Teeny Hot Dog"),
    ],
)
def test_it_finds_the_most_similar_name_fuzzily(api, misspelt, expected):
    response = api.get("/api/v1/cards/named/", {"game": "neopets", "fuzzy": misspelt})
    assert response.status_code == 200
    assert response.json()["name"] == expected


def test_it_answers_fuzzy_with_nothing_similar_with_404(api):
    response = api.get("/api/v1/cards/named/", {"game": "neopets", "fuzzy": "zzzzzzzz"})
    assert response.status_code == 404
    assert response.json()["suggestions"] == []


def test_a_fuzzy_miss_asks_for_similar_names_once(api):
    """The fuzzy lookup asked every similarity the "did you mean" list would: nothing found,
    the 404's empty list is not asked again (on PostgreSQL a trigram lookup per threshold, at
    0.3 the costliest; elsewhere a read of the game's names)."""
    with CaptureQueriesContext(connection) as queries:
        response = api.get("/api/v1/cards/named/", {"game": "neopets", "fuzzy": "zzzzzzzz"})
    assert response.status_code == 404 and response.json()["suggestions"] == []
    lookups = [
        query["sql"]
        for query in queries.captured_queries
        if "similarity(" in query["sql"] or query["sql"].startswith('SELECT "cards_card"."name"')
    ]
    assert len(lookups) == (3 if connection.vendor == "postgresql" else 1)


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"exact": "Hot Dog"}, "game"),
        ({"game": "chess", "exact": "Hot Dog"}, "game"),
        ({"game": "neopets"}, "exact"),
        ({"game": "neopets", "exact": "Hot Dog", "fuzzy": "Hot Dog"}, "exact"),
    ],
)
def test_it_refuses_a_bad_request_naming_the_field(api, params, field):
    response = api.get("/api/v1/cards/named/", params)
    assert response.status_code == 400
    assert field in response.json()["fields"]
