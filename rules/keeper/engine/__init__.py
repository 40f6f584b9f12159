"""The Keeper of the Cards game engine: plain Python, no Django.

deck = KeeperDeck.from_deck(resolved_core_deck)       # once per deck
record = play_game(deck_a, deck_b, seed=7)            # a GameRecord; same seed, same game

Every card is played from its parsed components (rules.keeper.parser), through the component
tables of plays.py; no card has code of its own.
"""

from __future__ import annotations

from .cards import KeeperCard, KeeperDeck
from .game import TURN_CAP, Game
from .plays import PLAYED_KEYS
from .policy import HeuristicPolicy, Policy, RandomPolicy
from .record import GameRecord

__all__ = [
    "PLAYED_KEYS",
    "TURN_CAP",
    "GameRecord",
    "HeuristicPolicy",
    "KeeperCard",
    "KeeperDeck",
    "Policy",
    "RandomPolicy",
    "play_game",
]

_HEURISTIC = HeuristicPolicy()


def play_game(
    deck_a: KeeperDeck,
    deck_b: KeeperDeck,
    seed: int,
    *,
    policies: tuple[Policy, Policy] | None = None,
    record_log: bool = False,
) -> GameRecord:
    """Play one whole game between two 40-card decks; deterministic in `seed`.

    `policies` are deck A's and deck B's players (the HeuristicPolicy for both by default);
    `record_log=True` keeps a JSON-able event log in the record, for a replay.
    """
    players = policies if policies is not None else (_HEURISTIC, _HEURISTIC)
    return Game(deck_a, deck_b, seed, players, record_log).play()
