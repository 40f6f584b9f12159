"""The engine interface every game is built on (rulebook.core): seats, chance, decisions and
outcomes, on a tiny dice table (dice_table.py) and on the two engines that play today."""

from __future__ import annotations

import dataclasses

import pytest

from rulebook.core.decisions import IllegalAnswer
from rulebook.keeper import engine as keeper
from rulebook.keeper.engine.cards import KeeperCard
from rulebook.neopets import engine as neopets
from rulebook.samples import KEEPER, NEOPETS

from .dice_table import KeepHigh, KeepSeven, play_table


@pytest.fixture(scope="module")
def neopets_decks():
    return [neopets.EngineDeck.from_deck(NEOPETS.deck(name)) for name in ("strong", "weak")]


@pytest.fixture(scope="module")
def keeper_decks():
    return [keeper.KeeperDeck.from_deck(KEEPER.deck(name)) for name in ("aggro", "value")]


# -- seats --------------------------------------------------------------------------------


def test_a_game_declaring_two_seats_refuses_three_decks(neopets_decks, keeper_decks):
    assert neopets.play_game.seats == keeper.play_game.seats == range(2, 3)
    with pytest.raises(ValueError, match="seats 2 players, not 3 decks"):
        neopets.play_game([*neopets_decks, neopets_decks[0]], seed=1)
    with pytest.raises(ValueError, match="seats 2 players, not 3 decks"):
        keeper.play_game([*keeper_decks, keeper_decks[0]], seed=1)


def test_a_table_seats_as_many_players_as_it_declares_and_no_more():
    for seated in (2, 3, 5):
        assert len(play_table([0] * seated, seed=3).placements) == seated
    for seated in (1, 6):
        with pytest.raises(ValueError, match="seats 2 to 5 players"):
            play_table([0] * seated, seed=3)


def test_it_wants_one_policy_a_seat():
    with pytest.raises(ValueError, match="3 decks need 3 policies, not 2"):
        play_table([0, 0, 0], seed=1, policies=[KeepHigh(), KeepHigh()])


@pytest.mark.parametrize("seated", [2, 3, 5])
def test_turns_go_round_the_seats_from_the_first_player(seated):
    outcome = play_table([0] * seated, seed=11, record_log=True)
    players = [event["player"] for event in outcome.log]
    assert players == [(outcome.first + turn) % seated for turn in range(len(players))]
    assert outcome.figures["turns"] == len(players) == 2 * seated


def test_the_same_seed_plays_the_same_table_game():
    assert play_table([0, 1, 2, 3], seed=8) == play_table([0, 1, 2, 3], seed=8)
    assert len({play_table([0] * 5, seed=seed).placements for seed in range(30)}) > 1


# -- decisions ----------------------------------------------------------------------------


def test_a_policy_answering_an_option_not_offered_is_refused():
    with pytest.raises(IllegalAnswer, match=r"seat 1 answered its 'keep' decision with 7"):
        play_table([0, 0, 0], seed=2, policies=[KeepHigh(), KeepSeven(), KeepHigh()])


def test_neopets_refuses_a_play_it_did_not_offer(neopets_decks):
    class Cheat(neopets.HeuristicPolicy):
        def choose_play(self, game, decision):
            return game.sides[1 - decision.seat].active  # the opponent's Neopet

    with pytest.raises(IllegalAnswer, match="'play' decision"):
        neopets.play_game(neopets_decks, seed=4, policies=(Cheat(), Cheat()))


def test_keeper_refuses_an_action_the_rules_do_not_allow(keeper_decks):
    stranger = KeeperCard(
        "Stranger",
        "Creature",
        "This card has no abilities.",
        {"cost": 0, "offense": 0, "defense": 1},
    )

    class Cheat(keeper.HeuristicPolicy):
        def next_action(self, game, decision):
            assert not decision.options.summonable(stranger)  # asking does not make it legal
            return ("summon", stranger, None)  # a creature in no one's hand

    with pytest.raises(IllegalAnswer, match="'action' decision"):
        keeper.play_game(keeper_decks, seed=4, policies=(Cheat(), Cheat()))


def test_keeper_checks_each_swap_against_the_hand_and_reserves_as_they_are(keeper_decks):
    class SwapTwice(keeper.HeuristicPolicy):
        def swaps(self, game, decision):
            me = game.players[decision.seat]
            given, taken = me.hand[0], me.reserves[0]
            return [(given, taken), (given, me.reserves[1])]  # `given` is in the reserves now

    with pytest.raises(IllegalAnswer, match="'swaps' decision"):
        keeper.play_game(keeper_decks, seed=4, policies=(SwapTwice(), SwapTwice()))


def test_the_keeper_action_options_list_what_they_allow(keeper_decks):
    """RandomPolicy chooses from the list; the heuristic asks about the actions it prefers: both
    are the game's options (legal.ActionOptions)."""
    seen = []

    class Watching(keeper.RandomPolicy):
        def next_action(self, game, decision):
            listed = list(decision.options)
            assert all(action in decision.options for action in listed)
            seen.extend(listed)
            return self.rng.choice([*listed, None])  # its own generator: no bot sees chance

    keeper.play_game(keeper_decks, seed=6, policies=(Watching(), Watching()))
    assert {action[0] for action in seen} >= {"summon", "set"}


# -- outcomes -----------------------------------------------------------------------------


def test_the_winner_is_the_seat_placed_first_alone(neopets_decks):
    outcome = neopets.play_game(neopets_decks, seed=1)
    assert outcome.placements in ((1, 2), (2, 1))
    assert outcome.placements[outcome.winner] == 1
    assert dataclasses.replace(outcome, placements=(1, 1)).winner is None  # a draw
    assert dataclasses.replace(outcome, placements=(2, 1, 1)).winner is None  # a shared first
