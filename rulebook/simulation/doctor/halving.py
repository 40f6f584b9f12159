"""Successive halving, by quarters: how a budget of games is spread over candidate swaps, and
the ranking.

The plan is fixed before any game is played, from the number of candidates and the budget alone:
rounds of K, ceil(K/4), ... down to 2 candidates, each playing the same number of fresh seeds
(one more in the first rounds the remainder pays for) but those keeping more than ROOMY, which
play fewer (seeds_by_round); in each, every candidate still in plays those seeds (the deck as
it is plays each seed once, shared by all), then the most promising quarter goes on. So most
of the budget goes to the first round, where a good swap could otherwise be dropped on a
handful of games, and the rest to the few still close.

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
not the quarter the issue asks: see docs/deck-doctor.md.

The last round is the confirmation round: the two finalists of the last selection round
(ordered by their change over the selection rounds) play fresh seeds that chose nothing, and
the answer reports their change on those seeds alone. A change read on the games that picked a
swap is too high on average (the winner's curse: of many swaps that change nothing, the
luckiest is picked and reads as a gain); on games that picked nothing it is right on average,
with an ordinary fixed-size interval. It costs a round of three games a seed: on the sampled
planted case (200 seeds) the doctor was as reliable as equal allocation with 75% of its games
where without it 62%. So a job of two candidates plays two rounds (the first orders them, the
second measures them); one of one candidate plays only the confirmation round.

Nothing stops early on a result that "looks significant": how many games each candidate gets in
each round is fixed by the plan, so every interval is an ordinary fixed-size one. Which swaps
the answer calls better or worse, with the error held over the whole answer, is `verdicts`.

Swaps that ended every game so far alike, and changed some (equivalent cards), are grouped
after each round (`alike_groups`): one of them goes on for the group, and the answer lists the
others under it, rather than racing copies of one result against each other and keeping them
by tie-break. A round then plays fewer candidates than planned when fewer groups are left, and
the job fewer games than its budget. When no swap changed a single game, the answer lists them
all as one (`run.doctor_result`).
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
    # groups of the previous round's candidates that ended every game alike, the one that goes
    # on for each group first (alike_groups)
    alike: tuple[tuple[int, ...], ...] = ()

    @property
    def games(self) -> int:
        return self.seeds * (len(self.candidates) + 1)

    def as_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "first_game": self.first_game,
            "seeds": self.seeds,
            "candidates": list(self.candidates),
            "alike": [list(group) for group in self.alike],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Round:
        return cls(
            data["number"],
            data["first_game"],
            data["seeds"],
            tuple(data["candidates"]),
            tuple(tuple(group) for group in data.get("alike", ())),  # a job from before groups
        )


class BudgetTooSmall(ValueError):
    """The budget cannot give every candidate still in a round at least one game."""

    def __init__(self, needed: int) -> None:
        super().__init__(f"must be at least {needed} games for this many candidates")
        self.needed = needed


KEPT = 4  # a round keeps one candidate in KEPT
FINALISTS = 2  # the last round compares two, so its games decide between the last two
BAND = 2.0  # standard errors above the change a swap's promise reaches
# A round that keeps more than ROOMY candidates plays fewer seeds than the others, in the
# ratio (ROOMY / kept) ** ROOMY_EXPONENT: a good swap need only be among the many it keeps, and
# the seeds are worth more in the last rounds, which choose among ten, three and two. With the
# same seeds in every round, a Neopets format's 154 swaps spent 72% of the budget on the first
# round (keeping 39) and lost a good swap there in none of 200 seeds: every miss was a later
# round's pick. Plans whose rounds keep at most twelve (up to 48 candidates, so both planted
# cases of `python -m bench doctor`) play the same seeds a round as before. (Keeping more than
# four at (4 / kept) ** 0.5 did better on Neopets, but cost the planted 48 swaps' case a tenth.)
ROOMY = 12
ROOMY_EXPONENT = 1.0
EPSILON = 1e-9  # a budget that pays exactly for a seed buys it, whatever the floats' rounding


def survivors_by_round(candidates: int) -> list[int]:
    """How many candidates each round plays: K, ceil(K/4), ... down to 2, which the selection
    rounds' games order, then the confirmation round, which plays those 2 again on fresh seeds
    (one round when K is 1: there is nothing to choose). The confirmation round does not choose:
    with it ordering the last two instead of a selection round of its own, the planted case of
    `python -m bench doctor` needed 87% of equal allocation's games, not 62%."""
    counts = [candidates]
    while counts[-1] > FINALISTS:
        counts.append(max(FINALISTS, math.ceil(counts[-1] / KEPT)))
    if candidates > 1:
        counts.append(FINALISTS)
    return counts


def confirmation_round(candidates: int) -> int:
    """The number of the last round, which plays the finalists on fresh seeds."""
    return len(survivors_by_round(candidates)) - 1


def promise(tally: SwapTally) -> float:
    """How good a swap may yet prove: its change plus BAND standard errors, the variance of a
    paired difference read from the pairs it changed (won only with the swap, or only without;
    one more in the count, so a swap that has changed nothing yet still has some room)."""
    changed = tally.pairs["with_only"] + tally.pairs["without_only"]
    return tally.delta + BAND * math.sqrt(changed + 1) / max(tally.games, 1)


def seeds_by_round(candidates: int, budget: int) -> list[int]:
    """Seeds each round plays, as many as the budget pays for when each seed is played by the
    deck and by every candidate still in: the same in every round but those that keep more
    than ROOMY candidates, which play fewer (round_weights). What is left (less than a seed of
    every round) buys one more seed for the earliest rounds it can pay for."""
    survivors = survivors_by_round(candidates)
    decks_by_round = [count + 1 for count in survivors]
    weights = round_weights(survivors)
    weighted = sum(weight * decks for weight, decks in zip(weights, decks_by_round, strict=True))
    plan = [int(budget / weighted * weight + EPSILON) for weight in weights]
    if min(plan) < 1:  # the round of the smallest weight is the first: the budget for its seed
        raise BudgetTooSmall(math.ceil(weighted / min(weights) - EPSILON))
    left = budget - sum(seeds * decks for seeds, decks in zip(plan, decks_by_round, strict=True))
    for index, decks in enumerate(decks_by_round):
        more = int(left >= decks)
        left -= more * decks
        plan[index] += more
    return plan


def round_weights(survivors: Sequence[int]) -> list[float]:
    """Each round's seeds relative to a round that keeps ROOMY or fewer: (ROOMY / kept) **
    ROOMY_EXPONENT for one that keeps more (the last two rounds keep their two)."""
    kept = [*survivors[1:], FINALISTS]
    return [min(1.0, (ROOMY / count) ** ROOMY_EXPONENT) for count in kept]


def planned_games(candidates: int, budget: int) -> int:
    """The games the plan plays in all, at most the budget."""
    counts = survivors_by_round(candidates)
    seeds = seeds_by_round(candidates, budget)
    return sum(s * (c + 1) for s, c in zip(seeds, counts, strict=True))


def looks_z(candidates: int) -> float:
    """The normal quantile of an interval over the selection rounds, before the whole
    answer's correction: two-sided 1 - 0.05/R, R the selection rounds (at least 1)."""
    looks = max(1, confirmation_round(candidates))
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
    groups = alike_groups(previous.candidates, stats, seed)
    ranked = sorted(groups, key=lambda g: (-promise(stats.tally(g[0])), tie_break(seed, g[0])))
    return _round_after(
        previous,
        seeds,
        tuple(sorted(group[0] for group in ranked[:keep])),
        tuple(group for group in groups if len(group) > 1),
    )


def _round_after(
    previous: Round,
    seeds: Sequence[int],
    kept: tuple[int, ...],
    alike: tuple[tuple[int, ...], ...] = (),
) -> Round:
    """The round after `previous`, on the seeds after its own and as many as the plan gives
    it (`seeds`: seeds_by_round), for the candidates `kept`."""
    number = previous.number + 1
    return Round(number, previous.first_game + previous.seeds, seeds[number], kept, alike)


def rounds_ahead(previous: Round, sure: Sequence[int], candidates: int, budget: int) -> list[Round]:
    """The rounds next_rounds will give after `previous`, played by the `sure` candidates only
    (sure_to_go_on): their seeds are the plan's, whoever else goes on."""
    following = _round_after(previous, seeds_by_round(candidates, budget), tuple(sure))
    return played_together(following, candidates, budget)


def played_together(current: Round, candidates: int, budget: int) -> list[Round]:
    """`current` and, when it is the last selection round, the confirmation round with it: the
    same candidates on the seeds after its own. Nothing `current` finds changes who plays the
    confirmation (both finalists go on; the selection rounds order them once all is played),
    so the two are played at once, a barrier fewer between the job's two smallest rounds.
    (So the finalists are not grouped after the last selection round: grouped only if they
    ended every game alike, they would have been after the round before, unless neither had
    changed a game by then.)"""
    if current.number != confirmation_round(candidates) - 1:
        return [current]
    confirming = Round(
        current.number + 1,
        current.first_game + current.seeds,
        seeds_by_round(candidates, budget)[current.number + 1],
        current.candidates,
    )
    return [current, confirming]


def next_rounds(
    previous: Round, stats: DoctorStats, candidates: int, budget: int, seed: int
) -> list[Round]:
    """The rounds played after `previous` (played_together), given every game so far; none
    when `previous` was the last."""
    following = next_round(previous, stats, candidates, budget, seed)
    return [] if following is None else played_together(following, candidates, budget)


def sure_to_go_on(
    rounds: Sequence[Round], stats: DoctorStats, candidates: int, budget: int, seed: int
) -> tuple[int, ...]:
    """The candidates of the last of `rounds` (a selection round, some of whose games are not
    in `stats` yet) that next_round keeps whatever those games say: so their next games may
    start before the round ends (issue 41 item 4), and the answer is the one the round's end
    gives. Bounds, not guesses: each candidate still has the round's unplayed seeds to play
    (its games once the round is over less those counted), each of which may add one to its
    wins with the swap only, to its wins without it only, or to neither; its promise at the end
    lies between the lowest and the highest those can give. A candidate is sure when fewer than
    the round keeps could end above its lowest, and it goes on for its group of alike swaps
    whatever the rest say (it comes first by tie-break among those that have ended every game
    alike so far: later games may split a group, never join two)."""
    current = rounds[-1]
    number = current.number + 1
    if number >= confirmation_round(candidates):
        return ()  # the confirmation round's finalists are played with the last selection round
    keep = survivors_by_round(candidates)[number]
    final_games = sum(r.seeds for r in rounds)
    bounds = {c: _promise_bounds(stats.tally(c), final_games) for c in current.candidates}
    first_of_group = {group[0] for group in _possible_groups(current.candidates, stats, seed)}
    sure = []
    for c in current.candidates:
        lowest = bounds[c][0]
        above = sum(1 for d in current.candidates if d != c and bounds[d][1] >= lowest - EPSILON)
        if c in first_of_group and above < keep:
            sure.append(c)
    return tuple(sure)


def _promise_bounds(tally: SwapTally, final_games: int) -> tuple[float, float]:
    """The lowest and highest promise a tally can reach with the unplayed games of its round
    (final_games less its own): all wins with the swap only gives the highest; the lowest is
    none of them or all wins without it (the band grows with the games changed, so no mix in
    between is lower)."""
    unplayed = final_games - tally.games
    net = tally.pairs["with_only"] - tally.pairs["without_only"]
    changed = tally.changed

    def reached(more_net: int, more_changed: int) -> float:
        band = BAND * math.sqrt(changed + more_changed + 1)
        return (net + more_net + band) / max(final_games, 1)

    highest = reached(unplayed, unplayed)
    lowest = min(reached(0, 0), reached(-unplayed, unplayed))
    return lowest, highest


def _possible_groups(
    candidates: Sequence[int], stats: DoctorStats, seed: int
) -> list[tuple[int, ...]]:
    """The groups the round's end may make at most (alike_groups): those alike so far, and
    every candidate that changed nothing so far in one (they may all change the same games
    later), each ordered by tie-break."""
    groups: dict[Any, list[int]] = {}
    for candidate in sorted(candidates, key=lambda c: tie_break(seed, c)):
        tally = stats.tally(candidate)
        key = tally.alike_key() if tally.changed else None
        groups.setdefault(key, []).append(candidate)
    return [tuple(group) for group in groups.values()]


def alike_groups(candidates: Sequence[int], stats: DoctorStats, seed: int) -> list[tuple[int, ...]]:
    """The candidates (all of one round, so they played the same games) grouped by how they
    ended every game: each group ordered by tie-break, the first to go on for it. Only swaps
    that changed some game are grouped: one that changed none so far has shown nothing yet, and
    keeping one of them for all would drop a good swap that was quiet in a few games (the
    planted cases of `python -m bench doctor` then needed 87% of equal allocation's games, not
    62%)."""
    groups: dict[Any, list[int]] = {}
    for candidate in sorted(candidates, key=lambda c: tie_break(seed, c)):
        tally = stats.tally(candidate)
        key = tally.alike_key() if tally.changed else candidate
        groups.setdefault(key, []).append(candidate)
    return [tuple(group) for group in groups.values()]


def ranking(rounds: Sequence[Round], stats: DoctorStats, seed: int) -> list[int]:
    """Candidates best first, each group of alike ones by the one that went on for it: those
    that lasted more rounds first (the finalists), then by the change in the selection rounds
    (so the finalists' order is fixed before their confirmation games)."""
    grouped = {member for r in rounds for group in r.alike for member in group[1:]}
    reached = {c: r.number for r in rounds for c in r.candidates if c not in grouped}
    return sorted(reached, key=lambda c: (-reached[c], -stats.tally(c).delta, tie_break(seed, c)))


def alike_members(rounds: Sequence[Round]) -> dict[int, list[int]]:
    """Each candidate that went on for a group: every swap it stood for (through later
    groups too), in the swaps' order."""
    stood_for: dict[int, list[int]] = {}
    for r in rounds:
        for first, *others in r.alike:
            stood_for.setdefault(first, []).extend(
                member for other in others for member in (other, *stood_for.pop(other, []))
            )
    return {first: sorted(members) for first, members in stood_for.items()}


def tie_break(seed: int, candidate: int) -> int:
    """Equal changes are ordered by a draw from the job's seed, not by the order the swaps were
    listed in (which would favour the first few whenever early rounds tie, as they often do)."""
    return game_seed(seed, -1 - candidate)
