"""MetaZoo Page types and attributes (2023 rulebook, "Page Types")."""

from rulebook.core.game import GameSpec, Section
from rulebook.core.schema import Field

from .effects import TERRAS, attacks_problems, effect_problems

# The ten Aura Types of the 2023 rulebook ("Aura Types"), plus neutral for generic costs.
AURA_TYPES = (
    "cosmic",
    "dark",
    "earth",
    "flame",
    "forest",
    "frost",
    "light",
    "lightning",
    "spirit",
    "water",
    "neutral",
)

BEASTIE = "Beastie"
SPELL = "Spell"
ARTIFACT = "Artifact"
POTION = "Potion"
AURA = "Aura"
TERRA = "Terra"
TOKEN = "Token"

GAME = GameSpec(
    slug="metazoo",
    name="MetaZoo (2023 rulebook)",
    rules_source="metazoo-rulebook-2023.txt",
    card_types=(BEASTIE, SPELL, ARTIFACT, POTION, AURA, TERRA, TOKEN),
    sections=(
        Section("spellbook", "Spellbook", ("spellbook", "main deck", "main")),
        Section("archive", "Archive", ("archive", "side deck", "sideboard")),
    ),
    attributes={
        "aura_cost": Field("int_map", 0, 20, keys=AURA_TYPES, help="Aura needed, by type"),
        "lp": Field("int", 0, 9999, numeric=True, help="Life Points"),
        # Absent means no limit (rulebook: "Pages with no Spellbook Limit listed").
        "spellbook_limit": Field("int", 1, 99, numeric=True),
        "basic": Field("bool", help="a Basic Aura or Terra: any number allowed"),
        "aura_type": Field("str", choices=AURA_TYPES),
        "tribe": Field("str"),
        "traits": Field("str_list"),
        # [{name, damage, status?, advantage?, terra?: {terra: +Damage}, effect?, effects?}]
        "attacks": Field("json", validator=attacks_problems),
        "effects": Field("json", help="the engine's structured effects", validator=effect_problems),
        "terra": Field("str", choices=TERRAS, help="the Terra Bonus a Terra Page activates"),
        "tribal_boost": Field(
            "bool", help="Tribal Boost: +10 LP and Damage per other of its Tribe"
        ),
        "restrictions": Field(
            "json",
            help='e.g. {"not_with": ["Page name"]}; clauses not_with, not_with_types, '
            "not_with_aura, only_with, only_with_types, only_with_aura (Spellbook Restrictions)",
        ),
    },
    attribute_types={
        "basic": (
            frozenset({AURA, TERRA}),
            "only Basic Aura Pages may be in a Spellbook in any number (Page Types: Basic Aura "
            "Page, p. 6) and most Terra Pages are Basic Terra (Page Types: Terra); on any "
            "other Page it would lift its printed Spellbook Limit",
        ),
    },
    required_by_type={BEASTIE: ("aura_cost", "lp")},
    stat_aliases={"lp": "lp", "limit": "spellbook_limit"},
    cost_attribute="aura_cost",  # Aura by type: shown as the cost, not one number to sort by
)
