"""The Keeper of the Cards game engine: plain Python, no Django.

deck = KeeperDeck.from_deck(resolved_core_deck)       # once per deck
outcome = play_game([deck_a, deck_b], seed=7)         # an Outcome; same seed, same game

Every card is played from its parsed components (rulebook.keeper.parser), through the component
tables of plays.py; no card has code of its own.
"""

from __future__ import annotations

from rulebook.core.stepping import TURN_CAP, GameLoop

from .cards import KeeperCard, KeeperDeck
from .game import Game
from .plays import PLAYED_KEYS
from .policy import HeuristicPolicy, RandomPolicy
from .state import Policy

__all__ = [
    "PLAYED_KEYS",
    "TURN_CAP",
    "Game",
    "HeuristicPolicy",
    "KeeperCard",
    "KeeperDeck",
    "Policy",
    "RandomPolicy",
    "play_game",
]

# One game loop for every engine (rulebook.core.stepping); this engine supplies its Game.
play_game = GameLoop(Game, HeuristicPolicy())
