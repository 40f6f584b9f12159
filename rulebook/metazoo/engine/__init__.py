"""The MetaZoo game engine (2023 rulebook): plain Python, no Django.

deck = MetaZooDeck.from_deck(resolved_core_deck)       # once per Spellbook
outcome = play_game([deck_a, deck_b], seed=7)          # an Outcome; same seed, same game

Every Page is played from its attributes (Aura Cost, LP, Attacks, Traits, Tribe, Terra) and its
`effects` (rulebook.metazoo.effects); no Page has code of its own.
"""

from __future__ import annotations

from rulebook.core.stepping import TURN_CAP, GameLoop

from .cards import MetaZooDeck, PageCard
from .game import SIMPLIFICATIONS, Game
from .policy import HeuristicPolicy, RandomPolicy
from .state import Policy

__all__ = [
    "SIMPLIFICATIONS",
    "TURN_CAP",
    "Game",
    "HeuristicPolicy",
    "MetaZooDeck",
    "PageCard",
    "Policy",
    "RandomPolicy",
    "play_game",
]

# One game loop for every engine (rulebook.core.stepping); this engine supplies its Game.
play_game = GameLoop(Game, HeuristicPolicy())
