"""What a Millennium Blades deck's charts count (the site draws them: web.charts)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from rulebook.core.charts import DeckChart


def deck_charts(lines: Sequence[Any]) -> list[DeckChart]:
    """Every card of the deck (Singles, Deck Box, Accessories) by Star Rating and by kind."""
    stars: Counter[Any] = Counter()
    kinds: Counter[Any] = Counter()
    for line in lines:
        stars[line.card.attributes.get("stars", 0)] += line.quantity
        kinds[line.card.attributes.get("kind") or line.card.type] += line.quantity
    return [
        DeckChart("Cards by stars", [(f"{n}★", stars[n]) for n in sorted(stars)]),
        DeckChart("Cards by kind", sorted(kinds.items())),
    ]
