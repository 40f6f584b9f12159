"""How one game ended, for any number of seats: a placement per seat and the game's figures.

    Outcome(placements=(1, 2), first=1, figures={"turns": 14, ...}, seats=({...}, {...}), ...)

Placements count from 1 (first); seats that tie share a placement, and the next placement
counts the seats ahead of it (three seats where two tie for first: 1, 1, 3). A two-seat draw is
(1, 1). The shared statistics (rulebook.simulation.stats) read placements and these mappings,
not any game's words:

- `figures`: the game's own figures. Each whole number is counted by the statistics (its total
  and its distribution over games: Neopets and Keeper give turns, rounds, battles and damage);
  any other value is the game's own, for its readers (Neopets' round winners).
- `seats`: each seat's figures: `plays` (card name -> times played), `card_damage` (card name ->
  damage dealt, where the game counts it), `drawn` (the names of the cards drawn, where counted)
  and `opening` (named facts of the opening hand: Neopets' "codestone" and "mulligan").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Outcome:
    """One game's end: placements, who went first, its figures, and how it was played."""

    placements: tuple[int, ...]  # per seat: 1 = first; tied seats share a placement
    first: int  # the seat that took the game's first turn
    figures: Mapping[str, Any]  # per game; whole numbers are counted (see the module)
    seats: tuple[Mapping[str, Any], ...]  # per seat: plays, card_damage, drawn, opening
    unsupported: Mapping[str, Sequence[str]]  # card name -> the parts the engine cannot play
    simplifications: Sequence[str]  # the rules the engine plays simpler than they read
    capped: bool  # stopped at the turn cap (rulebook.core.stepping), not by a rule
    log: tuple[dict[str, Any], ...] | None  # the full event log when asked for (docs/game-logs.md)

    @property
    def winner(self) -> int | None:
        """The seat placed first alone, or None (a shared first place: a draw)."""
        placements = self.placements
        if placements.count(1) != 1:
            return None
        return placements.index(1)


def placements_by_score(scores: Sequence[float]) -> tuple[int, ...]:
    """Placements from each seat's score, highest first; equal scores share a placement."""
    return tuple(1 + sum(other > score for other in scores) for score in scores)


def two_seat_placements(winner: int | None) -> tuple[int, int]:
    """A two-seat game's placements from its winner (None: a draw, both first)."""
    if winner is None:
        return (1, 1)
    return (1, 2) if winner == 0 else (2, 1)
