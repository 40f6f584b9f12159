"""Every game is a function of its decks, seed and policies (issue 10, item 4)."""

from __future__ import annotations

import dataclasses
import json

from rulebook.core.stepping import GameState, play
from rulebook.keeper.engine import Game, HeuristicPolicy, RandomPolicy, play_game

from .builders import sample


def test_it_repeats_a_game_exactly_for_the_same_seed():
    first = play_game([sample("value"), sample("aggro")], 42, record_log=True)
    again = play_game([sample("value"), sample("aggro")], 42, record_log=True)
    assert first == again


def test_it_plays_different_games_for_different_seeds():
    logs = {
        json.dumps(play_game([sample("value"), sample("value")], s, record_log=True).log)
        for s in range(10)
    }
    assert len(logs) == 10


def test_it_plays_the_same_game_whether_or_not_it_keeps_a_log():
    logged = play_game([sample("control"), sample("aggro")], 7, record_log=True)
    quiet = play_game([sample("control"), sample("aggro")], 7)
    assert quiet.log is None
    assert dataclasses.replace(logged, log=None) == quiet


def test_random_policies_repeat_too():
    players = (RandomPolicy(), HeuristicPolicy())
    first = [play_game([sample("value"), sample("control")], s, policies=players) for s in range(5)]
    again = [play_game([sample("value"), sample("control")], s, policies=players) for s in range(5)]
    assert first == again


def test_playing_does_not_change_a_prepared_deck():
    deck = sample("value")
    before = deck.cards
    for seed in range(20):
        play_game([deck, deck], seed)
    assert deck.cards == before


def test_a_game_replays_from_its_recorded_answers():
    """docs/play.md, "How a game is kept": a game is kept as its decks, seed and the answers
    given, and each request replays it from them. Every answer comes back as it was given (a
    card by its number, an action's ability by its place on the card), so the replay is the
    same game, event for event."""
    decks = [sample("value"), sample("control")]
    state = GameState(Game, decks, 5, record_log=True)
    played = play(state, (RandomPolicy(), HeuristicPolicy()))
    assert any(type(answer) is tuple and answer[0] == "ability" for answer in state.history)
    again = GameState.replay(Game, decks, 5, state.history, record_log=True)
    assert again.outcome == played
