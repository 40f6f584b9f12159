"""The Neopets sample decks (`<name>.txt` here), resolved against the sample cards without Django.

    deck = sample_deck("strong")           # a rules.core.cards.Deck, legal by construction rules
    EngineDeck.from_deck(deck)             # ready for the engine

Used by the engine's tests and the benchmarks; the sample cards are those of
cards/sample_data/neopets.json (all plainly sample data).
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

from rules.core.cardfile import MemoryPool, read_cards
from rules.core.cards import Deck
from rules.core.decklist import parse_decklist
from rules.core.report import Report
from rules.core.resolve import resolve
from rules.neopets.cards import GAME

DECKS = Path(__file__).resolve().parent
SAMPLE_CARDS = DECKS.parents[2] / "cards" / "sample_data" / "neopets.json"


def sample_deck_names() -> list[str]:
    return sorted(path.stem for path in DECKS.glob("*.txt"))


@functools.cache
def sample_pool() -> MemoryPool:
    """The sample cards, read once."""
    return MemoryPool(read_cards(json.loads(SAMPLE_CARDS.read_text())), GAME)


def sample_deck(name: str) -> Deck:
    """A sample deck by name; ValueError names every problem if it does not resolve."""
    parsed = parse_decklist((DECKS / f"{name}.txt").read_text(), GAME)
    report = Report(game=GAME.slug, format="standard")
    deck = resolve(GAME, parsed.entries, sample_pool(), report)
    problems = [p.message for p in parsed.problems] + [i.message for i in report.errors]
    if problems:
        raise ValueError(f"sample deck {name!r}: {'; '.join(problems)}")
    return deck
