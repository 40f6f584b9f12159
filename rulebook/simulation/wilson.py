"""Wilson score intervals: honest error bars for a win rate, even near 0% or 100%."""

from __future__ import annotations

import math

# The two-sided 95% quantile of the standard normal distribution.
Z95 = 1.959963984540054


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float] | None:
    """The Wilson score interval for `successes` out of `trials`; None when there were none.

    Unlike the normal approximation p ± z·sqrt(p(1-p)/n) it never leaves [0, 1] and does not
    collapse to a single point at 0 or n successes (Wilson, 1927).
    """
    if trials <= 0:
        return None
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must be between 0 and {trials}, not {successes}")
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def paired_difference_interval(
    both: int, first_only: int, second_only: int, neither: int, z: float = Z95
) -> tuple[float, float] | None:
    """A 95% interval for p1 - p2, two success rates measured on the same trials (paired).

    Tango's score interval (Tango 1998, "Equivalence test and confidence interval for the
    difference in proportions for the paired-sample design"): every difference d whose score
    statistic for the discordant pairs, (b - c - n*d) / sqrt(n * (2*q + d*(1 - d))) with q the
    rate of "second only" pairs most likely given d, lies within +-z. Only the pairs where the
    two disagree carry information on the difference, so pairing on the same seeds, which makes
    most pairs agree, gives a far narrower interval than two unpaired ones.

    Not Newcombe's square-and-add interval (1998, method 10), which this once was: with no
    discordant pairs its correlation term reaches 1 and the interval collapses to the single
    point 0, claiming a card changes nothing on the strength of twenty games that happened to
    agree. Tango's never collapses: no pair in n disagreeing still leaves +-z^2/(n + z^2), what
    a change that rare could have hidden. None when there were no trials.
    """
    trials = both + first_only + second_only + neither
    if trials <= 0:
        return None
    estimate = (first_only - second_only) / trials
    return (
        _score_end(first_only, second_only, trials, z, outer=-1.0, inner=estimate),
        _score_end(first_only, second_only, trials, z, outer=1.0, inner=estimate),
    )


def _score_end(b: int, c: int, n: int, z: float, *, outer: float, inner: float) -> float:
    """One end of Tango's interval, between the estimate (`inner`) and -1 or 1 (`outer`): the
    difference where the score statistic, which falls as the difference rises, reaches z
    below the estimate or -z above it; `outer` itself when even that is inside."""
    sign = 1.0 if outer < inner else -1.0  # the statistic's sign on this side
    if sign * _score(b, c, n, outer) <= z:
        return outer
    for _ in range(60):  # bisection to 2**-60 of the side's width
        middle = (outer + inner) / 2
        if sign * _score(b, c, n, middle) > z:
            outer = middle
        else:
            inner = middle
    return (outer + inner) / 2


def _score(b: int, c: int, n: int, d: float) -> float:
    """Tango's statistic for the difference d, given b "first only" and c "second only" pairs
    of n: the observed b - c against its mean and variance when the true difference is d."""
    a = 2 * n
    slope = -b - c + (2 * n - b + c) * d
    constant = -c * d * (1 - d)
    q = (math.sqrt(max(slope * slope - 4 * a * constant, 0.0)) - slope) / (2 * a)
    variance = n * (2 * q + d * (1 - d))
    surplus = b - c - n * d
    if variance <= 0:
        return math.copysign(math.inf, surplus) if surplus else 0.0
    return surplus / math.sqrt(variance)
