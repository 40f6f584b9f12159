"""The Neopets engine as the simulation framework plays it (rulebook.simulation.engines).

The engine's GameRecord is read into the framework's outcome here, so the engine itself stays
free to change its internals (and the framework names no game).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rulebook.neopets.engine import EngineDeck, GameRecord, play_game

NO_DAMAGE_COUNTS: tuple[dict[str, int], dict[str, int]] = ({}, {})


@dataclass(frozen=True, slots=True)
class NeopetsOutcome:
    """A GameRecord in the framework's terms (rulebook.simulation.stats.GameOutcome)."""

    record: GameRecord

    def __getattr__(self, name: str) -> Any:
        return getattr(self.record, name)

    @property
    def card_damage(self) -> tuple[dict[str, int], dict[str, int]]:
        return NO_DAMAGE_COUNTS  # the engine does not count damage per card

    @property
    def drawn(self) -> None:
        return None  # nor which cards were drawn

    @property
    def opening(self) -> tuple[dict[str, bool], dict[str, bool]]:
        record = self.record
        return (
            {"codestone": record.opening_codestone[0], "mulligan": record.mulligan[0]},
            {"codestone": record.opening_codestone[1], "mulligan": record.mulligan[1]},
        )


prepare = EngineDeck.from_deck


def play(
    deck_a: EngineDeck, deck_b: EngineDeck, seed: int, *, record_log: bool = False
) -> NeopetsOutcome:
    """One whole Neopets game (best of three rounds), deterministic in `seed`."""
    return NeopetsOutcome(play_game(deck_a, deck_b, seed, record_log=record_log))
