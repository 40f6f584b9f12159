"""Ids and other integers as requests write them: query parameters, form fields, path parts."""

from __future__ import annotations

MAX_ID = 2**63 - 1  # the largest id a database holds (a signed 64-bit column); a longer is no row's
MAX_DIGITS = 100  # far past any id, page, version or seed; int() refuses beyond 4300 digits


def integer_text(text: str) -> int | None:
    """`text` as an integer when it is ASCII digits with an optional leading minus sign, at most
    MAX_DIGITS of them; None otherwise.

    str.isdigit() alone is not enough: it admits "²" and other digits that int() refuses.
    """
    digits = text.removeprefix("-")
    if not (digits.isascii() and digits.isdigit()) or len(digits) > MAX_DIGITS:
        return None
    return int(text)


def integer_between(text: str, low: int, high: int) -> int | None:
    """`text` as an integer from `low` to `high` (read strictly, as integer_text reads it);
    None when it is not one. The one reader of a count or id typed by a person: a superscript
    digit, a sign or a number no column holds is refused here, never by the database (a 500).
    """
    number = integer_text(text)
    return number if number is not None and low <= number <= high else None
