"""Reading many rows by value: `WHERE x IN (...)` with a bound list of values.

SQLite refuses a statement with more variables than its build allows (999 before 3.32, 32,766
since; Debian's 250,000), so a lookup whose list grows with the request (a batch of decks, a
card file, a long decklist) is read in chunks of IN_CHUNK values, never refused. PostgreSQL has
no such limit; the chunks cost it a few more round trips only on the largest requests.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import TypeVar

T = TypeVar("T")

IN_CHUNK = 500


def in_chunks(values: Iterable[T], size: int = IN_CHUNK) -> Iterator[Sequence[T]]:
    """The values in order, `size` at a time (a set is read in its iteration order)."""
    values = list(values)
    for start in range(0, len(values), size):
        yield values[start : start + size]
