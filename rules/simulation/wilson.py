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
