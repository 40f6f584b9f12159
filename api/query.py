"""Reading integers written as text (query parameters), as strictly as JSON integers are read."""

from __future__ import annotations

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
