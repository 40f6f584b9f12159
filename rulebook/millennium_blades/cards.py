"""Millennium Blades card kinds (rules summary, "Tournament Phase")."""

from rulebook.core.game import GameSpec, Section
from rulebook.core.schema import Field
from rulebook.millennium_blades.effects import effect_problems

SINGLE = "Single"
DECK_BOX = "Deck Box"
ACCESSORY = "Accessory"

GAME = GameSpec(
    slug="millennium-blades",
    name="Millennium Blades (tournament deck)",
    rules_source="millennium-blades-rules-summary.md",
    card_types=(SINGLE, DECK_BOX, ACCESSORY),
    sections=(
        Section("singles", "Singles", ("singles", "single")),
        Section("deck_box", "Deck Box", ("deck box", "deck_box")),
        Section("accessories", "Accessories", ("accessories", "accessory")),
    ),
    attributes={
        "stars": Field("int", 0, 10, numeric=True, help="Star Rating"),
        "element": Field("str"),
        "kind": Field("str", help="the card's type line, e.g. Sword, Hero"),
        "effects": Field("json", help="the engine's structured effects", validator=effect_problems),
    },
    required_by_type={SINGLE: ("stars",)},
    stat_aliases={"stars": "stars"},
    cost_attribute="stars",  # a card sells and buys for its star value in the Aftermarket
)
