"""MetaZoo Page types and attributes (2023 rulebook, "Page Types")."""

from rulebook.core.game import GameSpec, Section
from rulebook.core.schema import Field

from .construction_grammar import (
    RESTRICTIONS,
    TOKEN_SECTIONS,
    derived_attributes,
    restriction_data_problems,
    restriction_problems,
)
from .effects import TERRAS, attacks_problems, effect_problems
from .kinds import (
    ARTIFACT,
    AURA,
    AURA_TYPES,
    BEASTIE,
    PAGE_TYPES,
    POTION,
    SPELL,
    TERRA,
    TOKEN,
)

__all__ = ["ARTIFACT", "AURA", "AURA_TYPES", "BEASTIE", "GAME", "POTION", "SPELL", "TERRA", "TOKEN"]

GAME = GameSpec(
    slug="metazoo",
    name="MetaZoo (2023 rulebook)",
    rules_source="metazoo-rulebook-2023.txt",
    card_types=PAGE_TYPES,
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
        "token_sections": Field(
            "str_list",
            choices=("spellbook", "archive"),
            help="the sections a Token's own Effect lets it be in (p. 7; read from the text)",
        ),
        "restrictions": Field(
            "json",
            help='Spellbook Restrictions as clauses, e.g. [{"not_with": ["Page name"]}, '
            '{"only_with": [], "kinds": [{"type": "beastie", "aura": "spirit"}]}, '
            '{"not_with": ["X"], "more_than": 1, "unless": ["Y"]}] (read from the text)',
            validator=restriction_data_problems,
        ),
    },
    attribute_types={
        "token_sections": (
            frozenset({TOKEN}),
            "only a Token is kept out of the Spellbook and Archive unless an Effect says "
            "otherwise (Page Types: Tokens, p. 7)",
        ),
        "basic": (
            frozenset({AURA, TERRA}),
            "only Basic Aura Pages may be in a Spellbook in any number (Page Types: Basic Aura "
            "Page, p. 6) and most Terra Pages are Basic Terra (Page Types: Terra); on any "
            "other Page it would lift its printed Spellbook Limit",
        ),
    },
    # "Artifacts have LP and can be Attacked" (Page Types: Artifacts, p. 6): an Artifact read
    # without its LP would enter the Arena at 0 and be neither a Page with LP nor one without.
    required_by_type={BEASTIE: ("aura_cost", "lp"), ARTIFACT: ("lp",)},
    stat_aliases={"lp": "lp", "limit": "spellbook_limit"},
    cost_attribute="aura_cost",  # Aura by type: shown as the cost, not one number to sort by
    # Spellbook Restrictions read from the text by a grammar, kept as reviewed data
    text_problems=restriction_problems,
    derive_attributes=derived_attributes,
    construction_fields=(RESTRICTIONS, TOKEN_SECTIONS),
)
