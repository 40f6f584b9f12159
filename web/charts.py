"""What each game's deck chart counts, drawn by the site's one chart module (web.svgcharts)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from django.utils.safestring import SafeString, mark_safe

from decks.resolution import DeckLine

from .svgcharts import NARROW, Bar, bar_chart


@dataclass(frozen=True)
class BarChart:
    title: str
    bars: Sequence[tuple[str, int]]

    def svg(self) -> SafeString:
        """Horizontal bars, one row each: its label, the bar, its value; an empty chart says so."""
        drawn = bar_chart(
            [Bar(label, value) for label, value in self.bars],
            title=self.title,
            desc=", ".join(f"{label}: {value}" for label, value in self.bars) or "no cards",
            frame=NARROW,
            empty="No cards",
        )
        return mark_safe(drawn)  # web.svgcharts escapes every text it draws


def _counted(lines: Sequence[DeckLine], section: str, value: Callable[[DeckLine], object]):
    counts: Counter = Counter()
    for line in lines:
        if line.section == section:
            counts[value(line)] += line.quantity
    return counts


def _neopets(lines: Sequence[DeckLine]) -> list[BarChart]:
    """Main Deck by level requirement (none = no requirement, 6.4.2) and by card type."""
    levels = _counted(lines, "main", lambda line: line.card.attributes.get("level"))
    types = _counted(lines, "main", lambda line: line.card.type)
    level_bars = [("none", levels.pop(None, 0))] + [(str(n), levels[n]) for n in range(6)]
    return [
        BarChart("Main Deck by level requirement", level_bars),
        BarChart("Main Deck by card type", sorted(types.items())),
    ]


def _keeper(lines: Sequence[DeckLine]) -> list[BarChart]:
    costs = _counted(lines, "deck", lambda line: line.card.attributes.get("cost", 0))
    return [BarChart("Deck by cost", [(str(cost), costs[cost]) for cost in sorted(costs)])]


def _metazoo(lines: Sequence[DeckLine]) -> list[BarChart]:
    """Total Aura the Spellbook's Pages cost, by aura type."""
    aura: Counter = Counter()
    for line in lines:
        if line.section == "spellbook":
            for aura_type, amount in (line.card.attributes.get("aura_cost") or {}).items():
                aura[aura_type] += amount * line.quantity
    return [BarChart("Spellbook aura cost by aura type", sorted(aura.items()))]


def _millennium_blades(lines: Sequence[DeckLine]) -> list[BarChart]:
    """Every card of the deck (Singles, Deck Box, Accessories) by Star Rating and by kind."""
    stars: Counter = Counter()
    kinds: Counter = Counter()
    for line in lines:
        stars[line.card.attributes.get("stars", 0)] += line.quantity
        kinds[line.card.attributes.get("kind") or line.card.type] += line.quantity
    return [
        BarChart("Cards by stars", [(f"{n}★", stars[n]) for n in sorted(stars)]),
        BarChart("Cards by kind", sorted(kinds.items())),
    ]


DECK_CHARTS: dict[str, Callable[[Sequence[DeckLine]], list[BarChart]]] = {
    "neopets": _neopets,
    "keeper": _keeper,
    "metazoo": _metazoo,
    "millennium-blades": _millennium_blades,
}


def deck_charts(game: str, lines: Sequence[DeckLine]) -> list[BarChart]:
    """The charts of a deck that matter in its game (none for a game without any)."""
    chart = DECK_CHARTS.get(game)
    return chart(lines) if chart else []
