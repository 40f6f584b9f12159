"""Which swaps the answer calls better or worse: "distinguishable" held for the whole answer.

One interval a swap at 95% is not an answer at 95%: with 48 swaps that change nothing, some
swap's interval leaves out 0 in about a sixth of the jobs. So the answer's calls are held
family-wise: the chance that it calls any swap that changes nothing better or worse is at most
5% (ERROR), by Holm's step-down method.

Holm rather than the Benjamini-Hochberg false discovery rate: a user reads the answer as "these
swaps are better", applies the first, and the promise that fits that reading is about the
whole answer (no wrong call at all, 19 times in 20), not a share of the calls; an answer makes
one or two calls, where the two promises differ little anyway. And Holm holds whatever the
dependence between the tests, which here share the deck's own games (Benjamini-Hochberg needs
a positive dependence nobody has shown for them).

The 5% is split, before any game, between two families:

- the finalists (CONFIRMATION_ERROR, all of it when every candidate is a finalist), judged on
  their confirmation round alone: fresh seeds, so given which swaps were picked their tests are
  ordinary ones, and Holm runs over the finalists only (two at most);
- every other swap (SELECTION_ERROR), judged on the selection rounds it played: Holm over all
  K swaps, each test at 1/R of its share for the R selection rounds it might have been looked at
  after (Bonferroni over the looks, as the plan fixes every round's size in advance).

By the union of the two, the whole answer's error is at most ERROR. Each swap's interval is
made at the level of its Holm step (for a swap not called, the level of the first step that
failed), so a swap is called exactly when its interval leaves out 0, and every interval holds
its swap's change at least 95% of the time. The test of no change behind Tango's interval is
McNemar's: (b - c) / sqrt(b + c) for the pairs changed each way, so swaps are taken in the
order of that statistic.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

from .tally import SwapTally

ERROR = 0.05  # the chance of any wrong call in the whole answer
SELECTION_ERROR = 0.01  # of it, for the swaps the selection rounds set aside
METHOD = "holm"


@dataclass(frozen=True, slots=True)
class Verdict:
    """A swap's interval (None without games), whether it leaves out 0, and its level."""

    interval: tuple[float, float] | None
    distinguishable: bool
    level: float


def shares(candidates: int, finalists: int) -> tuple[float, float]:
    """The error for the finalists' calls and for the others', fixed by the plan's sizes."""
    selection = SELECTION_ERROR if candidates > finalists else 0.0
    return ERROR - selection, selection


def holm(
    tallies: Sequence[tuple[int, SwapTally]], *, error: float, family: int, looks: int
) -> dict[int, Verdict]:
    """Holm's step-down over `family` tests at `error` in all (the tallies given may be fewer:
    the others' tests count but are not reported), each test Bonferroni over `looks`."""
    ordered = sorted(tallies, key=lambda item: (-mcnemar(item[1]), item[0]))
    verdicts = {}
    calling = True
    step_error = error / family
    for step, (candidate, tally) in enumerate(ordered):
        if calling:
            step_error = error / (family - step)
        level = 1 - step_error / looks
        interval = tally.interval(NormalDist().inv_cdf(1 - (1 - level) / 2))
        calling = calling and interval is not None and (interval[0] > 0 or interval[1] < 0)
        verdicts[candidate] = Verdict(interval, calling, level)
    return verdicts


def mcnemar(tally: SwapTally) -> float:
    """How far the swap's pairs are from no change: |b - c| / sqrt(b + c), 0 with none."""
    changed = tally.changed
    return (
        abs(tally.pairs["with_only"] - tally.pairs["without_only"]) / math.sqrt(changed)
        if changed
        else 0.0
    )
