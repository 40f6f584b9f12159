"""Wilson 95% intervals against published values (e.g. statsmodels' proportion_confint)."""

import pytest

from rulebook.simulation.wilson import wilson_interval


@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    [
        (5, 10, 0.2366, 0.7634),
        (1, 10, 0.0179, 0.4042),
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (50, 100, 0.4038, 0.5962),
        (600, 1000, 0.5693, 0.6299),
    ],
)
def test_it_matches_known_wilson_intervals(successes, trials, low, high):
    lo, hi = wilson_interval(successes, trials)
    assert lo == pytest.approx(low, abs=5e-5)
    assert hi == pytest.approx(high, abs=5e-5)


@pytest.mark.parametrize(
    ("caught", "checked", "low", "high"),
    [
        # Newcombe (1998), "Two-sided confidence intervals for the single proportion", Table I,
        # method 3 (the Wilson score interval)
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
        (10, 10, 0.7225, 1.0),  # all of a small sample caught: it cannot promise 90%
    ],
)
def test_it_matches_newcombes_published_intervals(caught, checked, low, high):
    """bench.mutants' sampled kill rates are given with this interval."""
    assert wilson_interval(caught, checked) == pytest.approx((low, high), abs=1e-4)


def test_it_narrows_as_games_grow():
    small = wilson_interval(6, 10)
    large = wilson_interval(6000, 10000)
    assert large[1] - large[0] < small[1] - small[0]
    assert small[0] < 0.6 < small[1] and large[0] < 0.6 < large[1]


def test_it_has_no_interval_without_games():
    assert wilson_interval(0, 0) is None


def test_it_refuses_more_successes_than_trials():
    with pytest.raises(ValueError):
        wilson_interval(11, 10)
