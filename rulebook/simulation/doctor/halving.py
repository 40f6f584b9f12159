"""Successive halving: how a budget of games is spread over candidate swaps, and the ranking.

The plan is fixed before any game is played, from the number of candidates and the budget alone:
R = ceil(log2 K) rounds (K, ceil(K/2), ... down to 2 candidates), each playing the same number
of fresh seeds (one more in the first rounds the remainder pays for); in each, every candidate
still in plays those seeds (the deck as it is plays each seed once, shared by all), then the
better half (by the change in win rate over all the games each has had) goes on. So every
candidate still in gets the same new games a round and a round costs about half the one before:
most of the budget goes to the first rounds, where a good swap could otherwise be dropped on a
handful of games. (Equal budgets a round, the form of Karnin, Koren and Somekh 2013, left the
first round too few games a candidate: on the planted cases of `python -m bench doctor`, to rank
a planted swap first 95% of the time it needed 84% of the games equal allocation needs among 14
candidates, and among 48 it fell short even with all of them; the same seeds a round need 68%
and 69%. Nothing here gets near a quarter: see the README.)

Nothing stops early on a result that "looks significant": how many games each candidate gets in
each round is fixed by the plan, so a candidate's interval after round r is an ordinary
fixed-size interval. Each candidate is looked at, at most, once a round; its interval is made at
level 1 - 0.05/R (Bonferroni over the R looks), so with probability at least 95% every interval
it had covers its true change, the one reported included. "Distinguishable from no change" is
that interval leaving out 0: a swap that changes nothing is called better or worse at most 5% of
the time.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any

from ..seeds import game_seed
from .tally import DoctorStats

LEVEL = 0.95


@dataclass(frozen=True, slots=True)
class Round:
    """Round `number` plays games (seeds) first_game .. first_game + seeds - 1 for the deck and
    for each of `candidates` (indices of the job's swaps)."""

    number: int
    first_game: int
    seeds: int
    candidates: tuple[int, ...]

    @property
    def games(self) -> int:
        return self.seeds * (len(self.candidates) + 1)

    def as_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "first_game": self.first_game,
            "seeds": self.seeds,
            "candidates": list(self.candidates),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Round:
        return cls(data["number"], data["first_game"], data["seeds"], tuple(data["candidates"]))


class BudgetTooSmall(ValueError):
    """The budget cannot give every candidate still in a round at least one game."""

    def __init__(self, needed: int) -> None:
        super().__init__(f"must be at least {needed} games for this many candidates")
        self.needed = needed


def survivors_by_round(candidates: int) -> list[int]:
    """How many candidates each round plays: K, ceil(K/2), ... down to 2 (1 when K is 1)."""
    counts = [candidates]
    while counts[-1] > 2:
        counts.append(math.ceil(counts[-1] / 2))
    return counts


def seeds_by_round(candidates: int, budget: int) -> list[int]:
    """Seeds each round plays: the same in every round, as many as the budget pays for when
    each seed is played by the deck and by every candidate still in; what is left (less than a
    seed of every round) buys one more seed for the earliest rounds it can pay for."""
    decks_by_round = [count + 1 for count in survivors_by_round(candidates)]
    seeds, left = divmod(budget, sum(decks_by_round))
    if seeds < 1:
        raise BudgetTooSmall(sum(decks_by_round))
    plan = []
    for decks in decks_by_round:
        more = int(left >= decks)
        left -= more * decks
        plan.append(seeds + more)
    return plan


def planned_games(candidates: int, budget: int) -> int:
    """The games the plan plays in all, at most the budget."""
    counts = survivors_by_round(candidates)
    seeds = seeds_by_round(candidates, budget)
    return sum(s * (c + 1) for s, c in zip(seeds, counts, strict=True))


def looks_z(candidates: int) -> float:
    """The normal quantile of each look's interval: two-sided 1 - 0.05/R, R the rounds."""
    looks = len(survivors_by_round(candidates))
    return NormalDist().inv_cdf(1 - (1 - LEVEL) / (2 * looks))


def first_round(candidates: int, budget: int) -> Round:
    return Round(0, 0, seeds_by_round(candidates, budget)[0], tuple(range(candidates)))


def next_round(
    previous: Round, stats: DoctorStats, candidates: int, budget: int, seed: int
) -> Round | None:
    """The round after `previous`, given every game so far; None when `previous` was the last."""
    seeds = seeds_by_round(candidates, budget)
    number = previous.number + 1
    if number == len(seeds):
        return None
    keep = survivors_by_round(candidates)[number]
    ranked = sorted(previous.candidates, key=lambda c: (-stats.tally(c).delta, tie_break(seed, c)))
    return Round(
        number, previous.first_game + previous.seeds, seeds[number], tuple(sorted(ranked[:keep]))
    )


def ranking(rounds: Sequence[Round], stats: DoctorStats, seed: int) -> list[int]:
    """Candidates best first: those that lasted more rounds first, then by the change."""
    reached = {c: r.number for r in rounds for c in r.candidates}
    return sorted(reached, key=lambda c: (-reached[c], -stats.tally(c).delta, tie_break(seed, c)))


def tie_break(seed: int, candidate: int) -> int:
    """Equal changes are ordered by a draw from the job's seed, not by the order the swaps were
    listed in (which would favour the first few whenever early rounds tie, as they often do)."""
    return game_seed(seed, -1 - candidate)
