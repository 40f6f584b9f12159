"""Keeper of the Cards card types and attributes (rulebook, "Card Types and Layout")."""

from rulebook.core.game import GameSpec, Section
from rulebook.core.schema import Field

CREATURE = "Creature"
SPELL = "Spell"

GAME = GameSpec(
    slug="keeper",
    name="Keeper of the Cards (11th edition)",
    rules_source="keeper-of-the-cards-rulebook-11th.md",
    card_types=(CREATURE, SPELL),
    sections=(Section("deck", "Deck", ("deck", "main deck", "main")),),
    attributes={
        # The guide caps offense and defense ("no higher than 99"), not the cost.
        "cost": Field("int", 0, numeric=True, help="the printed resource cost"),
        "offense": Field("int", 0, 99, numeric=True),
        "defense": Field("int", 0, 99, numeric=True),
        "edition": Field("int", 1, 99, numeric=True, help="Edition Indicator; absent: none"),
    },
    required_by_type={CREATURE: ("cost", "offense", "defense"), SPELL: ("cost",)},
    stat_aliases={"atk": "offense", "def": "defense", "off": "offense"},
    cost_attribute="cost",
)
