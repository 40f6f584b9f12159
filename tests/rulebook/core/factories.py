"""Invented Neopets cards (plainly test data) and a legal deck built from them."""

from __future__ import annotations

from rulebook.cardfile import MemoryPool
from rulebook.core.cards import CardInfo
from rulebook.core.resolve import EntryRef
from rulebook.neopets.cards import GAME
from rulebook.validate import standard_format

_next_id = iter(range(1, 10_000))


def card(name: str, card_type: str, **attributes: object) -> CardInfo:
    return CardInfo(
        key=name.lower().replace(" ", "-"),
        name=name,
        type=card_type,
        attributes=attributes,
        id=next(_next_id),
    )


def neopet(colour: str, species: str) -> CardInfo:
    stats = {"hp": 8, "attack": 3, "defence": 3, "agility": 3}
    return card(f"{colour} {species}", "Neopet", species=species, color=colour.lower(), **stats)


RAINBOW_STATS = {"hp": 9, "attack": 4, "defence": 3, "agility": 3}


def painted(brush: str, species: str) -> CardInfo:
    return card(
        f"{brush} {species}",
        "Rainbow Pool Neopet",
        species=species,
        paint_brush=brush,
        **RAINBOW_STATS,
    )


NEOPETS = [neopet("Red", "Kau"), neopet("Blue", "Acara"), neopet("Green", "Poogle")]
SECOND_KAU = neopet("Blue", "Kau")
EXTRA_NEOPETS = [neopet("Yellow", "Korbat"), neopet("Red", "Shoyru"), neopet("Blue", "Grarrl")]
RAINBOW = [painted("Fire Paint Brush", "Kau"), painted("Fire Paint Brush", "Acara")]
LAB_RAY_ACARA = card(
    "Lab Ray Acara", "Rainbow Pool Neopet", species="Acara", location="Lab Ray", **RAINBOW_STATS
)
CODESTONES = [card(f"Test Codestone {n}", "Codestone", stat_boost={"attack": 1}) for n in range(4)]
FIRE_BRUSH = card("Fire Paint Brush", "Paint Brush", level=1)
SHADOW_BRUSH = card("Shadow Paint Brush", "Paint Brush", level=1)
FAERIE = card("Test Faerie", "Faerie", level=2)
HERO = card("Test Hero", "Hero", level=2, team="Test Team")
VILLAIN = card("Test Villain", "Villain", level=2, team="Test Team")
LOCATION = card("Test Location", "Location", level=1)
RAINBOW_LOCATION = card("Test Pool Location", "Location", begins_in_rainbow_pool=True)
MAP_PIECE = card("Test Location Map Piece", "Map Piece", map_location="Test Location")
STRAY_MAP_PIECE = card("Lost Map Piece", "Map Piece", map_location="Nowhere")
TWO_OF = {
    "Equipment": [card(f"Test Sword {n}", "Equipment", level=1) for n in range(3)],
    "Food": [card(f"Test Food {n}", "Food") for n in range(3)],
    "Legend": [card(f"Test Legend {n}", "Legend", level=3) for n in range(2)],
    "Potion": [card(f"Test Potion {n}", "Potion", level=2) for n in range(2)],
}
FOOD_CARD = TWO_OF["Food"][0]
ALL_CARDS = [
    *NEOPETS,
    SECOND_KAU,
    *EXTRA_NEOPETS,
    *RAINBOW,
    LAB_RAY_ACARA,
    *CODESTONES,
    FIRE_BRUSH,
    SHADOW_BRUSH,
    FAERIE,
    HERO,
    VILLAIN,
    LOCATION,
    RAINBOW_LOCATION,
    MAP_PIECE,
    STRAY_MAP_PIECE,
    *[c for cards in TWO_OF.values() for c in cards],
]
POOL = MemoryPool(ALL_CARDS, GAME)
STANDARD = standard_format(GAME)


def ref(section: str, card_info: CardInfo, quantity: int = 1, **extra: object) -> EntryRef:
    return EntryRef(section=section, quantity=quantity, name=card_info.name, **extra)


def legal_entries() -> list[EntryRef]:
    """A legal deck of 23 distinct cards: 3 Neopets, 2 Rainbow Pool Neopets, a 50-card Main Deck
    with 22 Codestones, Fire Paint Brushes that paint the Kau and the Acara, and one of each
    one-copy type; it draws no warnings."""
    main = [
        ref("main", CODESTONES[0], 8),
        ref("main", CODESTONES[1], 6),
        ref("main", CODESTONES[2], 4),
        ref("main", CODESTONES[3], 4),
        ref("main", FIRE_BRUSH, 2),
        ref("main", FAERIE),
        ref("main", HERO),
        ref("main", VILLAIN),
        ref("main", LOCATION, 2),
        ref("main", MAP_PIECE),
        *[ref("main", c, 2) for cards in TWO_OF.values() for c in cards],
    ]
    return [
        *[ref("neopets", pet) for pet in NEOPETS],
        *[ref("rainbow_pool", pet) for pet in RAINBOW],
        *main,
    ]
