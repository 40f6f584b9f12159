"""`python -m bench.mutants --sample N`: a seeded random sample of a module's mutants, and the
95% interval of the share it catches (docs/testing/mutants.md). Arithmetic only, no mutmut run."""

from __future__ import annotations

from bench.mutants import draw_sample, row

NAMES = [f"rulebook.keeper.engine.game.x_play__mutmut_{n}" for n in range(1, 1001)]


def test_the_same_seed_draws_the_same_sample_of_distinct_mutants():
    first = draw_sample(NAMES, 200, seed=1)
    assert first == draw_sample(list(reversed(NAMES)), 200, seed=1)  # order given does not matter
    assert len(set(first)) == 200 and set(first) <= set(NAMES)
    assert first != draw_sample(NAMES, 200, seed=2)


def test_a_sample_larger_than_the_module_is_every_mutant():
    assert draw_sample(NAMES[:30], 200, seed=1) == sorted(NAMES[:30])


def test_a_sample_row_is_labelled_an_estimate_with_its_interval():
    figures = {
        "module": "keeper.engine.game", "killed": 180, "timeout": 2, "survived": 18,
        "no tests": 0, "not checked": 0, "total": 1250, "rate": 0.91, "minutes": 40.0,
        "stopped": False, "sample": {"size": 200, "seed": 1, "interval": (0.862, 0.942)},
    }  # fmt: skip
    line = row(figures)
    assert "sample of 200 / 1250 (seed 1)" in line and "180 / 200" in line
    assert "estimate 91.0% (95% interval 86.2% to 94.2%)" in line
    full = row({**figures, "sample": None, "killed": 1130})
    assert "| full | 1130 / 1250 |" in full and "estimate" not in full
