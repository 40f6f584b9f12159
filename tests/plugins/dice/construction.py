"""The dice game's construction rules: exactly 12 cards, at most 3 copies of one."""

from rulebook.core.cards import Deck, FormatInfo
from rulebook.core.codes import COMMON_CODES
from rulebook.core.report import Report
from rulebook.core.ruleset import Ruleset

from .cards import DIE, GAME

DECK_SIZE = 12
MAX_COPIES = 3
SIZE_CODE = "dice.deck_size"


class DiceRuleset(Ruleset):
    game = GAME
    section_types = {"deck": frozenset({DIE})}
    section_rules = {"deck": "Dice: the deck"}
    codes = {**COMMON_CODES, SIZE_CODE: "A dice deck holds exactly 12 cards."}

    def check_construction(self, deck: Deck, fmt: FormatInfo, report: Report) -> None:
        size = deck.count("deck")
        if size != DECK_SIZE:
            report.error(
                SIZE_CODE,
                "Dice: the deck",
                f"The deck has {size} cards; it must have exactly {DECK_SIZE}.",
                section="deck",
            )
        for cards, copies in self.copies_by_identity(deck.all_entries()):
            if copies > MAX_COPIES:
                report.error(
                    "copies.limit",
                    "Dice: the deck",
                    f"{cards[0].name}: {copies} copies; at most {MAX_COPIES}.",
                    cards=[cards[0].name],
                    limit=MAX_COPIES,
                )
