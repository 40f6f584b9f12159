"""Successive halving, by quarters: how a budget of games is spread over candidate swaps, and
the ranking.

The plan is fixed before any game is played, from the number of candidates and the budget alone:
rounds of K, ceil(K/4), ... down to 2 candidates, each playing the same number of fresh seeds
(one more in the first rounds the remainder pays for); in each, every candidate still in plays
those seeds (the deck as it is plays each seed once, shared by all), then the most promising
quarter goes on. So most of the budget goes to the first round, where a good swap could
otherwise be dropped on a handful of games, and the rest to the few still close.

Promising is not the best change so far but the upper end of a rough two-standard-error band
around it (`promise`). A swap changes the result of only some games (the ones where its card
matters: a planted put-back of `python -m bench doctor` changes about one game in four, a
Codestone for a Codestone one in thirty), so after a first round of a few games a good swap has
often shown nothing yet and sits at "no change" with the many that change nothing. The band's
width comes from the games a swap did change: one whose games keep differing from the deck's can
still show a gain, one whose games never differ cannot be far better; so ties at "no change" go
to the swaps that matter. With half of equal allocation's games, keeping a quarter by promise
ranked a planted swap first in 94-96% of the seeds of `python -m bench doctor`'s planted cases,
where keeping the better half by the change (the plan before this one) managed 87-88%; it is as
reliable as equal allocation with 50-62% of its games (the halves by the change needed 75-81%),
not the quarter the issue asks: see the README.

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
from .tally import DoctorStats, SwapTally

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


KEPT = 4  # a round keeps one candidate in KEPT
FINALISTS = 2  # the last round compares two, so its games decide between the last two
BAND = 2.0  # standard errors above the change a swap's promise reaches


def survivors_by_round(candidates: int) -> list[int]:
    """How many candidates each round plays: K, ceil(K/4), ... down to 2 (1 when K is 1)."""
    counts = [candidates]
    while counts[-1] > FINALISTS:
        counts.append(max(FINALISTS, math.ceil(counts[-1] / KEPT)))
    return counts


def promise(tally: SwapTally) -> float:
    """How good a swap may yet prove: its change plus BAND standard errors, the variance of a
    paired difference read from the pairs it changed (won only with the swap, or only without;
    one more in the count, so a swap that has changed nothing yet still has some room)."""
    changed = tally.pairs["with_only"] + tally.pairs["without_only"]
    return tally.delta + BAND * math.sqrt(changed + 1) / max(tally.games, 1)


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
    ranked = sorted(
        previous.candidates, key=lambda c: (-promise(stats.tally(c)), tie_break(seed, c))
    )
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
