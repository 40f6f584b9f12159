"""Neopets Battledome card types and attributes (CR section 6 and 7)."""

from rulebook.core.game import GameSpec, Section
from rulebook.core.schema import Field
from rulebook.neopets.construction_grammar import (
    FIELDS,
    construction_problems,
    derived_attributes,
)
from rulebook.neopets.effects import effect_problems

NEOPET = "Neopet"
RAINBOW_POOL_NEOPET = "Rainbow Pool Neopet"
CODESTONE = "Codestone"
EQUIPMENT = "Equipment"
FOOD = "Food"
FAERIE = "Faerie"
HERO = "Hero"
VILLAIN = "Villain"
LEGEND = "Legend"
PAINT_BRUSH = "Paint Brush"
POTION = "Potion"
LOCATION = "Location"
MAP_PIECE = "Map Piece"

STATS = ("hp", "attack", "defence", "agility")
_NEOPET_STATS = ("species", "hp", "attack", "defence", "agility")

# 8.13.1-8.13.2: every type but the two Neopet types is a "card" of the Main Deck.
_MAIN_DECK_TYPES = (
    CODESTONE,
    EQUIPMENT,
    FOOD,
    FAERIE,
    HERO,
    VILLAIN,
    LEGEND,
    PAINT_BRUSH,
    POTION,
    LOCATION,
    MAP_PIECE,
)

GAME = GameSpec(
    slug="neopets",
    name="Neopets Battledome TCG",
    rules_source="neopets-battledome-comprehensive-rules.txt",
    card_types=(NEOPET, RAINBOW_POOL_NEOPET, *_MAIN_DECK_TYPES),
    sections=(
        Section("main", "Main Deck", ("main deck", "main", "deck")),
        Section("neopets", "Neopet Deck", ("neopets", "neopet deck", "neopet")),
        Section("rainbow_pool", "Rainbow Pool", ("rainbow pool", "rainbow_pool")),
    ),
    attributes={
        # 6.4.2: absent means no level requirement, which is not a requirement of 0.
        "level": Field("int", 0, 5, numeric=True, help="level requirement (Codestones needed)"),
        "species": Field("str"),
        "color": Field("str"),
        "hp": Field("int", 1, 99, numeric=True),
        "attack": Field("int", 0, 10, numeric=True),
        "defence": Field("int", 0, 10, numeric=True),
        "agility": Field("int", 0, 10, numeric=True),
        "paint_brush": Field("str", help="the Paint Brush a Rainbow Pool Neopet needs"),
        "location": Field("str", help="the Location a Lab Ray Rainbow Pool Neopet needs"),
        # Construction data its text states, read by its grammar (construction_grammar.py)
        "begins_in_rainbow_pool": Field("bool", help="begins the game in the Rainbow Pool"),
        "collectable_as_map_piece": Field("bool", help="can be collected as a Map Piece"),
        "any_number_of_copies": Field("bool", help="a deck may hold any number of copies"),
        "team": Field("str"),
        "stat_boost": Field("int_map", 0, 10, keys=STATS),
        "map_location": Field("str", help="the Location a Map Piece belongs to"),
        "effects": Field("json", help="the engine's structured effects", validator=effect_problems),
    },
    attribute_types={
        "begins_in_rainbow_pool": (
            frozenset(_MAIN_DECK_TYPES),
            "cards that begin the game in the Rainbow Pool are Main Deck cards (7.9.4); a "
            "Rainbow Pool Neopet is one of the Rainbow Pool's ten, each unique (8.2.1, 7.2.3)",
        ),
    },
    required_by_type={
        NEOPET: _NEOPET_STATS,
        RAINBOW_POOL_NEOPET: _NEOPET_STATS,
        CODESTONE: ("stat_boost",),
        MAP_PIECE: ("map_location",),
    },
    # card text takes precedence (Golden Rules), kept as reviewed data (construction_grammar.py)
    text_problems=construction_problems,
    derive_attributes=derived_attributes,
    construction_fields=FIELDS,
    stat_aliases={
        "lvl": "level",
        "hp": "hp",
        "atk": "attack",
        "def": "defence",
        "agi": "agility",
    },
    cost_attribute="level",  # the level requirement: Codestones needed to play it
)
