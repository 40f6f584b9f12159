"""The Neopets Battledome game engine: plain Python, no Django.

deck = EngineDeck.from_deck(resolved_core_deck)       # once per deck
outcome = play_game([deck_a, deck_b], seed=7)         # an Outcome; same seed, same game
"""

from __future__ import annotations

from rulebook.core.stepping import TURN_CAP, GameLoop

from .cards import EngineCard, EngineDeck
from .game import Game
from .policy import HeuristicPolicy, RandomPolicy
from .state import Policy

__all__ = [
    "TURN_CAP",
    "EngineCard",
    "EngineDeck",
    "Game",
    "HeuristicPolicy",
    "Policy",
    "RandomPolicy",
    "play_game",
]

# One game loop for every engine (rulebook.core.stepping); this engine supplies its Game.
play_game = GameLoop(Game, HeuristicPolicy())
