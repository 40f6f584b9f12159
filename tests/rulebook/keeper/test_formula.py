"""The guide's cost notation ("3x/2", "(x+t)/12", "y²/x") read and evaluated exactly."""

from fractions import Fraction

import pytest

from rulebook.keeper.formula import FormulaError, parse_formula


@pytest.mark.parametrize(
    ("notation", "values", "expected"),
    [
        ("x", {"x": 3}, 3),
        ("2x", {"x": 3}, 6),
        ("3x/2", {"x": 3}, Fraction(9, 2)),
        ("3x/4", {"x": 1}, Fraction(3, 4)),
        ("x/(y+1)", {"x": 4, "y": 1}, 2),
        ("y²/x", {"x": 4, "y": 2}, 1),
        ("xt", {"x": 2, "t": Fraction(1, 2)}, 1),
        ("4xt", {"x": 2, "t": 3}, 24),
        ("(x+t)/12", {"x": 10, "t": 2}, 1),
        ("x/4+t", {"x": 2, "t": 1}, Fraction(3, 2)),
        ("x/5+t", {"x": 5, "t": 1}, 2),
        ("xy", {"x": 2, "y": 3}, 6),
        ("1.5", {}, Fraction(3, 2)),
        ("0.5", {}, Fraction(1, 2)),
        ("t/2", {"t": 3}, Fraction(3, 2)),
    ],
)
def test_it_evaluates_the_guides_notation_exactly(notation, values, expected):
    assert parse_formula(notation).evaluate(values) == expected


def test_it_reads_implicit_multiplication_left_to_right():
    """ "3x/2" is (3·x)/2, as the guide's caveat reliefs mean it, not 3·(x/2) by accident."""
    assert parse_formula("3x/2").evaluate({"x": 1}) == Fraction(3, 2)


def test_it_names_the_variables_a_formula_uses():
    assert parse_formula("(x+t)/2").variables == {"x", "t"}
    assert parse_formula("2").variables == frozenset()


@pytest.mark.parametrize("notation", ["", "x+", "(x", "2q", "x)"])
def test_it_refuses_what_the_notation_cannot_say(notation):
    with pytest.raises(FormulaError):
        parse_formula(notation)
