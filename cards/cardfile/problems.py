"""A problem found in a card file, and the one error that carries all of them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Problem:
    """One problem: which file, which record (`cards[49] "Hot Dog"`), which field, and what."""

    source: str
    record: str
    field: str
    message: str

    def __str__(self) -> str:
        where = ": ".join(part for part in (self.source, self.record, self.field) if part)
        return f"{where}: {self.message}"


class CardFileError(Exception):
    """A card file refused whole; `problems` names every problem found, not just the first."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__(self.report())

    def report(self) -> str:
        count = len(self.problems)
        lines = [f"{count} problem{'s' if count != 1 else ''} found; nothing was imported:"]
        lines.extend(f"  {problem}" for problem in self.problems)
        return "\n".join(lines)
