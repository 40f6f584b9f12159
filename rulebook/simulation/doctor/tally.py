"""What the doctor counts: for each candidate swap, its games paired with the deck's own games
on the same seeds. Integer counts only, so chunks merge exactly in any order."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rulebook.core.outcome import Outcome

from ..paired import PAIR_KINDS
from ..seeds import MAX_SEED, game_seed
from ..stats import Mergeable
from ..wilson import paired_difference_interval


@dataclass
class SwapTally:
    """One swap's pairs (the swapped deck's game and the deck's own on one seed): how seat 0
    ended in each (won both, only swapped, only as it is, neither: PAIR_KINDS) and the sum of
    its placements each way, for a table's mean placement. Seat 0 wins a game it places first
    alone, as in every test game.

    `trace` is a sum of one hash a game (of its number and how the swapped deck ended), so two
    swaps with the same trace over the same games ended every game alike: equivalent cards,
    grouped rather than raced against each other (halving.alike_groups). A sum, so chunks still
    merge exactly in any order."""

    pairs: Counter[str] = field(default_factory=Counter)
    placement_with: int = 0
    placement_without: int = 0
    trace: int = 0

    def add(self, swapped: Outcome, unswapped: Outcome, number: int) -> None:
        """Game `number` of the job, the swapped deck's and the deck's own on its seed."""
        won = (swapped.winner == 0, unswapped.winner == 0)
        self.pairs[PAIR_KINDS[(not won[0]) * 2 + (not won[1])]] += 1
        self.placement_with += swapped.placements[0]
        self.placement_without += unswapped.placements[0]
        ended = swapped.placements[0] * 2 + won[0]
        self.trace = (self.trace + game_seed(number, ended)) & MAX_SEED

    @property
    def changed(self) -> int:
        """The pairs whose result the swap changed (won only with it, or only without)."""
        return self.pairs["with_only"] + self.pairs["without_only"]

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
            (self.trace + other.trace) & MAX_SEED,
        )

    def alike_key(self) -> tuple[Any, ...]:
        """Equal for two swaps that ended every game of the same games alike."""
        return (*(self.pairs[kind] for kind in PAIR_KINDS), self.placement_with, self.trace)

    def as_json(self) -> dict[str, Any]:
        return {
            "pairs": {kind: self.pairs[kind] for kind in PAIR_KINDS},
            "placement_with": self.placement_with,
            "placement_without": self.placement_without,
            "trace": self.trace,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SwapTally:
        return cls(
            Counter(data["pairs"]),
            data["placement_with"],
            data["placement_without"],
            data.get("trace", 0),  # a chunk recorded before traces were kept
        )


@dataclass
class DoctorStats(Mergeable):
    """Some of a doctor job's games: each candidate's tally (by its index among the job's
    swaps) in the selection rounds and, apart, in the confirmation round (fresh seeds the
    selection never saw, halving's last round), the games played (the deck's own included),
    the seeds and how many of them the deck as it is won, and the engine's simplifications."""

    tallies: dict[int, SwapTally] = field(default_factory=dict)
    games: int = 0
    simplifications: set[str] = field(default_factory=set)
    confirmed: dict[int, SwapTally] = field(default_factory=dict)
    seeds: int = 0
    deck_wins: int = 0

    def tally(self, candidate: int) -> SwapTally:
        """The candidate's selection rounds."""
        return self.tallies.get(candidate) or SwapTally()

    def confirmation(self, candidate: int) -> SwapTally:
        """The candidate's confirmation round."""
        return self.confirmed.get(candidate) or SwapTally()

    def merge(self, other: DoctorStats) -> DoctorStats:
        return DoctorStats(
            _merged(self.tallies, other.tallies),
            self.games + other.games,
            self.simplifications | other.simplifications,
            _merged(self.confirmed, other.confirmed),
            self.seeds + other.seeds,
            self.deck_wins + other.deck_wins,
        )

    def as_json(self) -> dict[str, Any]:
        return {
            "tallies": _tallies_json(self.tallies),
            "games": self.games,
            "simplifications": sorted(self.simplifications),
            "confirmed": _tallies_json(self.confirmed),
            "seeds": self.seeds,
            "deck_wins": self.deck_wins,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DoctorStats:
        # .get: a chunk recorded before confirmation rounds had none of these
        return cls(
            _tallies_read(data["tallies"]),
            data["games"],
            set(data["simplifications"]),
            _tallies_read(data.get("confirmed", {})),
            data.get("seeds", 0),
            data.get("deck_wins", 0),
        )

    @classmethod
    def merge_json(cls, parts: Iterable[Mapping[str, Any]]) -> DoctorStats:
        """Parts kept as JSON (each part's `as_json`), merged: what merging each part read in
        full gives, with each swap's integers summed straight from the JSON. A round's barrier
        merges every chunk so far (a first round of 154 swaps is some 30 chunks of 154 tallies
        each) while the other workers wait, and reading every chunk's tallies into objects of
        their own before adding them took most of that merge."""
        sums: tuple[dict[str, list[int]], dict[str, list[int]]] = ({}, {})
        games = seeds = deck_wins = 0
        simplifications: set[str] = set()
        for part in parts:
            games += part["games"]
            seeds += part.get("seeds", 0)
            deck_wins += part.get("deck_wins", 0)
            simplifications.update(part["simplifications"])
            for kept, tallies in zip(
                sums, (part["tallies"], part.get("confirmed", {})), strict=True
            ):
                for index, tally in tallies.items():
                    counts = kept.setdefault(index, [0] * (len(PAIR_KINDS) + 3))
                    for position, kind in enumerate(PAIR_KINDS):
                        counts[position] += tally["pairs"][kind]
                    counts[-3] += tally["placement_with"]
                    counts[-2] += tally["placement_without"]
                    counts[-1] += tally.get("trace", 0)  # a chunk recorded before traces: 0
        selection, confirmation = (
            {int(index): _summed(counts) for index, counts in kept.items()} for kept in sums
        )
        return cls(selection, games, simplifications, confirmation, seeds, deck_wins)


def _summed(counts: list[int]) -> SwapTally:
    """A tally from summed counts (its pairs, placements and trace, in as_json's order)."""
    summed = zip(PAIR_KINDS, counts[: len(PAIR_KINDS)], strict=True)
    pairs = Counter({kind: count for kind, count in summed if count})
    return SwapTally(pairs, counts[-3], counts[-2], counts[-1] & MAX_SEED)


def _merged(first: dict[int, SwapTally], second: dict[int, SwapTally]) -> dict[int, SwapTally]:
    tallies = dict(first)
    for index, tally in second.items():
        tallies[index] = tallies[index].merge(tally) if index in tallies else tally
    return tallies


def _tallies_json(tallies: dict[int, SwapTally]) -> dict[str, Any]:
    return {str(i): tallies[i].as_json() for i in sorted(tallies)}


def _tallies_read(data: Mapping[str, Any]) -> dict[int, SwapTally]:
    return {int(i): SwapTally.from_json(t) for i, t in data.items()}
