"""Players: a deterministic heuristic and a random one, for the decisions a tournament asks.

A policy is called with the game and a Decision (its seat, kind and legal options, which the
game computed); it answers with one of the options, or None where it may pass, and the game
checks the answer. It reads only what is public at the table (every tableau and board, every
player's RP, the number of Singles in each hand) and its own hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, cast

from rulebook.core.decisions import Decision

from .cards import TournamentCard
from .state import ACTION, DRAIN, FLIP_TARGET, REACT_CLASHED, REACT_REVEALED, SINGLE, Player

__all__ = ["HeuristicPolicy", "RandomPolicy"]

STORE_MEAN = 2.6  # the sample Store's mean Star Rating: a reveal below it is worth redoing


class HeuristicPolicy:
    """Play the Single worth most now, use an Action as soon as it does something, drain and
    flip the leader, and use every Reaction that helps."""

    def begin(self, seed: int, player: int) -> None:
        """The heuristic keeps no state between games."""

    def answer(self, game: Any, decision: Decision) -> Any:
        me: Player = game.players[decision.seat]
        kind = decision.kind
        options = cast("Sequence[Any]", decision.options)  # the game offers lists
        if kind == SINGLE:
            return max(options, key=lambda card: _worth(card, me))
        if kind == ACTION:
            return next((slot for slot in options if game.action_does_something(slot)), None)
        if kind == DRAIN:
            # The leader; of leaders tied on RP the first offered (the game offers opponents
            # in an order drawn at random: never the lowest seat).
            return max(options, key=lambda seat: game.players[seat].rp)
        if kind == FLIP_TARGET:
            return max(
                options,
                key=lambda target: (
                    game.players[target[0]].rp,
                    target[1],  # the right-most: the Top Card
                ),
            )
        if kind == REACT_REVEALED:
            return options[0] if game.revealed < STORE_MEAN else None
        if kind == REACT_CLASHED:
            started = game.players[game.clash_started_by]
            behind = game.clash_strength(started, started=True) > game.clash_strength(me)
            return options[0] if behind else None
        return options[0]  # prevent losing RP


def _worth(card: TournamentCard, me: Player) -> float:
    """What playing `card` now is worth: its Play effects' RP as the tableau stands (a clash at
    even odds), and a tenth of a point a star to break ties."""
    worth = card.stars / 10
    for effect in card.play:
        if effect.do == "gain_rp" and not (effect.alone and me.tableau):
            count = 1
            if effect.per is not None:
                attribute, wanted = effect.per
                count = (getattr(card, attribute) == wanted) + sum(
                    getattr(slot.card, attribute) == wanted for slot in me.tableau if slot.up
                )
            worth += effect.n * count
        elif effect.do == "drain_rp":
            worth += effect.n * 0.8
        elif effect.do == "clash":
            worth += effect.n / 2
        elif effect.do == "flip_opponent":
            worth += 0.5
    return worth


class RandomPolicy:
    """Any legal answer, uniformly, from its own seeded generator (the invariant checker's
    player: it reaches corners a heuristic avoids)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def begin(self, seed: int, player: int) -> None:
        self.rng.seed(seed * 8 + player)

    def answer(self, game: Any, decision: Decision) -> Any:
        options = list(decision.options)
        if decision.may_pass and (not options or self.rng.random() < 0.5):
            return None
        return options[self.rng.randrange(len(options))]
