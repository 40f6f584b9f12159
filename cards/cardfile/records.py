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


@dataclass(frozen=True)
class CardFile:
    game: str
    sets: tuple[SetRecord, ...]
    cards: tuple[CardRecord, ...]
