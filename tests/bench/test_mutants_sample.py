"""Which mutants `python -m bench.mutants` runs: every one that breaks a rule, not a debugger's
text (`__repr__`); `--sample N`: a seeded random sample of a module's mutants, and the
95% interval of the share it catches; `--part K/N`: a module's mutants in disjoint parts that
together are all of them (docs/testing/mutants.md). Arithmetic only, no mutmut run."""

from __future__ import annotations

import argparse

import pytest

from bench.mutants import draw_sample, method, part_of, row, rule_mutants, split

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


def test_the_parts_are_disjoint_and_together_every_mutant_each_reaching_every_function():
    names = [f"rulebook.m.x_{f}__mutmut_{n}" for f in ("a", "b", "c") for n in range(1, 8)]
    parts = [split(list(reversed(names)), (k, 3)) for k in (1, 2, 3)]
    assert sorted(name for part in parts for name in part) == sorted(names)
    assert len({name for part in parts for name in part}) == len(names)
    for part in parts:
        assert {name.split("__")[0] for name in part} == {f"rulebook.m.x_{f}" for f in "abc"}


def test_a_part_is_given_as_k_of_n_and_anything_else_is_refused():
    assert part_of("2/3") == (2, 3)
    for wrong in ("0/2", "3/2", "2", "a/b", "1/", "-1/2"):
        with pytest.raises(argparse.ArgumentTypeError, match="K/N"):
            part_of(wrong)


def test_a_part_row_says_which_part_and_its_share_of_the_part():
    figures = {
        "module": "keeper.engine.game", "killed": 900, "timeout": 3, "survived": 60,
        "no tests": 0, "not checked": 0, "total": 1927, "rate": 903 / 963, "minutes": 80.0,
        "stopped": False, "sample": None, "part": {"index": 1, "of": 2, "size": 963},
    }  # fmt: skip
    line = row(figures)
    assert "| part 1 of 2: 963 / 1927 | 900 / 963 |" in line
    assert "93.8% of the part" in line and "estimate" not in line


def test_a_debuggers_text_is_no_rule_and_is_left_out_every_other_method_kept():
    state = "rulebook.millennium_blades.engine.state"
    names = [
        f"{state}.xǁSlotǁ__repr____mutmut_1",
        f"{state}.xǁSlotǁ__init____mutmut_2",
        f"{state}.xǁPlayerǁtop__mutmut_3",
        "rulebook.keeper.engine.cards.x__compile__mutmut_4",
        "rulebook.metazoo.engine.game.x_end_effects__mutmut_12",
    ]
    assert [method(name) for name in names] == [
        "__repr__", "__init__", "top", "_compile", "end_effects",
    ]  # fmt: skip
    assert rule_mutants(names) == names[1:]
