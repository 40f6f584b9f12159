"""basics.ids.integer_text: integers in query strings, read as strictly as JSON integers."""

from __future__ import annotations

import pytest

from basics.ids import MAX_DIGITS, integer_between, integer_text


@pytest.mark.parametrize(
    ("text", "number"),
    [("0", 0), ("7", 7), ("-7", -7), ("007", 7), ("9" * MAX_DIGITS, 10**100 - 1)],
)
def test_it_reads_ascii_digits_with_an_optional_minus_sign(text, number):
    assert integer_text(text) == number


@pytest.mark.parametrize(
    "text", ["", "-", "+7", " 7", "7 ", "1.5", "1e3", "²", "٣", "seven", "9" * (MAX_DIGITS + 1)]
)
def test_it_refuses_anything_else_without_raising(text):
    assert integer_text(text) is None


@pytest.mark.parametrize(
    ("text", "number"), [("0", 0), ("3", 3), ("999", 999), ("1000", None), ("-1", None)]
)
def test_integer_between_holds_the_range(text, number):
    assert integer_between(text, 0, 999) == number


@pytest.mark.parametrize("text", ["²", "٣", "999999999999", "9" * 5000, ""])
def test_integer_between_refuses_what_no_count_is_without_raising(text):
    assert integer_between(text, 0, 999) is None
