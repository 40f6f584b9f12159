"""SVG charts drawn on the server: bar charts, histograms and interval plots, for every page of
the site (the deck editor's charts in charts.py, the tools' test-game and odds figures in
figures.py).

Pure functions from numbers to SVG markup, with no library and nothing fetched: a page embeds
the string as it is. Every chart is an image with a <title> and a <desc> (read by screen
readers, named by aria-labelledby) and prints its values as text, so it reads without colour.
Colours come from classes the stylesheet may restyle; the fill attributes are the fallback.
"""

from __future__ import annotations

import itertools
import re
import textwrap
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from html import escape

WIDTH = 640
ROW = 26  # height of one bar of a bar chart or one row of an interval plot
LABEL_LINE = 16  # the line a label over its row takes (interval_plot's labels_above)
LABEL_WIDTH = 200  # room for the labels of a bar chart or an interval plot
VALUE_WIDTH = 190  # room for the printed values at the right
PLOT_HEIGHT = 180  # height of a histogram's bars at their tallest
CHARACTER = 7.5  # the width of an average character of the charts' 13-unit text
DOT_ROOM = 8  # keeps an interval's dot clear of its label at 0 and of its value at 1
MAX_SLOT = 64  # widest a histogram's bar may be, so a few values do not make slabs
MARGIN = 8
ACCENT = "#2b6cb0"
MUTED = "#718096"

Formatter = Callable[[float], str]
_ids = itertools.count(1)


@dataclass(frozen=True)
class Frame:
    """How wide a bar chart is drawn: in all, for its labels, for its printed values."""

    width: int = WIDTH
    label_width: int = LABEL_WIDTH
    value_width: int = VALUE_WIDTH


WIDE = Frame()  # a chart across a page
NARROW = Frame(width=320, label_width=110, value_width=40)  # a chart in a side panel
# A chart that scales down to a phone and stays legible (the test-game results): drawn 400
# wide, shown at most that wide, so its 13-unit text is about 10 px on a 360 px screen.
COMPACT = Frame(width=400, label_width=130, value_width=150)


@dataclass(frozen=True)
class Bar:
    label: str
    value: float
    note: str = ""  # printed after the value, e.g. "(12 games)"


@dataclass(frozen=True)
class Interval:
    """An estimate with its interval, e.g. a win rate and its Wilson 95% bounds."""

    label: str
    estimate: float
    low: float
    high: float


def plain(value: float) -> str:
    return f"{value:g}"


def percent(value: float) -> str:
    return f"{value:.1%}"


def bar_chart(
    bars: Sequence[Bar],
    *,
    title: str,
    desc: str,
    value_format: Formatter = plain,
    maximum: float | None = None,
    frame: Frame = WIDE,
    empty: str = "No data.",
) -> str:
    """Horizontal bars, one a row, labelled at the left and valued at the right; `empty` is
    said instead when no bar is above zero."""
    top = maximum if maximum is not None else max((bar.value for bar in bars), default=0)
    if top <= 0:
        return _svg(title, desc, 2 * MARGIN + ROW, _note(escape(empty)), frame.width)
    label_width = frame.label_width
    span = frame.width - label_width - frame.value_width - 2 * MARGIN
    rows = []
    for index, bar in enumerate(bars):
        y = MARGIN + index * ROW
        length = _scale(bar.value, top, span)
        value = f"{value_format(bar.value)} {bar.note}".strip()
        rows.append(
            f'<text x="{label_width - 6}" y="{y + ROW / 2}" text-anchor="end" '
            f'dominant-baseline="middle">{_short(bar.label, frame)}</text>'
            f'<rect class="chart-bar" x="{label_width}" y="{y + 4}" width="{length:.1f}" '
            f'height="{ROW - 8}" fill="{ACCENT}"><title>{escape(bar.label)}: '
            f"{escape(value)}</title></rect>"
            f'<text x="{label_width + length + 6:.1f}" y="{y + ROW / 2}" '
            f'dominant-baseline="middle">{escape(value)}</text>'
        )
    height = 2 * MARGIN + len(bars) * ROW
    return _svg(title, desc, height, "".join(rows), frame.width)


def histogram(
    counts: Mapping[int, float],
    *,
    title: str,
    desc: str,
    x_label: str,
    value_format: Formatter = plain,
    frame: Frame = WIDE,
) -> str:
    """Vertical bars over consecutive whole numbers (gaps drawn as empty), each valued on top."""
    if not counts:
        return _svg(title, desc, 2 * MARGIN + ROW, _note("No data."), frame.width)
    low, high = min(counts), max(counts)
    values = range(low, high + 1)
    top = max(counts.values())
    slot = min((frame.width - 2 * MARGIN) / len(values), MAX_SLOT)
    base = MARGIN + 16 + PLOT_HEIGHT
    parts = []
    # keep the axis readable with many values
    show_every = max(1, round(len(values) / (20 * frame.width / WIDTH)))
    for index, value in enumerate(values):
        amount = counts.get(value, 0)
        height = _scale(amount, top, PLOT_HEIGHT)
        x = MARGIN + index * slot
        middle = x + slot / 2
        parts.append(
            f'<rect class="chart-bar" x="{x + 1:.1f}" y="{base - height:.1f}" '
            f'width="{max(slot - 2, 1):.1f}" height="{height:.1f}" fill="{ACCENT}">'
            f"<title>{escape(x_label)} {value}: {escape(value_format(amount))}</title></rect>"
        )
        if index % show_every == 0:
            parts.append(
                f'<text x="{middle:.1f}" y="{base + 14}" text-anchor="middle">{value}</text>'
            )
            if amount:
                parts.append(
                    f'<text class="chart-value" x="{middle:.1f}" y="{base - height - 4:.1f}" '
                    f'text-anchor="middle">{escape(value_format(amount))}</text>'
                )
    parts.append(
        f'<text x="{frame.width / 2}" y="{base + 32}" text-anchor="middle" fill="{MUTED}">'
        f"{escape(x_label)}</text>"
    )
    return _svg(title, desc, base + 40, "".join(parts), frame.width)


def interval_plot(
    intervals: Sequence[Interval],
    *,
    title: str,
    desc: str,
    domain: tuple[float, float] = (0.0, 1.0),
    reference: float | None = None,
    value_format: Formatter = percent,
    frame: Frame = WIDE,
    labels_above: bool = False,
) -> str:
    """Each estimate as a dot on a whisker from its low to its high bound, over `domain`;
    `labels_above` writes each label over its whisker across the chart's whole width (for
    long labels, such as a swap naming two cards) rather than in a column at its left.
    `reference` draws a dashed line (e.g. an even 50% chance). Each row prints its estimate
    and bounds where the frame has room for them, else its estimate alone (a phone's chart:
    the bounds are in the dot's tooltip and the table beside it), and the whiskers take the
    room the printed values leave."""
    start, end = domain
    # labels above leave the left for the axis: room for half its first tick ("-10.0%")
    label_width = 4 * CHARACTER if labels_above else frame.label_width
    texts = [
        f"{value_format(item.estimate)} ({value_format(item.low)} to {value_format(item.high)})"
        for item in intervals
    ]
    printed = texts
    if max((len(text) for text in texts), default=0) * CHARACTER > frame.value_width:
        printed = [value_format(item.estimate) for item in intervals]
    value_room = min(frame.value_width, max((len(t) for t in printed), default=0) * CHARACTER + 12)
    span = frame.width - label_width - value_room - 2 * MARGIN

    def at(value: float) -> float:
        return (
            label_width
            + DOT_ROOM
            + _scale(min(max(value, start), end) - start, end - start, span - 2 * DOT_ROOM)
        )

    wrapped = [_wrapped(item.label, frame) if labels_above else [] for item in intervals]
    row = ROW + LABEL_LINE * max(map(len, wrapped), default=0)
    height = 2 * MARGIN + max(len(intervals), 1) * row + 18
    parts = []
    for index, (item, text, shown) in enumerate(zip(intervals, texts, printed, strict=True)):
        top = MARGIN + index * row
        y = top + row - ROW / 2  # the whisker's line, under its label when that is above it
        parts.append(
            _label_above(wrapped[index], top + LABEL_LINE / 2 + 2)
            if labels_above
            else f'<text x="{label_width - 6}" y="{y}" text-anchor="end" '
            f'dominant-baseline="middle">{_short(item.label, frame)}</text>'
        )
        parts.append(
            f'<line class="chart-whisker" x1="{at(item.low):.1f}" x2="{at(item.high):.1f}" '
            f'y1="{y}" y2="{y}" stroke="{ACCENT}" stroke-width="3"/>'
            f'<circle class="chart-dot" cx="{at(item.estimate):.1f}" cy="{y}" r="5" '
            f'fill="{ACCENT}"><title>{escape(item.label)}: {escape(text)}</title></circle>'
            f'<text x="{label_width + span + 8}" y="{y}" dominant-baseline="middle">'
            f"{escape(shown)}</text>"
        )
    axis_y = height - MARGIN - 4
    for tick in (start, (start + end) / 2, end):
        parts.append(
            f'<text x="{at(tick):.1f}" y="{axis_y}" text-anchor="middle" fill="{MUTED}">'
            f"{escape(value_format(tick))}</text>"
        )
    if reference is not None:
        parts.append(
            f'<line class="chart-reference" x1="{at(reference):.1f}" x2="{at(reference):.1f}" '
            f'y1="{MARGIN}" y2="{axis_y - 12}" stroke="{MUTED}" stroke-dasharray="4 3"/>'
        )
    return _svg(title, desc, height, "".join(parts), frame.width)


def _scale(value: float, top: float, length: float) -> float:
    return 0.0 if top <= 0 else max(0.0, value) / top * length


def _short(label: str, frame: Frame) -> str:
    """A label that fits its column, short of the gap before the bar (about 8 units a letter,
    24 letters at most); the full one is in the bar's tooltip and the table."""
    limit = min(24, (frame.label_width - 12) // 8)
    return escape(label if len(label) <= limit else label[: limit - 1] + "…")


def _wrapped(label: str, frame: Frame) -> list[str]:
    """A label over its row in lines across the chart's width, broken between words, as many
    as it takes: never cut short (a swap's two card names take two on a phone's chart)."""
    width = int((frame.width - 2 * MARGIN) / CHARACTER)
    return textwrap.wrap(label, width) or [""]


def _label_above(lines: Sequence[str], y: float) -> str:
    return "".join(
        f'<text x="{MARGIN}" y="{y + number * LABEL_LINE}" dominant-baseline="middle">'
        f"{escape(line)}</text>"
        for number, line in enumerate(lines)
    )


def _note(text: str) -> str:
    return f'<text x="{MARGIN}" y="{MARGIN + ROW / 2}" dominant-baseline="middle">{text}</text>'


def _svg(title: str, desc: str, height: float, body: str, width: int = WIDTH) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-") or "chart"
    ident = f"chart-{slug}-{next(_ids)}"
    size = "" if width == WIDTH else f" width-{width}"  # the stylesheet caps a narrower one
    return (
        f'<svg class="chart{size}" role="img" viewBox="0 0 {width} {height:.0f}" '
        f'width="100%" preserveAspectRatio="xMinYMin meet" font-size="13" '
        f'font-family="system-ui, sans-serif" aria-labelledby="{ident}-title {ident}-desc" '
        f'xmlns="http://www.w3.org/2000/svg">'
        f'<title id="{ident}-title">{escape(title)}</title>'
        f'<desc id="{ident}-desc">{escape(desc)}</desc>{body}</svg>'
    )
