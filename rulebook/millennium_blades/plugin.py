"""Millennium Blades as the service knows it: its one registration (rulebook.registry).

Its tournament decks have no opening hand (no `hand_rule`)."""

from functools import partial
from pathlib import Path

from rulebook.plugin import SHIPPED_SAMPLE_CARDS, GamePlugin

from .cards import GAME
from .charts import deck_charts
from .construction import MillenniumBladesRuleset
from .effects import unsupported_effects
from .simulation import ENGINE

PLUGIN = GamePlugin(
    spec=GAME,
    ruleset=MillenniumBladesRuleset,
    engine=ENGINE,
    sample_cards=SHIPPED_SAMPLE_CARDS / "millennium-blades.json",
    sample_decks=Path(__file__).resolve().parent / "sample_decks",
    deck_charts=deck_charts,
    # a card's effects as played from the tableau, where all of them may happen
    unsupported_effects=partial(unsupported_effects, single=True),
)
