"""The judge itself: it fails a log that breaks a rule (so a passing game run means something).
Each log below is the smallest a game could write for the broken rule."""

from __future__ import annotations

from .checker import LOSING, PAYING, RECOVERY, SEQUENCE, TARGETS, check_log

DECKS = [
    {"event": "deck", "player": 0, "first": 0, "names": ["A"] * 40},
    {"event": "deck", "player": 1, "first": 40, "names": ["B"] * 40},
    {"event": "turn", "player": 0, "turn": 1},
]


def rules_broken(*events: dict) -> set[str]:
    return {rule for rule, _ in check_log([*DECKS, *events])}


def test_it_fails_a_game_that_goes_on_after_a_player_reached_0_hitpoints():
    assert rules_broken(
        {"event": "hp", "player": 1, "change": -20, "hp": 0, "why": "damage"},
        {"event": "window", "player": None},
        {"event": "hp", "player": 1, "change": 5, "hp": 5, "why": "heal"},
        {"event": "end", "player": None, "winner": 0},
    ) == {LOSING}


def test_it_fails_a_draw_where_one_player_fell_first():
    assert rules_broken(
        {"event": "hp", "player": 0, "change": -20, "hp": 0, "why": "damage"},
        {"event": "end", "player": None, "winner": None},
    ) == {SEQUENCE}


def test_it_accepts_a_draw_of_one_battle():
    assert rules_broken(
        {"event": "battle", "player": 0, "attackers": [], "target": "player", "defenders": [],
         "attack_dice": [], "defense_dice": []},
        {"event": "hp", "player": 1, "change": -20, "hp": 0, "why": "damage"},
        {"event": "hp", "player": 0, "change": -20, "hp": 0, "why": "damage"},
        {"event": "end", "player": None, "winner": None},
    ) == set()  # fmt: skip


def test_it_fails_a_short_payment_and_a_target_that_escapes():
    summon = {"event": "summon", "player": 0, "n": 1, "from": "deck", "of": 0}
    assert rules_broken(
        summon,
        {"event": "pay", "player": 0, "op": "exhaust_creatures", "x": 1, "source": 1,
         "cards": [], "hp": 20, "resources": 0, "spent": 0},
        {"event": "targets", "player": 0, "cards": [2]},
        {"event": "effect", "player": 0, "op": "destroy", "x": 0, "y": 0},
        {"event": "resolved", "player": 0},
    ) == {PAYING, TARGETS}  # fmt: skip


def test_it_fails_a_recovery_that_exhausts_an_unexhausted_card():
    assert rules_broken(
        {"event": "summon", "player": 0, "n": 1, "from": "deck", "of": 0},
        {"event": "recovery", "player": None, "exhausted": []},
        {"event": "stays_exhausted", "player": 0, "n": 1},
        {"event": "recovery", "player": None, "exhausted": [1]},
    ) == {RECOVERY}
