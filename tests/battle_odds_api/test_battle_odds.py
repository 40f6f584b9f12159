"""POST /api/v1/battle-odds/: exact odds of one attack and of the knock-out race."""

from __future__ import annotations

from fractions import Fraction

import pytest

URL = "/api/v1/battle-odds/"


def neopet(**stats):
    return {"hp": 8, "attack": 3, "defence": 2, "agility": 3, **stats}


def post(api, **body):
    return api.post(URL, body, format="json")


def test_it_answers_the_damage_distribution_and_the_race(api):
    response = post(api, attacker=neopet(agility=5), defender=neopet(hp=6, damage=2))
    assert response.status_code == 200, response.json()
    body = response.json()
    assert set(body["damage"]) == {"0", "1", "2", "3"}
    assert sum(body["damage"].values()) == pytest.approx(1)
    assert sum(Fraction(p) for p in body["damage_exact"].values()) == 1
    assert body["expected_damage"] == pytest.approx(float(Fraction(body["expected_damage_exact"])))
    assert body["rerolls"] == {"side": "attacker", "dice": 2}
    # The counterattack is the defender's attack: the faster attacker now defends and rerolls.
    assert body["counterattack"]["rerolls"] == {"side": "defender", "dice": 2}
    assert sum(Fraction(p) for p in body["counterattack"]["damage_exact"].values()) == 1
    assert "5.5.6b" in body["reroll_policy"]
    for order in ("attacker_first", "defender_first"):
        race = body["race"][order]
        assert race["attacker_wins"] + race["defender_wins"] == pytest.approx(1)
        assert race["never_ends"] is False
    assert (
        body["race"]["attacker_first"]["attacker_wins"]
        > body["race"]["defender_first"]["attacker_wins"]
    )


def test_it_gives_the_race_as_exact_fractions_on_request(api):
    response = post(api, attacker=neopet(), defender=neopet(), exact=True)
    race = response.json()["race"]["attacker_first"]
    assert Fraction(race["exact"]["attacker_wins"]) + Fraction(race["exact"]["defender_wins"]) == 1
    assert float(Fraction(race["exact"]["attacker_wins"])) == pytest.approx(race["attacker_wins"])


def test_it_says_when_a_race_never_ends(api):
    response = post(api, attacker=neopet(attack=0), defender=neopet(attack=0))
    race = response.json()["race"]["attacker_first"]
    assert race == {"attacker_wins": 0.0, "defender_wins": 0.0, "never_ends": True}


@pytest.mark.parametrize(
    ("side", "stats", "field"),
    [
        ("attacker", {"attack": 11}, "attacker.attack"),
        ("defender", {"defence": -1}, "defender.defence"),
        ("attacker", {"agility": 2.5}, "attacker.agility"),
        ("defender", {"agility": "3"}, "defender.agility"),
        ("attacker", {"attack": True}, "attacker.attack"),
        ("attacker", {"hp": 0}, "attacker.hp"),
        ("defender", {"hp": 100}, "defender.hp"),
        ("defender", {"damage": 8}, "defender.damage"),
        ("attacker", {"damage": -1}, "attacker.damage"),
    ],
)
def test_it_refuses_bad_stats_naming_the_field(api, side, stats, field):
    other = "defender" if side == "attacker" else "attacker"
    response = post(api, **{side: neopet(**stats), other: neopet()})
    assert response.status_code == 400
    body = response.json()
    assert body["status"] == 400 and body["code"] == "invalid"
    assert list(body["fields"]) == [field]


def test_it_refuses_a_missing_neopet_and_missing_stats(api):
    response = post(api, attacker={"hp": 5})
    assert response.status_code == 400
    assert set(response.json()["fields"]) == {
        "attacker.attack",
        "attacker.defence",
        "attacker.agility",
        "defender",
    }


def test_it_refuses_exact_races_over_10_hp_left(api):
    response = post(api, attacker=neopet(hp=12, damage=1), defender=neopet(), exact=True)
    assert response.status_code == 400
    assert list(response.json()["fields"]) == ["exact"]


def test_it_refuses_a_body_that_is_not_json(api):
    response = api.post(URL, "{not json", content_type="application/json")
    assert response.status_code == 400
    assert response.json()["status"] == 400
