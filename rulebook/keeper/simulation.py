"""The Keeper engine as the simulation framework plays it (rulebook.simulation.engines): its
decks prepared once per chunk, its games played to an Outcome (rulebook.core.outcome)."""

from __future__ import annotations

from rulebook.keeper.engine import KeeperDeck, play_game

prepare = KeeperDeck.from_deck
play = play_game
