"""What a MetaZoo deck's chart counts (the site draws it: web.charts)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from rulebook.core.charts import DeckChart


def deck_charts(lines: Sequence[Any]) -> list[DeckChart]:
    """Total Aura the Spellbook's Pages cost, by aura type."""
    aura: Counter[Any] = Counter()
    for line in lines:
        if line.section == "spellbook":
            for aura_type, amount in (line.card.attributes.get("aura_cost") or {}).items():
                aura[aura_type] += amount * line.quantity
    return [DeckChart("Spellbook aura cost by aura type", sorted(aura.items()))]
