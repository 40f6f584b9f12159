"""The Neopets Battledome game engine: plain Python, no Django.

deck = EngineDeck.from_deck(resolved_core_deck)       # once per deck
record = play_game(deck_a, deck_b, seed=7)            # a GameRecord; same seed, same game
"""

from __future__ import annotations

from .cards import EngineCard, EngineDeck
from .game import TURN_CAP, Game
from .policy import HeuristicPolicy, RandomPolicy
from .record import GameRecord
from .state import Policy

__all__ = [
    "TURN_CAP",
    "EngineCard",
    "EngineDeck",
    "GameRecord",
    "HeuristicPolicy",
    "Policy",
    "RandomPolicy",
    "play_game",
]

_HEURISTIC = HeuristicPolicy()


def play_game(
    deck_a: EngineDeck,
    deck_b: EngineDeck,
    seed: int,
    *,
    policies: tuple[Policy, Policy] | None = None,
    record_log: bool = False,
) -> GameRecord:
    """Play one whole game (best of three rounds) between two decks; deterministic in `seed`.

    `policies` are deck A's and deck B's players (the HeuristicPolicy for both by default);
    `record_log=True` keeps a JSON-able event log in the record, for a replay.
    """
    players = policies if policies is not None else (_HEURISTIC, _HEURISTIC)
    return Game(deck_a, deck_b, seed, players, record_log).play()
