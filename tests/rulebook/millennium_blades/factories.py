"""Plain Millennium Blades cards and decks for the rules tests: no database needed."""

from rulebook.core.cards import CardInfo, Deck, Entry, FormatInfo
from rulebook.millennium_blades.cards import ACCESSORY, DECK_BOX, SINGLE

STANDARD = FormatInfo(slug="standard", name="Standard", ruleset="millennium-blades")

SINGLES = [
    CardInfo(f"single-{n}", f"Single {n}", SINGLE, attributes={"stars": n % 6}) for n in range(12)
]
DECK_BOXES = [CardInfo(f"deck-box-{n}", f"Deck Box {n}", DECK_BOX) for n in range(3)]
ACCESSORIES = [CardInfo(f"accessory-{n}", f"Accessory {n}", ACCESSORY) for n in range(4)]


def deck(singles=(), deck_box=(), accessories=()) -> Deck:
    """A deck from (card, quantity) pairs per section."""
    return Deck(
        game="millennium-blades",
        sections={
            "singles": tuple(Entry(card, qty) for card, qty in singles),
            "deck_box": tuple(Entry(card, qty) for card, qty in deck_box),
            "accessories": tuple(Entry(card, qty) for card, qty in accessories),
        },
    )


def legal_deck() -> Deck:
    return deck(
        singles=[(card, 1) for card in SINGLES[:8]],
        deck_box=[(DECK_BOXES[0], 1)],
        accessories=[(card, 1) for card in ACCESSORIES[:2]],
    )
