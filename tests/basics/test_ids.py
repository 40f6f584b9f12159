"""basics.ids.integer_text: integers in query strings, read as strictly as JSON integers."""

from __future__ import annotations

import pytest

from basics.ids import MAX_DIGITS, integer_text


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
