"""The Neopets sample decks (`<name>.txt` here), resolved against the sample cards without Django.

    deck = sample_deck("strong")           # a rules.core.cards.Deck, legal by construction rules
    EngineDeck.from_deck(deck)             # ready for the engine

Used by the engine's and the simulations' tests and by the benchmarks; the sample cards are those
of cards/sample_data/neopets.json (all plainly sample data).
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

from rules.core.cardfile import MemoryPool, read_cards
from rules.core.cards import Deck
from rules.core.decklist import parse_decklist
from rules.core.resolve import EntryRef
from rules.core.validate import resolve_and_check, standard_format
from rules.neopets.cards import GAME

DECKS = Path(__file__).resolve().parent
PROJECT_ROOT = DECKS.parents[2]
SAMPLE_CARDS = PROJECT_ROOT / "cards" / "sample_data" / "neopets.json"


def sample_deck_names() -> list[str]:
    return sorted(path.stem for path in DECKS.glob("*.txt"))


def sample_deck_text(name: str) -> str:
    """The decklist of sample deck `name` (e.g. `strong` or `weak`)."""
    return (DECKS / f"{name}.txt").read_text()


def sample_deck_entries(name: str) -> list[EntryRef]:
    """The decklist's entries; ValueError names every line that cannot be read."""
    parsed = parse_decklist(sample_deck_text(name), GAME)
    if parsed.problems:
        lines = "; ".join(f"line {p.line}: {p.message}" for p in parsed.problems)
        raise ValueError(f"sample deck {name!r} has unreadable lines: {lines}")
    return parsed.entries


@functools.cache
def sample_pool() -> MemoryPool:
    """The sample cards, read once."""
    return MemoryPool(read_cards(json.loads(SAMPLE_CARDS.read_text())), GAME)


def sample_deck(name: str) -> Deck:
    """A sample deck by name; ValueError names every problem if it is not a legal deck."""
    deck, report = resolve_and_check(
        GAME, sample_deck_entries(name), sample_pool(), standard_format(GAME)
    )
    if not report.legal:
        raise ValueError(f"sample deck {name!r}: {'; '.join(i.message for i in report.errors)}")
    return deck
