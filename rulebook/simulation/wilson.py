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

    Newcombe's square-and-add interval from the two Wilson intervals, corrected for the
    correlation of the pairs (Newcombe 1998, "Improved confidence intervals for the difference
    between binomial proportions based on paired data", method 10). Pairing on the same seeds
    cancels the luck both games share, so the interval is far narrower than two unpaired ones.
    None when there were no trials.
    """
    trials = both + first_only + second_only + neither
    first = wilson_interval(both + first_only, trials, z)
    second = wilson_interval(both + second_only, trials, z)
    if first is None or second is None:
        return None
    p1, p2 = (both + first_only) / trials, (both + second_only) / trials
    (l1, u1), (l2, u2) = first, second
    margins = (
        (both + first_only)
        * (second_only + neither)
        * (both + second_only)
        * (first_only + neither)
    )
    phi = (both * neither - first_only * second_only) / math.sqrt(margins) if margins else 0.0
    below = (p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2
    above = (u1 - p1) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2) + (p2 - l2) ** 2
    difference = p1 - p2
    return (
        max(-1.0, difference - math.sqrt(max(below, 0.0))),
        min(1.0, difference + math.sqrt(max(above, 0.0))),
    )
