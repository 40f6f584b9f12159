"""GET /api/v1/games/ and /api/v1/sets/: what each game is made of, and its sets."""

from __future__ import annotations

import datetime

import pytest

from cards.models import CardSet, Game
from rules.models.formats import Format


def test_it_lists_every_game_with_types_sections_and_formats(api, db):
    neopets = Game.objects.get(slug="neopets")
    Format.objects.create(
        game=neopets,
        slug="petpet-battles",
        name="Petpet Battles",
        ruleset="neopets",
        rules_version="1.4",
        starts=datetime.date(2024, 1, 1),
    )
    body = api.get("/api/v1/games/").json()
    assert [game["slug"] for game in body["results"]] == [
        "keeper",
        "metazoo",
        "millennium-blades",
        "neopets",
    ]
    game = next(game for game in body["results"] if game["slug"] == "neopets")
    assert "Rainbow Pool Neopet" in game["card_types"]
    assert [section["slug"] for section in game["sections"]] == ["main", "neopets", "rainbow_pool"]
    assert {
        "slug": "petpet-battles",
        "name": "Petpet Battles",
        "ruleset": "neopets",
        "rules_version": "1.4",
        "starts": "2024-01-01",
        "ends": None,
        "is_default": False,
    } in game["formats"]
    assert game["stat_aliases"]["atk"] == "attack"
    hp = next(attribute for attribute in game["attributes"] if attribute["name"] == "hp")
    assert (hp["kind"], hp["minimum"], hp["numeric"]) == ("int", 1, True)


def test_it_lists_games_in_a_fixed_number_of_queries(api, db, django_assert_max_num_queries):
    for game in Game.objects.all():
        Format.objects.create(game=game, slug="extra", name="Extra", ruleset=game.slug)
    with django_assert_max_num_queries(3):
        assert len(api.get("/api/v1/games/").json()["results"]) == 4


def test_it_shows_one_game_by_slug(api, db):
    body = api.get("/api/v1/games/keeper/").json()
    assert body["name"] == "Keeper of the Cards (11th edition)"
    assert body["card_types"] == ["Creature", "Spell"]
    assert api.get("/api/v1/games/chess/").status_code == 404


@pytest.mark.parametrize(
    ("slug", "status"), [("%00", 400), ("neo%00pets", 400), ("n%C3%A9opets", 404)]
)
def test_it_answers_a_game_slug_no_game_can_have_with_json_asking_nothing(
    api, db, slug, status, django_assert_num_queries
):
    """A NUL character cannot even be sent to PostgreSQL: the one NUL guard refuses it (400
    naming the path), and a slug no game can have is a 404; neither is looked up."""
    with django_assert_num_queries(0):
        response = api.get(f"/api/v1/games/{slug}/")
    assert response.status_code == status
    assert response.headers["Content-Type"].startswith("application/json")


def test_it_lists_sets_filtered_by_game_with_sample_marks(api, catalogue):
    body = api.get("/api/v1/sets/", {"game": "neopets"}).json()
    assert [(s["code"], s["game"], s["is_sample"]) for s in body["results"]] == [
        ("AAA", "neopets", True),
        ("SMP", "neopets", True),
    ]
    assert api.get("/api/v1/sets/", {"game": "keeper"}).json()["count"] == 1


def test_it_lists_sets_in_a_fixed_number_of_queries(api, catalogue, django_assert_max_num_queries):
    CardSet.objects.create(game=Game.objects.get(slug="metazoo"), code="MZ1", name="Sample")
    with django_assert_max_num_queries(2):
        assert api.get("/api/v1/sets/").json()["count"] == 4
