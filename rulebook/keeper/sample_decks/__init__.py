"""The Keeper of the Cards sample decks (`<name>.txt` here, 40 cards each), built from the sample
cards of cards/sample_data/keeper.json (all plainly sample data), without Django.

    deck = SAMPLES.deck("aggro")           # a rulebook.core.cards.Deck, legal by construction rules
    KeeperDeck.from_deck(deck)             # ready for the engine
"""

from __future__ import annotations

from pathlib import Path

from rulebook.core.sample_decks import SampleDecks
from rulebook.keeper.cards import GAME

SAMPLES = SampleDecks(GAME, Path(__file__).resolve().parent)
