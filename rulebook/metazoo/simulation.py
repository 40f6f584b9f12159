"""The MetaZoo engine as the simulation framework plays it (rulebook.simulation.engines): its
Spellbooks prepared once per chunk, its games played to an Outcome (rulebook.core.outcome)."""

from __future__ import annotations

from rulebook.metazoo.engine import MetaZooDeck, play_game

prepare = MetaZooDeck.from_deck
play = play_game
