"""What the tools' pages draw: a test-game result and battle odds turned into charts and rows.

Plain functions over the answers the services give (`ChunkStats.result()`, `DamageOdds`), so a
page shows exactly the figures the API sends.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rulebook.neopets.odds import DamageOdds
from rulebook.simulation.paired import WITH, WITHOUT

from .svgcharts import (
    COMPACT,
    WIDE,
    Bar,
    Frame,
    Interval,
    bar_chart,
    histogram,
    interval_plot,
    percent,
)

DECK_LABELS = ("Deck A", "Deck B", "Deck C", "Deck D", "Deck E")  # as the form names them
PAIRED_LABELS = ("With the card", "Without it", "Opponent")  # a "test this card" job's decks
CARDS_CHARTED = 15  # the most played cards drawn; the table lists them all
SORTS = ("name", "deck", "played", "games", "win_rate")
DEFAULT_SORT = "-played"


def damage_chart(damage: DamageOdds, who: str) -> str:
    """One attack's damage distribution, each bar the exact chance of that much damage."""
    chances = {amount: float(p) for amount, p in enumerate(damage.probabilities)}
    return histogram(
        chances,
        title=f"{who}: chance of each amount of damage",
        desc=f"{who} deals {float(damage.expected):.2f} damage on average. "
        + "; ".join(f"{amount} damage: {percent(p)}" for amount, p in chances.items() if p),
        x_label="damage",
        value_format=percent,
    )


def deck_labels(result: Mapping[str, Any]) -> tuple[str, ...]:
    """The labels of a result's decks: two for a match, up to five for a table."""
    return DECK_LABELS[: len(result["wins"])]


def win_rate_chart(result: Mapping[str, Any], frame: Frame = WIDE) -> str:
    """Each deck's win rate with its Wilson 95% interval, against an even share (50% of a
    match, 25% of a table of four)."""
    rates, bounds_list = result["win_rate"], result["ci95"]
    intervals = [
        Interval(label, rate, *bounds)
        for label, rate, bounds in zip(deck_labels(result), rates, bounds_list, strict=True)
        if rate is not None and bounds is not None
    ]
    return interval_plot(
        intervals,
        title="Win rate with its 95% interval",
        desc=f"{result['games']} games, {result['draws']} drawn. "
        + "; ".join(
            f"{item.label} won {percent(item.estimate)} "
            f"(95% interval {percent(item.low)} to {percent(item.high)})"
            for item in intervals
        ),
        reference=1 / len(rates),
        frame=frame,
    )


def length_chart(result: Mapping[str, Any], measure: str, frame: Frame = WIDE) -> str:
    """The histogram of a game's `turns` or `rounds`."""
    distribution = result[measure]
    counts = {int(value): count for value, count in distribution["histogram"].items()}
    return histogram(
        counts,
        title=f"Games by number of {measure}",
        desc=f"How many games lasted each number of {measure}; {distribution['mean']} on average.",
        x_label=measure,
        frame=frame,
    )


def placement_charts(result: Mapping[str, Any]) -> list[tuple[str, str]]:
    """A table's result: for each deck, the histogram of the places it finished in (a shared
    place counts for each deck sharing it)."""
    charts = []
    for label, places in zip(deck_labels(result), result["placements"], strict=True):
        counts = {int(place): games for place, games in places.items()}
        said = "; ".join(f"place {place} in {games} games" for place, games in counts.items())
        charts.append(
            (
                label,
                two_sizes(
                    histogram,
                    counts,
                    title=f"{label}: games by place",
                    desc=f"{label} finished {said}.",
                    x_label="place",
                ),
            )
        )
    return charts


@dataclass(frozen=True)
class CardFigure:
    """One card of one deck: times played, and the deck's record in games where it was played."""

    deck: str
    name: str
    played: int
    games: int
    wins: int
    win_rate: float | None
    ci95: Sequence[float] | None


def card_figures(result: Mapping[str, Any], sort: str = DEFAULT_SORT) -> list[CardFigure]:
    """Every card of both decks, sorted by `sort` (a column of SORTS, "-" first for descending;
    anything else sorts by DEFAULT_SORT). Ties keep deck and name order."""
    rows = [
        CardFigure(
            label,
            name,
            figures["played"],
            figures["games"],
            figures["wins"],
            figures["win_rate"],
            figures["ci95"],
        )
        for label, cards in zip(deck_labels(result), result["cards"], strict=True)
        for name, figures in cards.items()
    ]
    if sort.lstrip("-") not in SORTS:
        sort = DEFAULT_SORT
    column = sort.lstrip("-")
    rows.sort(key=lambda row: (row.deck, row.name))
    present = [row for row in rows if getattr(row, column) is not None]
    missing = [row for row in rows if getattr(row, column) is None]  # always last
    present.sort(key=lambda row: getattr(row, column), reverse=sort.startswith("-"))
    return present + missing


def card_chart(figures: Sequence[CardFigure], frame: Frame = WIDE) -> str:
    """The deck's win rate in games where each of the most played cards was played."""
    charted = sorted(
        (row for row in figures if row.win_rate is not None), key=lambda row: -row.played
    )[:CARDS_CHARTED]
    bars = [
        Bar(f"{row.name} ({row.deck.removeprefix('Deck ')})", row.win_rate, f"in {row.games} games")
        for row in charted
    ]
    return bar_chart(
        bars,
        title="Win rate when the card was played",
        desc=f"The {len(bars)} most played cards: their deck's win rate in the games where "
        "the card was played. " + "; ".join(f"{bar.label}: {percent(bar.value)}" for bar in bars),
        value_format=percent,
        maximum=1.0,
        frame=frame,
    )


def signed_percent(value: float) -> str:
    return f"{value:+.1%}"


def difference_chart(difference: Mapping[str, Any], frame: Frame = WIDE) -> str:
    """The difference a card makes to its deck's win rate, with its paired 95% interval,
    against no difference at all."""
    low, high = difference["ci95"] or (difference["win_rate"], difference["win_rate"])
    reach = max(0.05, abs(low), abs(high))
    reach = min(1.0, math.ceil(reach * 20) / 20)  # to the next 5%
    item = Interval("With minus without", difference["win_rate"], low, high)
    return interval_plot(
        [item],
        title="The difference the card makes to the win rate",
        desc=f"With the card the deck wins {signed_percent(item.estimate)} more often "
        f"(95% interval {signed_percent(low)} to {signed_percent(high)}).",
        domain=(-reach, reach),
        reference=0.0,
        value_format=signed_percent,
        frame=frame,
    )


def paired_matches_chart(result: Mapping[str, Any], frame: Frame = WIDE) -> str:
    """The deck's win rate against the opponent with the card and without it."""
    intervals = [
        Interval(label, match["win_rate"][0], *match["ci95"][0])
        for label, match in zip(PAIRED_LABELS, (result[WITH], result[WITHOUT]), strict=False)
        if match["ci95"][0] is not None
    ]
    return interval_plot(
        intervals,
        title="Win rate against the opponent, with and without the card",
        desc="; ".join(
            f"{item.label}: {percent(item.estimate)} "
            f"(95% interval {percent(item.low)} to {percent(item.high)})"
            for item in intervals
        ),
        reference=0.5,
        frame=frame,
    )


DOCTOR_CHARTED = 24  # swaps a doctor's chart draws: a format's cards make up to 256


def doctor_chart(result: Mapping[str, Any], frame: Frame = WIDE) -> str:
    """The first DOCTOR_CHARTED swaps' change in the deck's win (first-place) rate, each with
    its 95% interval, best first, against no change (the table below it lists them all)."""
    swaps = [swap for swap in result["swaps"][:DOCTOR_CHARTED] if swap["ci95"]]
    items = [
        Interval(f"{s['count']} {s['out_name']} → {s['in_name']}", s["delta"], *s["ci95"])
        for s in swaps
    ]
    bounds = [abs(bound) for item in items for bound in (item.low, item.high)]
    reach = min(1.0, math.ceil(max([0.05, *bounds]) * 20) / 20)  # to the next 5%
    measure = "first-place rate" if result["measure"] == "first_place_rate" else "win rate"
    return interval_plot(
        items,
        title=f"The change each swap makes to the deck's {measure}",
        desc="; ".join(
            f"{item.label}: {signed_percent(item.estimate)} (95% interval "
            f"{signed_percent(item.low)} to {signed_percent(item.high)})"
            for item in items
        ),
        domain=(-reach, reach),
        reference=0.0,
        value_format=signed_percent,
        frame=frame,
        # over each whisker, across the chart: in a column at its left, a swap's two names were
        # cut to 24 letters (14 on a phone), and the incoming card's was the one cut off
        labels_above=True,
    )


def two_sizes(chart: Callable[..., str], *args: Any, **kwargs: Any) -> str:
    """The chart drawn narrow (svgcharts.COMPACT, legible when scaled to a phone) then wide:
    the stylesheet shows the narrow one on a phone and the wide one elsewhere (tools.css)."""
    return chart(*args, **kwargs, frame=COMPACT) + chart(*args, **kwargs, frame=WIDE)
