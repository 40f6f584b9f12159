"""Neopets Battledome deck construction, by the comprehensive rules (CR) sections 6 to 8.

Where the v1.2 rulebook differs, the CR wins (DESIGN): v1.2 lists no Location, Hero or Villain
cards and words the Rainbow Pool limit as "up to 10 unique"; the CR gives Locations 2 copies
(7.9.2), Heroes and Villains 1 (7.3.2), and ten Rainbow Pool Neopets, each unique (8.2.1, 7.2.3).

Variant formats (a later rules version, a 20-card "Petpet Battles") subclass NeopetsRuleset and
override the class attributes below; the checks read only those.
"""

from __future__ import annotations

from collections.abc import Mapping

from rulebook.core.cards import CardInfo, Deck, FormatInfo
from rulebook.core.codes import COMMON_CODES
from rulebook.core.identity import identity
from rulebook.core.report import Report
from rulebook.core.ruleset import Ruleset
from rulebook.core.wording import counted, with_article

from .cards import (
    CODESTONE,
    EQUIPMENT,
    FAERIE,
    FOOD,
    GAME,
    HERO,
    LEGEND,
    LOCATION,
    MAP_PIECE,
    NEOPET,
    PAINT_BRUSH,
    POTION,
    RAINBOW_POOL_NEOPET,
    VILLAIN,
)
from .construction_grammar import (
    ANY_NUMBER_OF_COPIES,
    BEGINS_IN_RAINBOW_POOL,
    COLLECTABLE_AS_MAP_PIECE,
)

MAIN, NEOPETS, RAINBOW_POOL = "main", "neopets", "rainbow_pool"

# 8.13.1: the card types that are "cards", the only ones a Main Deck holds. (Hero and Villain,
# absent from 8.13.1's list, are Main Deck cards by 7.3 and DESIGN.)
MAIN_DECK_TYPES = frozenset(GAME.card_types) - {NEOPET, RAINBOW_POOL_NEOPET}


def begins_in_rainbow_pool(card: CardInfo) -> bool:
    """7.9.4, 8.2.1: a card that says "This card begins the game in your Rainbow Pool" (its
    reviewed data, read from its text by construction_grammar.py when it was stored).

    A Rainbow Pool Neopet never is one: it is what the Rainbow Pool's ten count (8.2.1), so a
    flag on one (refused by the importer) is not read.
    """
    if card.type == RAINBOW_POOL_NEOPET:
        return False
    return bool(card.attributes.get(BEGINS_IN_RAINBOW_POOL))


class NeopetsRuleset(Ruleset):
    """The standard Neopets Battledome construction rules, each check citing its CR rule."""

    game = GAME
    section_types = {
        MAIN: MAIN_DECK_TYPES,
        NEOPETS: frozenset({NEOPET}),
        RAINBOW_POOL: frozenset({RAINBOW_POOL_NEOPET}),
    }
    section_rules = {MAIN: "8.13.1", NEOPETS: "8.1.1", RAINBOW_POOL: "8.2.1"}
    codes = {
        **COMMON_CODES,
        "main.size": "The Main Deck does not hold exactly its number of cards.",
        "neopets.size": "The Neopet Deck does not hold exactly its number of Neopets.",
        "neopets.species": "Two Neopets of the Neopet Deck are of one species.",
        "neopets.name": "Two Neopets of the Neopet Deck share a name.",
        "rainbow_pool.size": "The Rainbow Pool holds more cards than it may.",
        "rainbow_pool.duplicate": "A Rainbow Pool Neopet is in the Rainbow Pool more than once.",
        "codestones.none": "Warning: no Codestones, so no card with a level requirement plays.",
        "paint_brush.unmatched": "Warning: a Paint Brush no Rainbow Pool Neopet can use.",
        "map_piece.location": "Warning: a Map Piece of a Location the deck does not hold.",
    }

    main_size = 50  # 8.3.1
    neopet_deck_min = 3  # 8.1.1, 7.1.3
    neopet_deck_max = 5
    rainbow_pool_max = 10  # 8.2.1, 7.2.3
    # Copies of one card a deck may hold, by type, with the rule; a type absent has no limit
    # (Codestones: any number, 7.11.2). Neopets are limited by species and uniqueness instead.
    copy_limits: Mapping[str, tuple[int, str]] = {
        FAERIE: (1, "7.3.2"),
        HERO: (1, "7.3.2"),
        VILLAIN: (1, "7.3.2"),
        MAP_PIECE: (1, "7.10.2"),
        PAINT_BRUSH: (2, "7.4.2"),
        LEGEND: (2, "7.5.2"),
        EQUIPMENT: (2, "7.6.2"),
        POTION: (2, "7.7.2"),
        FOOD: (2, "7.8.2"),
        LOCATION: (2, "7.9.2"),
    }

    def section_problem(self, section: str, card: CardInfo) -> tuple[str, str] | None:
        if section == RAINBOW_POOL and begins_in_rainbow_pool(card):
            return None  # 8.2.1: it may hold cards that begin the game there
        if section == MAIN and card.type in (NEOPET, RAINBOW_POOL_NEOPET):
            return "8.13.2", (
                f"{card.name} is {with_article(card.type)}, which is not a card (8.13.2) and "
                f"never goes in the Main Deck; move it to the "
                f"{'Neopet Deck' if card.type == NEOPET else 'Rainbow Pool'}."
            )
        if section == RAINBOW_POOL:  # 8.2.1, for any other card
            return "8.2.1", (
                f"{card.name} is {with_article(card.type)}; the Rainbow Pool holds only Rainbow "
                f"Pool Neopets and cards that begin the game there (8.2.1). Move it or remove it."
            )
        return super().section_problem(section, card)

    def counts_toward(self, section: str, card: CardInfo) -> bool:
        """8.2.1, 7.9.4: cards that begin the game in the Rainbow Pool are not counted."""
        return not (section == RAINBOW_POOL and begins_in_rainbow_pool(card))

    def check_construction(self, deck: Deck, fmt: FormatInfo, report: Report) -> None:
        self.check_main_size(deck, report)
        self.check_copy_limits(deck, report)
        self.check_neopet_deck(deck, report)
        self.check_rainbow_pool(deck, report)
        self.warn_unplayable(deck, report)

    def check_main_size(self, deck: Deck, report: Report) -> None:
        """8.3.1: the Main Deck holds exactly `main_size` cards."""
        count = deck.count(MAIN)
        if count != self.main_size:
            change = (
                f"add {self.main_size - count}"
                if count < self.main_size
                else f"remove {count - self.main_size}"
            )
            report.error(
                "main.size",
                "8.3.1",
                f"Main Deck has {counted(count, 'card')}; it must have exactly {self.main_size}: "
                f"{change}.",
                section=MAIN,
            )

    def check_copy_limits(self, deck: Deck, report: Report) -> None:
        """7.3.2-7.10.2: copies of one card across the deck, by its type; 6.7.2: every printing
        (and every key the same card is stored under) is that one card."""
        for cards, copies in self.copies_by_identity(deck.all_entries()):
            if copies == 1:
                continue  # within every limit (the lowest is one copy)
            card = cards[0]
            limit = self.copy_limit(card)
            if limit is None or copies <= limit[0]:
                continue
            allowed, rule = limit
            report.error(
                "copies.limit",
                rule,
                f"{card.name} is {with_article(card.type)}; a deck may hold {allowed} "
                f"{'copy' if allowed == 1 else 'copies'} of it ({rule}), not {copies}: remove "
                f"{copies - allowed}.",
                cards=[card.name],
                limit=allowed,
            )

    def copy_limit(self, card: CardInfo) -> tuple[int, str] | None:
        """(copies a deck may hold, the rule) for the card, or None for any number. Its text
        rules over its type (Golden Rules), as its reviewed data records it: a text allowing any
        number of copies lifts the type's limit (7.11.2), and one that lets it be collected as a
        Map Piece (7.10.1) makes it a Map Piece, one copy (7.10.2)."""
        attributes = card.attributes
        if attributes.get(ANY_NUMBER_OF_COPIES):
            return None
        if attributes.get(COLLECTABLE_AS_MAP_PIECE):
            return self.copy_limits[MAP_PIECE]
        return self.copy_limits.get(card.type)

    def check_neopet_deck(self, deck: Deck, report: Report) -> None:
        """8.1.1: 3 to 5 base Neopets; 7.1.3, 7.1.1: one of each species, all names different."""
        count = deck.count(NEOPETS)
        if not self.neopet_deck_min <= count <= self.neopet_deck_max:
            report.error(
                "neopets.size",
                "8.1.1",
                f"Neopet Deck has {counted(count, 'Neopet')}; it must have "
                f"{self.neopet_deck_min} to {self.neopet_deck_max}: "
                + (
                    f"add {self.neopet_deck_min - count}."
                    if count < self.neopet_deck_min
                    else f"remove {count - self.neopet_deck_max}."
                ),
                section=NEOPETS,
            )
        by_species: dict[str, list[str]] = {}
        species_by_name: dict[str, set[str]] = {}
        for entry in deck.entries(NEOPETS):
            if entry.card.type != NEOPET:
                continue  # reported as card.section
            species = identity(str(entry.card.attributes.get("species") or entry.card.name))
            by_species.setdefault(species, []).extend([entry.card.name] * entry.quantity)
            species_by_name.setdefault(identity(entry.card.name), set()).add(species)
        self.check_neopet_names(species_by_name, deck, report)
        for names in by_species.values():
            if len(names) > 1:
                report.error(
                    "neopets.species",
                    "7.1.3",
                    f"{' and '.join(sorted(set(names)))}: the Neopet Deck holds {len(names)} "
                    f"Neopets of one species; keep one of them (7.1.3: different species and "
                    f"names; 7.1.1: every colour of a species is that species).",
                    section=NEOPETS,
                    cards=sorted(set(names)),
                )

    def check_neopet_names(
        self, species_by_name: dict[str, set[str]], deck: Deck, report: Report
    ) -> None:
        """Deck Construction (CR and v1.2): the Neopet Deck's Neopets are "of different species
        (all five must have a different name)", so two Neopets of different species sharing a
        name are refused too (one species twice is neopets.species)."""
        for folded, species in species_by_name.items():
            if len(species) < 2:
                continue
            names = sorted(
                {e.card.name for e in deck.entries(NEOPETS) if identity(e.card.name) == folded}
            )
            report.error(
                "neopets.name",
                "7.1.3",
                f"The Neopet Deck holds {len(species)} Neopets named {names[0]}; all of them "
                f'must have different names (Deck Construction: "all five must have a '
                f'different name"; 7.1.3): keep one of them.',
                section=NEOPETS,
                cards=names,
            )

    def check_rainbow_pool(self, deck: Deck, report: Report) -> None:
        """8.2.1, 7.2.3: at most ten Rainbow Pool Neopets, each unique (6.7.2: whatever key or
        printing names it); cards that begin the game there (7.9.4) are not counted."""
        pool = deck.entries(RAINBOW_POOL)  # those that begin the game there are set aside
        for cards, copies in self.copies_by_identity(pool):
            if copies > 1 and cards[0].type == RAINBOW_POOL_NEOPET:
                report.error(
                    "rainbow_pool.duplicate",
                    "7.2.3",
                    f"{cards[0].name} is in the Rainbow Pool {copies} times; each "
                    f"Rainbow Pool Neopet may be there once (7.2.3): remove {copies - 1}.",
                    section=RAINBOW_POOL,
                    cards=[cards[0].name],
                )
        counted = sum(entry.quantity for entry in pool) + deck.unresolved.get(RAINBOW_POOL, 0)
        if counted > self.rainbow_pool_max:
            report.error(
                "rainbow_pool.size",
                "8.2.1",
                f"Rainbow Pool has {counted} Rainbow Pool Neopets; it may have at most "
                f"{self.rainbow_pool_max} (cards that begin the game there do not count, "
                f"7.9.4): remove {counted - self.rainbow_pool_max}.",
                section=RAINBOW_POOL,
            )

    def warn_unplayable(self, deck: Deck, report: Report) -> None:
        """Legal but likely mistakes: unplayable brushes, lost Map Pieces, no Codestones."""
        codestones = 0
        brushes: list[CardInfo] = []
        map_pieces: list[CardInfo] = []
        for entry in deck.entries(MAIN):
            card_type = entry.card.type
            if card_type == CODESTONE:
                codestones += entry.quantity
            elif card_type == PAINT_BRUSH:
                brushes.append(entry.card)
            elif card_type == MAP_PIECE:
                map_pieces.append(entry.card)
        if brushes:
            self.warn_unmatched_brushes(deck, brushes, report)
        if map_pieces:
            self.warn_lost_map_pieces(deck, map_pieces, report)
        if codestones == 0 and deck.count(MAIN):
            report.warn(
                "codestones.none",
                "7.11.2",
                "The Main Deck has no Codestones, so no card with a level requirement can be "
                "played (6.4.2, 7.11.4); add Codestones.",
                section=MAIN,
            )

    def warn_unmatched_brushes(self, deck: Deck, brushes: list[CardInfo], report: Report) -> None:
        """7.4.7: a brush paints the active Neopet only into a matching Rainbow Pool Neopet, one
        whose species is in the Neopet Deck and whose `paint_brush` is the brush."""
        species = {_folded(entry.card, "species") for entry in deck.entries(NEOPETS)}
        served = {
            _folded(entry.card, "paint_brush")
            for entry in deck.entries(RAINBOW_POOL)
            if _folded(entry.card, "species") in species
        }
        for brush in brushes:
            if identity(brush.name) not in served:
                report.warn(
                    "paint_brush.unmatched",
                    "7.4.7",
                    f"{brush.name} can never be played: no Rainbow Pool Neopet painted with it "
                    f"matches a Neopet in the Neopet Deck (7.4.7). Add one to the Rainbow Pool "
                    f"or remove the brush.",
                    section=MAIN,
                    cards=[brush.name],
                )

    def warn_lost_map_pieces(self, deck: Deck, map_pieces: list[CardInfo], report: Report) -> None:
        """7.10.2: Map Pieces are "needed to play a Location"; without it they do nothing."""
        locations = {
            identity(entry.card.name) for entry in deck.all_entries() if entry.card.type == LOCATION
        }
        for piece in map_pieces:
            if _folded(piece, "map_location") not in locations:
                report.warn(
                    "map_piece.location",
                    "7.10.2",
                    f"{piece.name} is a Map Piece of {piece.attributes.get('map_location')}, "
                    f"which is not in the deck; add that Location or remove the Map Piece.",
                    section=MAIN,
                    cards=[piece.name],
                )


def _folded(card: CardInfo, attribute: str) -> str:
    """A card's text attribute, compared as names are (rulebook.core.identity)."""
    return identity(str(card.attributes.get(attribute, "")))
