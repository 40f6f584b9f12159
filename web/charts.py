"""Server-drawn SVG bar charts, and what each game's deck chart counts.

No chart library and nothing fetched: an SVG string the template embeds, with a <title> and
one <title> per bar so that a screen reader (and a hover) reads the numbers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from decks.resolution import DeckLine

WIDTH, LABEL_WIDTH, ROW, TOP = 320, 110, 20, 24


@dataclass(frozen=True)
class BarChart:
    title: str
    bars: Sequence[tuple[str, int]]

    def svg(self) -> SafeString:
        """Horizontal bars, one row each: its label, the bar, its value; an empty chart says so."""
        height = TOP + ROW * max(len(self.bars), 1) + 4
        parts = [
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" '
            f'role="img" aria-label="{escape(self.title)}">',
            f"<title>{escape(self.title)}</title>",
            f'<text x="0" y="14" font-size="13" font-weight="600">{escape(self.title)}</text>',
        ]
        highest = max((value for _, value in self.bars), default=0)
        room = WIDTH - LABEL_WIDTH - 34  # the value's text goes after the longest bar
        if not highest:
            parts.append(
                f'<text x="0" y="{TOP + 14}" font-size="12" fill="#5b6575">No cards</text>'
            )
        for index, (label, value) in enumerate(self.bars if highest else ()):
            y = TOP + index * ROW
            length = room * value / highest
            parts += [
                f'<text x="{LABEL_WIDTH - 6}" y="{y + 14}" font-size="12" '
                f'text-anchor="end">{escape(label[:16])}</text>',
                f'<rect x="{LABEL_WIDTH}" y="{y + 3}" width="{length:.1f}" height="{ROW - 6}" '
                f'fill="#2f5d8a"><title>{escape(label)}: {value}</title></rect>',
                f'<text x="{LABEL_WIDTH + length + 4:.1f}" y="{y + 14}" '
                f'font-size="12">{value}</text>',
            ]
        parts.append("</svg>")
        return mark_safe("".join(parts))  # every text in it was escaped above


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
