"""Every operator of the search language through GET /api/v1/cards/?q=, on any database."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.usefixtures("catalogue")


def names(api, query: str, **params) -> list[str]:
    response = api.get("/api/v1/cards/", {"q": query, "page_size": 200, **params})
    assert response.status_code == 200, response.json()
    return [card["name"] for card in response.json()["results"]]


def test_it_matches_bare_words_anywhere_in_the_name_case_insensitively(api):
    assert names(api, "DOG hot") == ["Hot Dog", "Hot Dog of Justice", "Teeny Hot Dog"]


def test_it_matches_a_quoted_phrase_as_written(api):
    assert names(api, '"dog of"') == ["Hot Dog of Justice"]


def test_it_filters_by_type(api):
    assert names(api, "t:food") == ["Hot Dog", "Hot Dog of Justice", "Teeny Hot Dog"]
    assert names(api, 'type:"rainbow pool"') == ["Rainbow Acara"]


def test_it_filters_by_rules_text(api):
    assert names(api, "o:draw") == ["Hot Dog", "Mothman", "Teeny Hot Dog"]
    assert names(api, "text:damage") == ["Exploding Potion", "Fire Bolt"]


def test_it_filters_by_a_quoted_rules_text_phrase(api):
    assert names(api, 'o:"draw a card" game:neopets') == ["Hot Dog", "Teeny Hot Dog"]


def test_it_filters_rules_text_without_words_by_substring(api):
    assert names(api, "o:+1") == ["Mau Codestone"]


def test_it_filters_by_set_code_of_any_printing_once_per_card(api):
    assert names(api, "set:aaa") == ["Hot Dog", "Hot Dog of Justice"]
    assert names(api, "set:SMP or set:AAA") == [
        "Hot Dog",
        "Hot Dog of Justice",
        "Mau Codestone",
        "Red Acara",
    ]


def test_it_filters_by_game(api):
    assert names(api, "game:keeper") == ["Fire Bolt", "Stone Golem"]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("hp>=9", ["Blue Kau", "Rainbow Acara"]),
        ("hp>9", ["Rainbow Acara"]),
        ("hp<=8", ["Red Acara"]),
        ("hp<9", ["Red Acara"]),
        ("hp=9", ["Blue Kau"]),
        ("hp:9", ["Blue Kau"]),
        ("hp!=9", ["Rainbow Acara", "Red Acara"]),
        ("agi>=6", ["Rainbow Acara", "Red Acara"]),
        ("lvl<=2", ["Hot Dog", "Hot Dog of Justice"]),
        ("level>2", ["Exploding Potion"]),
        ("cost=4", ["Stone Golem"]),
        ("lp>=60", ["Mothman"]),
        ("stars:3", ["Blade of Dawn"]),
    ],
)
def test_it_compares_numeric_attributes_as_numbers(api, query, expected):
    assert names(api, query) == expected


def test_it_resolves_a_stat_alias_per_game(api):
    """`atk` is attack in Neopets and offense in Keeper; `def` is defence and defense."""
    assert names(api, "atk>=5") == ["Rainbow Acara", "Stone Golem"]
    assert names(api, "def>=4") == ["Rainbow Acara", "Stone Golem"]


def test_it_never_matches_a_card_lacking_the_stat(api):
    """Teeny Hot Dog has no level requirement (CR 6.4.2: none is not 0)."""
    assert "Teeny Hot Dog" not in names(api, "lvl<=5")
    assert "Teeny Hot Dog" not in names(api, "lvl!=1")


def test_it_negates_a_comparison_including_cards_lacking_the_stat(api):
    assert names(api, "t:food -lvl>=2") == ["Hot Dog", "Teeny Hot Dog"]


def test_it_negates_words_filters_and_groups(api):
    assert names(api, "dog -justice") == ["Hot Dog", "Teeny Hot Dog"]
    assert names(api, "game:neopets -t:neopet -t:food") == ["Exploding Potion", "Mau Codestone"]
    assert names(api, "game:keeper -(stone or t:creature)") == ["Fire Bolt"]


def test_it_binds_and_tighter_than_or(api):
    assert names(api, "t:food lvl>=2 or stars>=3") == ["Blade of Dawn", "Hot Dog of Justice"]


def test_it_groups_with_parentheses(api):
    assert names(api, "t:food (lvl>=2 or o:draw)") == [
        "Hot Dog",
        "Hot Dog of Justice",
        "Teeny Hot Dog",
    ]


def test_it_combines_the_query_with_other_filters(api):
    assert names(api, "o:draw", game="metazoo") == ["Mothman"]


def test_it_answers_a_syntax_error_with_its_position(api):
    response = api.get("/api/v1/cards/", {"q": "t:food (lvl>=2"})
    assert response.status_code == 400
    body = response.json()
    assert body["status"] == 400
    assert body["code"] == "query_syntax"
    assert body["position"] == 7
    assert "unclosed '('" in body["detail"]
    assert body["fields"]["q"] == ["unclosed '(' (at character 7)"]


def test_it_answers_an_unknown_stat_with_its_position(api):
    response = api.get("/api/v1/cards/", {"q": "dog mana>=3"})
    assert response.status_code == 400
    assert response.json()["position"] == 4
    assert "unknown stat 'mana'" in response.json()["detail"]


HUGE = 2**64  # past what SQLite binds: these were 500s there


@pytest.mark.parametrize(
    "query, matches_every_neopet",
    [
        (f"hp<{HUGE}", True),
        (f"hp<={HUGE}", True),
        (f"hp!={HUGE}", True),
        (f"hp>{HUGE}", False),
        (f"hp>={HUGE}", False),
        (f"hp:{HUGE}", False),
        (f"hp>-{HUGE}", True),
        (f"hp<-{HUGE}", False),
    ],
)
def test_it_compares_stats_with_numbers_past_64_bits(api, query, matches_every_neopet):
    every = set(names(api, "t:neopet"))
    assert every
    found = set(names(api, f"t:neopet {query}"))
    assert found == (every if matches_every_neopet else set())


@pytest.mark.parametrize("param, value", [("hp_min", HUGE), ("hp_max", -HUGE)])
def test_stat_filters_take_numbers_past_64_bits(api, param, value):
    response = api.get("/api/v1/cards/", {param: value})
    assert response.status_code == 200 and response.json()["count"] == 0


def test_it_matches_an_exact_name_whatever_its_case_or_apostrophe(api):
    assert names(api, '!"hot dog"') == ["Hot Dog"]
    assert names(api, "!hot") == []


def test_it_matches_name_words_with_name_colon(api):
    assert names(api, "name:justice") == ["Hot Dog of Justice"]


def test_it_sorts_by_a_stat_or_name_in_either_direction(api):
    by_name = names(api, "t:food order:name dir:desc")
    assert by_name == ["Teeny Hot Dog", "Hot Dog of Justice", "Hot Dog"]
    hp = names(api, "t:neopet order:hp dir:desc")
    response = api.get("/api/v1/cards/", {"q": "t:neopet order:hp dir:desc", "page_size": 200})
    values = [card["attributes"]["hp"] for card in response.json()["results"]]
    assert values == sorted(values, reverse=True) and len(hp) == len(values) > 1


def test_cost_is_what_each_game_prints_as_a_card_s_cost(api):
    """The search page's Cost column shows a Neopets card's level requirement (CR 6.4.2), a
    Keeper card's cost and a Millennium Blades card's stars: `cost` compares and sorts by the
    same, so sorting by Cost orders the column (it sorted Neopets cards by nothing before)."""
    assert names(api, "game:neopets cost<=2") == names(api, "game:neopets lvl<=2")
    assert names(api, "game:millennium-blades cost>=3") == names(api, "stars>=3")
    by_cost = names(api, "t:food order:cost dir:desc")
    assert by_cost == ["Hot Dog of Justice", "Hot Dog", "Teeny Hot Dog"]  # no level comes last
