"""MetaZoo as the service knows it: its one registration (rulebook.registry)."""

from pathlib import Path

from rulebook.opening_hands import HandRule
from rulebook.plugin import SHIPPED_SAMPLE_CARDS, GamePlugin

from .cards import GAME
from .charts import deck_charts
from .construction import MetaZooRuleset
from .construction_grammar import restriction_words
from .effects import unsupported_effects
from .simulation import ENGINE

PLUGIN = GamePlugin(
    spec=GAME,
    ruleset=MetaZooRuleset,
    engine=ENGINE,
    sample_cards=SHIPPED_SAMPLE_CARDS / "metazoo.json",
    sample_decks=Path(__file__).resolve().parent / "sample_decks",
    # 2023 rulebook, Playing MetaZoo: Bookmark 7, each Mulligan one fewer, as often as wished.
    hand_rule=HandRule(
        "spellbook",
        7,
        "Playing MetaZoo: Mulligan",
        max_mulligans=None,
        mulligan_shrinks=True,
        draw_rule="Turn Steps: Start of Turn",
    ),
    deck_charts=deck_charts,
    unsupported_effects=unsupported_effects,
    attribute_words=restriction_words,
)
