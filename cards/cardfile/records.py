"""A card file after parsing: every value checked, defaults filled, keys derived."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any


@dataclass(frozen=True, slots=True)
class SetRecord:
    code: str
    name: str
    released: date | None
    is_sample: bool

    def as_data(self) -> dict[str, Any]:
        """The set as a card file holds it."""
        released = self.released.isoformat() if self.released else None
        return {
            "code": self.code,
            "name": self.name,
            "released": released,
            "sample": self.is_sample,
        }


@dataclass(frozen=True, slots=True)
class PrintingRecord:
    set_code: str
    number: str
    rarity: str
    image_url: str


@dataclass(frozen=True, slots=True)
class CardRecord:
    key: str
    name: str
    type: str
    text: str
    attributes: dict[str, Any]
    is_sample: bool
    printings: tuple[PrintingRecord, ...]
    # Says that a card sharing its name with a card of other rules is a different card.
    distinct_namesake: bool = False
    # Its position among the file's cards (`cards[3]`), so a later check can name it.
    index: int = 0

    def as_data(self) -> dict[str, Any]:
        """The card as a card file holds it (what a proposal keeps, and imports on approval)."""
        marker = {"distinct_namesake": True} if self.distinct_namesake else {}
        return {
            "key": self.key,
            "name": self.name,
            "type": self.type,
            "text": self.text,
            "attributes": self.attributes,
            "sample": self.is_sample,
            "printings": [
                {
                    "set": p.set_code,
                    "number": p.number,
                    "rarity": p.rarity,
                    "image_url": p.image_url,
                }
                for p in self.printings
            ],
            **marker,
        }


@dataclass(frozen=True)
class CardFile:
    game: str
    sets: tuple[SetRecord, ...]
    cards: tuple[CardRecord, ...]
