"""The Millennium Blades tournament engine (the Tournament Phase): plain Python, no Django.

deck = TournamentDeck.from_deck(resolved_core_deck)      # once per deck
outcome = play_game([deck_a, deck_b, deck_c], seed=7)   # two to five seats; same seed, same game

Every card is played from its `effects` attribute (rulebook.millennium_blades.effects); no card
has code of its own.
"""

from __future__ import annotations

from rulebook.core.stepping import TURN_CAP, GameLoop

from .cards import TournamentCard, TournamentDeck
from .game import SIMPLIFICATIONS, Game
from .policy import HeuristicPolicy, RandomPolicy
from .state import TABLEAU_SLOTS, Policy

__all__ = [
    "SIMPLIFICATIONS",
    "TABLEAU_SLOTS",
    "TURN_CAP",
    "Game",
    "HeuristicPolicy",
    "Policy",
    "RandomPolicy",
    "TournamentCard",
    "TournamentDeck",
    "play_game",
]

# One game loop for every engine (rulebook.core.stepping); this engine supplies its Game.
play_game = GameLoop(Game, HeuristicPolicy())
