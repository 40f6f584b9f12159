"""GET /api/v1/cards/autocomplete/: up to 20 names, those starting with the text first."""

from __future__ import annotations

from .conftest import make_card


def autocomplete(api, **params) -> list[str]:
    response = api.get("/api/v1/cards/autocomplete/", params)
    assert response.status_code == 200, response.json()
    return response.json()["data"]


def test_it_lists_prefix_matches_first_then_other_matches(api, catalogue):
    assert autocomplete(api, game="neopets", q="hot") == [
        "Hot Dog",
        "Hot Dog of Justice",
        "Teeny Hot Dog",
    ]
    assert autocomplete(api, q="ACARA") == ["Rainbow Acara", "Red Acara"]


def test_it_ranks_word_starts_above_mid_word_matches(api, db):
    for name in ("Blue Techo", "Hubert's Special Hot Dog", "Hot Dog", "Fire-Horn", "Red Shoyru"):
        make_card("neopets", name, "Food", attributes={"level": 1})
    assert autocomplete(api, game="neopets", q="ho") == [
        "Hot Dog",
        "Fire-Horn",
        "Hubert's Special Hot Dog",
        "Blue Techo",
        "Red Shoyru",
    ]


def test_it_looks_in_one_game_when_asked(api, catalogue):
    assert autocomplete(api, game="keeper", q="o") == ["Fire Bolt", "Stone Golem"]


def test_it_lists_a_shared_name_once(api, db):
    make_card("metazoo", "Twin Page", "Spell", key="twin-a")
    make_card("metazoo", "Twin Page", "Spell", key="twin-b")
    assert autocomplete(api, q="twin") == ["Twin Page"]


def test_it_answers_at_most_20_names_prefix_matches_kept(api, db):
    for number in range(25):
        make_card("keeper", f"Zebra {number:02}", "Spell", attributes={"cost": 1})
    make_card("keeper", "A Zebra", "Spell", attributes={"cost": 1})
    names = autocomplete(api, q="zeb")
    assert names == [f"Zebra {number:02}" for number in range(20)]


def test_it_fills_up_with_inner_matches_after_prefix_matches(api, db):
    make_card("keeper", "Zebra", "Spell", attributes={"cost": 1})
    make_card("keeper", "A Zebra", "Spell", attributes={"cost": 1})
    assert autocomplete(api, q="zeb") == ["Zebra", "A Zebra"]


def test_it_answers_blank_text_with_no_names(api, catalogue):
    assert autocomplete(api, q="  ") == []
    assert autocomplete(api) == []


def test_it_refuses_an_unknown_game_naming_the_field(api, db):
    response = api.get("/api/v1/cards/autocomplete/", {"game": "chess", "q": "a"})
    assert response.status_code == 400
    assert "game" in response.json()["fields"]
