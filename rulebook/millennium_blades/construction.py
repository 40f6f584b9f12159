"""Millennium Blades tournament deck construction (rules summary, "Tournament Phase").

"A 'legal' Tournament Deck is up to eight Singles, up to one Deck Box, and up to two
Accessories", and from the Deckbuilding Phase: "You may only have one copy of any card in your
deck!". Each section holds only its own kind of card: Singles stay in hand, the Deck Box and the
Accessories are set out on the tournament board (Tournament Phase, Setup 3).
"""

from __future__ import annotations

from collections.abc import Mapping

from rulebook.core.cards import Deck, FormatInfo
from rulebook.core.codes import COMMON_CODES
from rulebook.core.report import Report
from rulebook.core.ruleset import Ruleset

from .cards import ACCESSORY, DECK_BOX, GAME, SINGLE

TOURNAMENT_DECK = "Tournament Phase: legal Tournament Deck"
ONE_COPY = "Deckbuilding Phase: one copy"
SECTION_SETUP = "Tournament Phase: Setup 3"

SINGLES = "singles"
DECK_BOX_SECTION = "deck_box"
ACCESSORIES = "accessories"


class MillenniumBladesRuleset(Ruleset):
    """The Tournament Deck's card limits and the one-copy rule; every breach is reported."""

    game = GAME
    section_types = {
        SINGLES: frozenset({SINGLE}),
        DECK_BOX_SECTION: frozenset({DECK_BOX}),
        ACCESSORIES: frozenset({ACCESSORY}),
    }
    section_rules = {
        SINGLES: SECTION_SETUP,
        DECK_BOX_SECTION: SECTION_SETUP,
        ACCESSORIES: SECTION_SETUP,
    }
    codes = {
        **COMMON_CODES,
        f"{SINGLES}.size": "More Singles than a Tournament Deck may hold.",
        f"{DECK_BOX_SECTION}.size": "More Deck Boxes than a Tournament Deck may hold.",
        f"{ACCESSORIES}.size": "More Accessories than a Tournament Deck may hold.",
    }
    # The most cards each section may hold ("up to eight Singles, up to one Deck Box, up to two
    # Accessories"); a variant format overrides this mapping in a subclass.
    section_limits: Mapping[str, int] = {SINGLES: 8, DECK_BOX_SECTION: 1, ACCESSORIES: 2}
    copy_limit = 1

    def check_construction(self, deck: Deck, fmt: FormatInfo, report: Report) -> None:
        self.check_section_sizes(deck, report)
        self.check_copies(deck, report)

    def check_section_sizes(self, deck: Deck, report: Report) -> None:
        """Tournament Phase: at most 8 Singles, 1 Deck Box, 2 Accessories."""
        for section, limit in self.section_limits.items():
            count = deck.count(section)
            if count > limit:
                report.error(
                    f"{section}.size",
                    TOURNAMENT_DECK,
                    f"{self.section_name(section)} has {count} cards; a legal Tournament Deck "
                    f"has at most {limit}. Remove {count - limit}.",
                    section=section,
                    limit=limit,
                )

    def check_copies(self, deck: Deck, report: Report) -> None:
        """Deckbuilding Phase: only one copy of any card, counted across every section."""
        for cards, copies in self.copies_by_identity(deck.all_entries()):
            card = cards[0]
            if copies > self.copy_limit:
                report.error(
                    "copies.limit",
                    ONE_COPY,
                    f"{card.name} appears {copies} times; a deck may hold only one copy of any "
                    f"card. Remove {copies - self.copy_limit}.",
                    cards=[card.name],
                    limit=self.copy_limit,
                )
