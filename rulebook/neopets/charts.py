"""What a Neopets deck's charts count (the site draws them: web.charts)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rulebook.core.charts import DeckChart, counted


def deck_charts(lines: Sequence[Any]) -> list[DeckChart]:
    """Main Deck by level requirement (none = no requirement, 6.4.2) and by card type."""
    levels = counted(lines, "main", lambda line: line.card.attributes.get("level"))
    types = counted(lines, "main", lambda line: line.card.type)
    level_bars = [("none", levels.pop(None, 0))] + [(str(n), levels[n]) for n in range(6)]
    return [
        DeckChart("Main Deck by level requirement", level_bars),
        DeckChart("Main Deck by card type", sorted(types.items())),
    ]
