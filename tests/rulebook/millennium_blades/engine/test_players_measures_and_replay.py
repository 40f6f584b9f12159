"""What the tournament tells its players, and a tournament replayed from its answers (rules
summary, "On your turn", "Clashing", "Effects on cards"; the README's Millennium Blades rules
notes)."""

from __future__ import annotations

from rulebook.core.stepping import GameState, direct_game
from rulebook.millennium_blades.engine import Game, HeuristicPolicy, TournamentDeck
from rulebook.millennium_blades.engine.state import Slot

from .builders import board, deck, plain, single


def table(*cards_in_play):
    """A two-seat tournament set up, each seat's tableau holding the given Singles face-up
    (seat 0's first), and a Single still in each hand (so Top effects work)."""
    decks = [TournamentDeck.from_deck(deck(plain(p, 1))) for p in "AB"]
    game = direct_game(Game, decks, 0, (HeuristicPolicy(), HeuristicPolicy()))
    game.begin()
    for player, singles in zip(game.players, cards_in_play, strict=True):
        compiled = TournamentDeck.from_deck(deck(singles)).singles if singles else ()
        player.tableau = [Slot(card, player.index) for card in compiled]
    return game


def action(*effects: dict):
    """Seat 0's board card with this Action (Accessories stay on the board, face-up)."""
    return TournamentDeck.from_deck(deck(accessories=[board("Tool", *effects)])).board[0]


def usable(game, card) -> bool:
    slot = Slot(card, 0)
    game.players[0].board = [slot]
    return game.action_does_something(slot)


def test_an_action_gaining_rp_per_element_does_something_only_with_that_element_face_up():
    """ "Action: gain 1 RP per Water card in your tableau": nothing to gain with none."""
    per_water = action({"when": "action", "do": "gain_rp", "n": 1, "per": {"element": "Water"}})
    fire = single("Fire Knight", 1)
    water = single("Water Knight", 1, element="Water")
    assert not usable(table([fire], []), per_water)
    assert usable(table([fire, water], []), per_water)


def test_an_action_draining_rp_does_something_only_when_an_opponent_has_rp():
    """RP never falls below 0 (README rules notes): a drain takes from an opponent who has RP;
    the player's own RP does not count."""
    drain = action({"when": "action", "do": "drain_rp", "n": 2})
    game = table([], [])
    game.players[0].rp = 3
    assert not usable(game, drain)
    game.players[1].rp = 1
    assert usable(game, drain)


def test_a_clash_action_is_worth_starting_only_when_its_player_is_not_behind():
    """Clashing: the total is the revealed card plus the Top Card's stars, and a tie for the
    highest is a tie (no one gains RP, so none is lost by starting it); a bonus to clashes the
    player starts counts for the starter (README: `clash_bonus` `started`)."""
    clash = action({"when": "action", "do": "clash", "win": 2})
    bonus = single("Starter", 1, {"when": "ongoing", "do": "clash_bonus", "n": 3, "started": True})
    assert not usable(table([single("Small", 1)], [single("Big", 3)]), clash)
    assert usable(table([bonus], [single("Big", 3)]), clash)
    assert usable(table([single("Even", 3)], [single("Big", 3)]), clash)  # a tie loses nothing


def test_a_flip_action_does_something_only_with_an_opponents_card_it_may_flip():
    """ "Face-Down Cards ... can't be flipped face-up again", and "opponents cannot flip your
    cards" (`shield`)."""
    flip = action({"when": "action", "do": "flip_opponent"})
    ward = single("Ward", 1, {"when": "ongoing", "do": "shield"})
    assert not usable(table([], []), flip)
    assert usable(table([], [single("Target", 2)]), flip)
    assert not usable(table([], [ward, single("Target", 2)]), flip)


def test_a_tournament_replays_from_its_answers_with_board_cards_named_by_place():
    """A seed and the answers given replay the same tournament (the Actions answered with a card
    on the board or in a tableau, which each replay names by its place)."""
    tool = board("Tool", {"when": "action", "do": "gain_rp", "n": 1})
    sage = single("Sage", 1, {"when": "action", "do": "gain_rp", "n": 2})
    decks = [
        TournamentDeck.from_deck(deck(plain("A", 2), accessories=[tool])),
        TournamentDeck.from_deck(deck([sage, single("B", 1)])),
    ]
    state = GameState(Game, decks, 3, record_log=True)
    while state.decision is not None:
        state.apply(state.decision.options[0])
    played = state.outcome
    assert sorted(e["card"] for e in played.log if e["event"] == "action") == ["Sage", "Tool"]
    again = GameState.replay(Game, decks, 3, state.history, record_log=True).outcome
    assert again.log == played.log
