"""A deck's charts as plain data: what each game counts, for the site to draw (web.charts).

A game declares its charts in its registration (rulebook.plugin, `deck_charts`): a function of
the deck's lines, each with a `section`, a `quantity` and a `card` carrying `type` and
`attributes` (the site's resolved lines, or anything shaped like them).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class DeckChart:
    """One bar chart of a deck: its title, and its bars as (label, count) in order."""

    title: str
    bars: Sequence[tuple[str, int]]


# What a game's `deck_charts` is: the deck's lines -> its charts.
DeckCharts = Callable[[Sequence[Any]], list[DeckChart]]


def counted(lines: Iterable[Any], section: str, value: Callable[[Any], object]) -> Counter[Any]:
    """Copies in one section by `value` of each line."""
    counts: Counter[Any] = Counter()
    for line in lines:
        if line.section == section:
            counts[value(line)] += line.quantity
    return counts
