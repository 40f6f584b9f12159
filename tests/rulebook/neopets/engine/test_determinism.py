"""Every game is a function of its decks, seed and policies; the log replays it."""

import dataclasses
import json

import pytest

from rulebook.neopets.engine import RandomPolicy, play_game
from rulebook.neopets.engine.dice import battle_damage

from .builders import sample_deck


@pytest.fixture(scope="module")
def decks():
    return sample_deck("strong"), sample_deck("weak")


def test_it_repeats_a_game_exactly_for_the_same_seed(decks):
    first = play_game(decks, seed=42, record_log=True)
    again = play_game(decks, seed=42, record_log=True)
    assert first == again
    assert first.log  # a full event log, JSON-able for a replay
    json.dumps(first.log)


def test_it_plays_different_games_for_different_seeds(decks):
    records = [play_game([decks[0], decks[0]], seed=seed, record_log=True) for seed in range(10)]
    assert len({json.dumps(record.log) for record in records}) == 10


def test_it_plays_the_same_game_whether_or_not_it_keeps_a_log(decks):
    logged = play_game(decks, seed=7, record_log=True)
    quiet = play_game(decks, seed=7)
    assert quiet.log is None
    assert dataclasses.replace(logged, log=None) == quiet


def test_it_repeats_games_of_a_random_policy_reused_across_games(decks):
    """RandomPolicy reseeds from (its seed, the game's seed, its player) every game."""
    players = (RandomPolicy(1), RandomPolicy(2))
    first = [play_game(decks, seed=seed, policies=players) for seed in range(5)]
    again = [play_game(decks, seed=seed, policies=players) for seed in reversed(range(5))]
    assert first == again[::-1]


def test_it_does_not_change_a_prepared_deck_by_playing_it(decks):
    strong, weak = decks
    before = (strong.main, strong.neopets, strong.rainbow_pool)
    for seed in range(20):
        play_game([strong, weak], seed)
    assert (strong.main, strong.neopets, strong.rainbow_pool) == before


def test_it_logs_enough_to_check_every_battle_and_knock_out_again(decks):
    """A replay of the log: each battle's damage follows from its logged dice (CR 5.5.7), and
    a round ends exactly when a Neopet's damage first reaches its Hit Points (5.5.7e)."""
    for seed in range(10):
        log = play_game([decks[0], decks[1]], seed=seed, record_log=True).log
        for event in log:
            if event["event"] == "battle":
                assert event["damage"] == battle_damage(event["attack"], event["defence"])
        lethal = [e for e in log if e["event"] == "damage" and e["total"] >= e["hp"]]
        knock_outs = [e for e in log if e["event"] == "knock_out"]
        assert [e["player"] for e in lethal] == [e["player"] for e in knock_outs]
