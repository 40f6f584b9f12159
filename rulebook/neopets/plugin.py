"""Neopets Battledome as the service knows it: its one registration (rulebook.registry)."""

from pathlib import Path

from rulebook.opening_hands import HandRule
from rulebook.plugin import SHIPPED_SAMPLE_CARDS, GamePlugin

from .cards import GAME
from .charts import deck_charts
from .construction import NeopetsRuleset
from .effects import unsupported_effects
from .simulation import ENGINE

PLUGIN = GamePlugin(
    spec=GAME,
    ruleset=NeopetsRuleset,
    engine=ENGINE,
    sample_cards=SHIPPED_SAMPLE_CARDS / "neopets.json",
    sample_decks=Path(__file__).resolve().parent / "sample_decks",
    # Comprehensive rules, Setting Up the Game: 5 cards, at most one mulligan; 1 a Draw Phase.
    hand_rule=HandRule(
        "main", 5, "Setting Up the Game", max_mulligans=1, draw_rule="5.2 Draw Phase"
    ),
    deck_charts=deck_charts,
    unsupported_effects=unsupported_effects,
)
