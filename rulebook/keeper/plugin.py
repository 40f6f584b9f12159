"""Keeper of the Cards as the service knows it: its one registration (rulebook.registry)."""

from pathlib import Path

from rulebook.opening_hands import HandRule
from rulebook.plugin import SHIPPED_SAMPLE_CARDS, GamePlugin

from .cards import GAME
from .charts import deck_charts
from .construction import KeeperRuleset
from .simulation import ENGINE

PLUGIN = GamePlugin(
    spec=GAME,
    ruleset=KeeperRuleset,
    engine=ENGINE,
    sample_cards=SHIPPED_SAMPLE_CARDS / "keeper.json",
    sample_decks=Path(__file__).resolve().parent / "sample_decks",
    # 11th-edition rulebook, before each game: 10 reserves set aside, 5 drawn from the 30 left;
    # Turn Order: up to 2 drawn each Resource Phase, the starting player only 1 on turn one.
    hand_rule=HandRule(
        "deck",
        5,
        "Deck Construction: before each game",
        0,
        reserves=10,
        draws_per_turn=2,
        first_turn_draws=1,
        draw_rule="Turn Order: Resource Phase",
    ),
    deck_charts=deck_charts,
)
