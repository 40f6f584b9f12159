"""The Neopets sample decks (`<name>.txt` here), resolved against the sample cards without Django.

    deck = sample_deck("strong")           # a rulebook.core.cards.Deck, legal by construction rules
    EngineDeck.from_deck(deck)             # ready for the engine

Used by the engine's and the simulations' tests and by the benchmarks; the sample cards are those
of cards/sample_data/neopets.json (all plainly sample data).
"""

from __future__ import annotations

from pathlib import Path

from rulebook.core.cardfile import MemoryPool
from rulebook.core.cards import Deck
from rulebook.core.resolve import EntryRef
from rulebook.core.sample_decks import PROJECT_ROOT, SampleDecks
from rulebook.neopets.cards import GAME

SAMPLES = SampleDecks(GAME, Path(__file__).resolve().parent)
SAMPLE_CARDS = SAMPLES.cards_file

__all__ = ["PROJECT_ROOT", "SAMPLES", "SAMPLE_CARDS", "sample_deck", "sample_deck_entries"]


def sample_deck_names() -> list[str]:
    return SAMPLES.names()


def sample_deck_text(name: str) -> str:
    """The decklist of sample deck `name` (e.g. `strong` or `weak`)."""
    return SAMPLES.text(name)


def sample_deck_entries(name: str) -> list[EntryRef]:
    return SAMPLES.entries(name)


def sample_pool() -> MemoryPool:
    return SAMPLES.pool


def sample_deck(name: str) -> Deck:
    return SAMPLES.deck(name)
