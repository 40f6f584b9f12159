"""The dice game's cards: one type, the Die, numbered 1 to 6."""

from rulebook.core.game import GameSpec, Section
from rulebook.core.schema import Field

DIE = "Die"

GAME = GameSpec(
    slug="dice",
    name="Dice (a toy game of the tests)",
    rules_source="tests/plugins/dice/__init__.py",
    card_types=(DIE,),
    sections=(Section("deck", "Deck", ("deck",)),),
    attributes={"value": Field("int", 1, 6, numeric=True, help="the number the card shows")},
    required_by_type={DIE: ("value",)},
    stat_aliases={"val": "value"},
    cost_attribute="value",
)
