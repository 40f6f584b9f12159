"""The Neopets sample decks, resolved against the sample cards without a database.

For benchmarks and for checking a job against an in-process run of the same games. Every card
and deck here is Deckwarden sample data, not a real product.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from rules.core.cardfile import MemoryPool, read_cards
from rules.core.cards import Deck
from rules.core.decklist import parse_decklist
from rules.core.resolve import EntryRef
from rules.core.validate import resolve_and_check, standard_format
from rules.neopets.cards import GAME

ROOT = Path(__file__).resolve().parents[2]
SAMPLE_CARDS = ROOT / "cards" / "sample_data" / "neopets.json"
SAMPLE_DECKS = ROOT / "rules" / "neopets" / "sample_decks"


def sample_deck_text(name: str) -> str:
    """The decklist of sample deck `name` (e.g. `strong` or `weak`)."""
    return (SAMPLE_DECKS / f"{name}.txt").read_text()


def sample_deck_entries(name: str) -> list[EntryRef]:
    parsed = parse_decklist(sample_deck_text(name), GAME)
    if parsed.problems:
        raise ValueError(f"sample deck {name} has unreadable lines: {parsed.problems}")
    return parsed.entries


@cache
def _pool() -> MemoryPool:
    return MemoryPool(read_cards(json.loads(SAMPLE_CARDS.read_text())), GAME)


def sample_deck(name: str) -> Deck:
    """Sample deck `name`, resolved; ValueError if it is not legal."""
    deck, report = resolve_and_check(
        GAME, sample_deck_entries(name), _pool(), standard_format(GAME)
    )
    if not report.legal:
        raise ValueError(f"sample deck {name} is not legal: {report.as_dict()['errors']}")
    return deck
