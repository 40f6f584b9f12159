"""A deck's charts, drawn by the site's one chart module (web.svgcharts): what each game counts
is declared by its registration (rulebook.plugin, `deck_charts`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.safestring import SafeString, mark_safe

from decks.resolution import DeckLine
from rulebook.registry import PLUGINS

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


def deck_charts(game: str, lines: Sequence[DeckLine]) -> list[BarChart]:
    """The charts of a deck that matter in its game (none for a game without any)."""
    plugin = PLUGINS.get(game)
    if plugin is None or plugin.deck_charts is None:
        return []
    return [BarChart(chart.title, chart.bars) for chart in plugin.deck_charts(lines)]
