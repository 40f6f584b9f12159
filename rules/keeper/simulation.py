"""The Keeper engine as the simulation framework plays it (rules.simulation.engines)."""

from __future__ import annotations

from rules.keeper.engine import KeeperDeck, play_game

prepare = KeeperDeck.from_deck
play = play_game
