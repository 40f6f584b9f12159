"""The Neopets engine as the simulation framework plays it (rulebook.simulation.engines): its
decks prepared once per chunk, its games played to an Outcome (rulebook.core.outcome)."""

from __future__ import annotations

from rulebook.neopets.engine import EngineDeck, play_game

prepare = EngineDeck.from_deck
play = play_game
