"""What a Keeper of the Cards deck's chart counts (the site draws it: web.charts)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rulebook.core.charts import DeckChart, counted


def deck_charts(lines: Sequence[Any]) -> list[DeckChart]:
    """The deck by printed cost."""
    costs = counted(lines, "deck", lambda line: line.card.attributes.get("cost", 0))
    return [DeckChart("Deck by cost", [(str(cost), costs[cost]) for cost in sorted(costs)])]
