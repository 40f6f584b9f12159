"""What the doctor counts: for each candidate swap, its games paired with the deck's own games
on the same seeds. Integer counts only, so chunks merge exactly in any order."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rulebook.core.outcome import Outcome

from ..paired import PAIR_KINDS
from ..stats import Mergeable
from ..wilson import paired_difference_interval


@dataclass
class SwapTally:
    """One swap's pairs (the swapped deck's game and the deck's own on one seed): how seat 0
    ended in each (won both, only swapped, only as it is, neither: PAIR_KINDS) and the sum of
    its placements each way, for a table's mean placement. Seat 0 wins a game it places first
    alone, as in every test game."""

    pairs: Counter[str] = field(default_factory=Counter)
    placement_with: int = 0
    placement_without: int = 0

    def add(self, swapped: Outcome, unswapped: Outcome) -> None:
        won = (swapped.winner == 0, unswapped.winner == 0)
        self.pairs[PAIR_KINDS[(not won[0]) * 2 + (not won[1])]] += 1
        self.placement_with += swapped.placements[0]
        self.placement_without += unswapped.placements[0]

    @property
    def games(self) -> int:
        return sum(self.pairs.values())

    @property
    def delta(self) -> float:
        """The change in seat 0's win rate the swap makes, over these pairs."""
        games = self.games
        return (self.pairs["with_only"] - self.pairs["without_only"]) / games if games else 0.0

    def interval(self, z: float) -> tuple[float, float] | None:
        """Tango's paired interval for the change, at the normal quantile z."""
        both, with_only, without_only, neither = (self.pairs[kind] for kind in PAIR_KINDS)
        return paired_difference_interval(both, with_only, without_only, neither, z=z)

    def merge(self, other: SwapTally) -> SwapTally:
        return SwapTally(
            self.pairs + other.pairs,
            self.placement_with + other.placement_with,
            self.placement_without + other.placement_without,
        )

    def as_json(self) -> dict[str, Any]:
        return {
            "pairs": {kind: self.pairs[kind] for kind in PAIR_KINDS},
            "placement_with": self.placement_with,
            "placement_without": self.placement_without,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SwapTally:
        return cls(Counter(data["pairs"]), data["placement_with"], data["placement_without"])


@dataclass
class DoctorStats(Mergeable):
    """Some of a doctor job's games: each candidate's tally (by its index among the job's
    swaps), the games played (the deck's own included) and the engine's simplifications met."""

    tallies: dict[int, SwapTally] = field(default_factory=dict)
    games: int = 0
    simplifications: set[str] = field(default_factory=set)

    def tally(self, candidate: int) -> SwapTally:
        return self.tallies.get(candidate) or SwapTally()

    def merge(self, other: DoctorStats) -> DoctorStats:
        tallies = dict(self.tallies)
        for index, tally in other.tallies.items():
            tallies[index] = tallies[index].merge(tally) if index in tallies else tally
        return DoctorStats(
            tallies, self.games + other.games, self.simplifications | other.simplifications
        )

    def as_json(self) -> dict[str, Any]:
        return {
            "tallies": {str(i): self.tallies[i].as_json() for i in sorted(self.tallies)},
            "games": self.games,
            "simplifications": sorted(self.simplifications),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DoctorStats:
        return cls(
            {int(i): SwapTally.from_json(t) for i, t in data["tallies"].items()},
            data["games"],
            set(data["simplifications"]),
        )
