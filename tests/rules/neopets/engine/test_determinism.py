"""Every game is a function of its decks, seed and policies; the log replays it."""

import dataclasses
import json

import pytest

from rules.neopets.engine import RandomPolicy, play_game

from .builders import sample_deck


@pytest.fixture(scope="module")
def decks():
    return sample_deck("strong"), sample_deck("weak")


def test_it_repeats_a_game_exactly_for_the_same_seed(decks):
    first = play_game(*decks, seed=42, record_log=True)
    again = play_game(*decks, seed=42, record_log=True)
    assert first == again
    assert first.log  # a full event log, JSON-able for a replay
    json.dumps(first.log)


def test_it_plays_different_games_for_different_seeds(decks):
    records = [play_game(decks[0], decks[0], seed=seed, record_log=True) for seed in range(10)]
    assert len({json.dumps(record.log) for record in records}) == 10


def test_it_plays_the_same_game_whether_or_not_it_keeps_a_log(decks):
    logged = play_game(*decks, seed=7, record_log=True)
    quiet = play_game(*decks, seed=7)
    assert quiet.log is None
    assert dataclasses.replace(logged, log=None) == quiet


def test_it_repeats_games_of_a_random_policy_reused_across_games(decks):
    """RandomPolicy reseeds from (its seed, the game's seed, its player) every game."""
    players = (RandomPolicy(1), RandomPolicy(2))
    first = [play_game(*decks, seed=seed, policies=players) for seed in range(5)]
    again = [play_game(*decks, seed=seed, policies=players) for seed in reversed(range(5))]
    assert first == again[::-1]


def test_it_does_not_change_a_prepared_deck_by_playing_it(decks):
    strong, weak = decks
    before = (strong.main, strong.neopets, strong.rainbow_pool)
    for seed in range(20):
        play_game(strong, weak, seed)
    assert (strong.main, strong.neopets, strong.rainbow_pool) == before
