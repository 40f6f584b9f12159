"""Proxies to print: cards drawn at their real size (63 by 88 mm) with ReportLab, nine to an A4 or
Letter page, with cut marks. Each card says its name, cost, type, text and stats (the text
wrapped, and set smaller until it fits), shows its picture when it has one, and a sample card
says so across its foot. What a deck prints is decks.proxies' business; this draws any cards.

Each different card is drawn once, as a PDF form, and placed once per copy: a deck of 60 cards
of 20 kinds costs 20 drawings and 20 pictures, not 60, in time and in the file's size.
"""

from __future__ import annotations

import io
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from django.core.files.storage import default_storage
from PIL import Image
from reportlab import rl_config
from reportlab.lib.colors import Color, black, white
from reportlab.lib.pagesizes import A4, letter
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from cards.models import Card
from cards.selectors import card_picture_names
from cards.words import attribute_words, card_summary
from rulebook.registry import GAMES

# ReportLab writes pictures and pages as ASCII text by default (ASCII85, for 7-bit mail): binary
# streams are a fifth of the bytes smaller, and a PDF sent over HTTP is binary anyway.
rl_config.useA85 = 0

PAPERS = {"a4": A4, "letter": letter}
CARD_WIDTH, CARD_HEIGHT = 63 * mm, 88 * mm  # the poker size all four games print at
COLUMNS, ROWS = 3, 3
PER_PAGE = COLUMNS * ROWS
CUT_MARK = 4 * mm  # how far each cut mark reaches out from the grid into the page's margin
CUT_GAP = 1 * mm  # between the grid and its marks, so a mark never shows on a trimmed card
INSET = 3 * mm  # the card's text and picture keep this far from its edge
PICTURE_HEIGHT = 36 * mm
# The rules text starts at this size and is set smaller, a quarter point at a time, down to the
# smallest still readable in print; text that does not fit even then ends in an ellipsis.
TEXT_SIZES = [9 - step / 4 for step in range(17)]  # 9 pt to 5 pt
NAME_SIZES = [11 - step / 2 for step in range(11)]  # 11 pt to 6 pt
MIN_NAME_BESIDE_COST = 9  # a name set smaller than this beside its cost gets the line alone
GREY = Color(0.35, 0.35, 0.35)
LIGHT = Color(0.85, 0.85, 0.85)
SAMPLE_RED = Color(0.7, 0.1, 0.1)
SAMPLE_FLAG = "SAMPLE CARD · invented by Deckwarden, not a real card"
# Attributes that are words about a card rather than numbers, its cost or its text: printed
# under its name as the type line's second half ("Neopet · Kau · red").
NOT_FACTS = {"effects", "attacks", "restrictions", "aura_cost", "stat_boost"}
# ReportLab's built-in fonts (which need no font file on the server) read Windows-1252 only.
FONT, BOLD, ITALIC = "Helvetica", "Helvetica-Bold", "Helvetica-Oblique"
ENCODING = "cp1252"


@dataclass(frozen=True)
class Proxy:
    """One card to print, and how many copies."""

    card: Card
    copies: int


def proxies_pdf(proxies: Sequence[Proxy], *, game: str, paper: str, title: str) -> bytes:
    """The PDF of these cards of one game, each as many times as its copies, nine to a page of
    `paper` ("a4" or "letter", a key of PAPERS), in order."""
    with tempfile.TemporaryDirectory(prefix="proxies-") as pictures:
        return _sheets(proxies, game, PAPERS[paper], title, Path(pictures))


def _sheets(
    proxies: Sequence[Proxy], game: str, size: tuple[float, float], title: str, pictures: Path
) -> bytes:
    page_width, page_height = size
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=size, pageCompression=1)
    canvas.setTitle(title)
    canvas.setCreator("Deckwarden")
    left = (page_width - COLUMNS * CARD_WIDTH) / 2
    bottom = (page_height - ROWS * CARD_HEIGHT) / 2
    slots = [index for index, proxy in enumerate(proxies) for _ in range(proxy.copies)]
    drawn: set[int] = set()
    thumbs = {
        card_id: thumb
        for card_id, (thumb, _) in card_picture_names(proxy.card for proxy in proxies).items()
    }
    for start in range(0, len(slots), PER_PAGE):
        for place, index in enumerate(slots[start : start + PER_PAGE]):
            form = f"card{index}"
            if index not in drawn:  # a form is drawn once, outside any page, and reused
                thumb = thumbs.get(proxies[index].card.pk, "")
                picture = _picture(thumb, pictures / f"{form}.jpg")
                _card_form(canvas, form, proxies[index].card, game, picture)
                drawn.add(index)
            column, row = place % COLUMNS, place // COLUMNS
            canvas.saveState()
            canvas.translate(left + column * CARD_WIDTH, bottom + (ROWS - 1 - row) * CARD_HEIGHT)
            canvas.doForm(form)
            canvas.restoreState()
        _cut_marks(canvas, left, bottom)
        canvas.showPage()
    canvas.save()
    return out.getvalue()


def _cut_marks(canvas: Canvas, left: float, bottom: float) -> None:
    """Short lines in the margin on every cut's line: the grid's edges and the lines between
    its cards (which touch, so one cut parts two)."""
    right, top = left + COLUMNS * CARD_WIDTH, bottom + ROWS * CARD_HEIGHT
    canvas.saveState()
    canvas.setLineWidth(0.5)
    canvas.setStrokeColor(black)
    for column in range(COLUMNS + 1):
        x = left + column * CARD_WIDTH
        canvas.line(x, top + CUT_GAP, x, top + CUT_GAP + CUT_MARK)
        canvas.line(x, bottom - CUT_GAP, x, bottom - CUT_GAP - CUT_MARK)
    for row in range(ROWS + 1):
        y = bottom + row * CARD_HEIGHT
        canvas.line(left - CUT_GAP, y, left - CUT_GAP - CUT_MARK, y)
        canvas.line(right + CUT_GAP, y, right + CUT_GAP + CUT_MARK, y)
    canvas.restoreState()


def _card_form(canvas: Canvas, form: str, card: Card, game: str, picture: str | None) -> None:
    """The card drawn as a form of its own size, its origin at its lower left corner."""
    canvas.beginForm(form, lowerx=0, lowery=0, upperx=CARD_WIDTH, uppery=CARD_HEIGHT)
    _draw_card(canvas, card, game, picture)
    canvas.endForm()


def _draw_card(canvas: Canvas, card: Card, game: str, picture: str | None) -> None:
    """The card's frame; its head (name, cost, type line) from the top down, its foot (sample
    flag, stats) from the bottom up, its picture under the head and its text between."""
    width = CARD_WIDTH - 2 * INSET
    canvas.setStrokeColor(GREY)
    canvas.setLineWidth(0.6)
    canvas.roundRect(1.2 * mm, 1.2 * mm, CARD_WIDTH - 2.4 * mm, CARD_HEIGHT - 2.4 * mm, 2.5 * mm)
    summary = card_summary(game, card.attributes) if card.attributes else None
    top = _draw_head(canvas, card, game, _printable(summary.cost) if summary else "", width)
    if picture is not None:
        canvas.drawImage(
            picture,
            INSET,
            top - PICTURE_HEIGHT,
            width=width,
            height=PICTURE_HEIGHT,
            preserveAspectRatio=True,
            anchor="c",
        )
        top -= PICTURE_HEIGHT + 1.5 * mm
    foot = _draw_foot(canvas, card, game, _printable(summary.stats) if summary else "", width)
    _draw_text(canvas, _rules_text(card, game), INSET, foot, width, top - foot)


def _draw_head(canvas: Canvas, card: Card, game: str, cost: str, width: float) -> float:
    """The name and, at the right, the cost, then the type line; where the head ends. A cost
    too long to leave the name room (MetaZoo's Aura by type) goes on a line of its own."""
    top = CARD_HEIGHT - INSET
    canvas.setFillColor(black)
    name = _printable(card.name)
    beside = width - (stringWidth(cost, BOLD, 10) + 2 * mm if cost else 0)
    cost_below = _fitting_size(name, BOLD, NAME_SIZES, beside) < MIN_NAME_BESIDE_COST
    room = width if cost_below else beside
    size = _fitting_size(name, BOLD, NAME_SIZES, room)
    canvas.setFont(BOLD, size)
    canvas.drawString(INSET, top - size, _clipped(name, BOLD, size, room))
    if cost and cost_below:
        top -= size + 1 * mm
        canvas.setFont(BOLD, 9)
        canvas.drawRightString(CARD_WIDTH - INSET, top - 9, _clipped(cost, BOLD, 9, width))
        top -= 9 + 1.5 * mm
    else:
        if cost:
            canvas.setFont(BOLD, 10)
            canvas.drawRightString(CARD_WIDTH - INSET, top - 10, cost)
        top -= max(size, 10 if cost else 0) + 1.5 * mm
    type_line = _printable(" · ".join(part for part in [card.type, *_facts(card, game)] if part))
    canvas.setFont(ITALIC, 7)
    canvas.setFillColor(GREY)
    canvas.drawString(INSET, top - 7, _clipped(type_line, ITALIC, 7, width))
    return top - 7 - 1.5 * mm


def _draw_foot(canvas: Canvas, card: Card, game: str, stats: str, width: float) -> float:
    """From the bottom up: the sample flag, the proxy's note, the stats; where the foot ends."""
    foot = INSET
    if card.is_sample:
        canvas.setFillColor(SAMPLE_RED)
        canvas.rect(1.2 * mm, foot - 1 * mm, CARD_WIDTH - 2.4 * mm, 4.2 * mm, stroke=0, fill=1)
        canvas.setFillColor(white)
        canvas.setFont(BOLD, 5.6)
        canvas.drawCentredString(CARD_WIDTH / 2, foot + 0.4 * mm, SAMPLE_FLAG)
        foot += 4.2 * mm
    canvas.setFillColor(GREY)
    canvas.setFont(FONT, 5)
    canvas.drawString(INSET, foot, _printable(f"Proxy · {GAMES[game].name}"))
    foot += 5 + 1 * mm
    if stats:
        canvas.setFillColor(black)
        size = _fitting_size(stats, BOLD, [8, 7, 6, 5], width)
        canvas.setFont(BOLD, size)
        canvas.drawString(INSET, foot, _clipped(stats, BOLD, size, width))
        rule = foot + size + 0.8 * mm
        canvas.setStrokeColor(LIGHT)
        canvas.line(INSET, rule, CARD_WIDTH - INSET, rule)
        foot += size + 2 * mm
    return foot


def _draw_text(
    canvas: Canvas, text: str, x: float, bottom: float, width: float, height: float
) -> None:
    """The rules text wrapped in the box, at the largest of TEXT_SIZES that fits it whole; at the
    smallest, the lines that fit and an ellipsis."""
    if not text or height <= 0:
        return
    for size in TEXT_SIZES:
        lines = _wrapped(text, size, width)
        leading = size * 1.2
        if len(lines) * leading <= height:
            break
    else:
        fits = max(int(height // leading), 1)
        lines = lines[:fits]
        lines[-1] = _ellipsized(lines[-1] + " ", FONT, size, width)
    canvas.setFillColor(black)
    text_object = canvas.beginText(x, bottom + height - size)
    text_object.setFont(FONT, size, leading)
    for line in lines:
        text_object.textLine(line)
    canvas.drawText(text_object)


def _wrapped(text: str, size: float, width: float) -> list[str]:
    """The text's lines at this size: its own line breaks kept, long ones wrapped at spaces."""
    lines: list[str] = []
    for paragraph in text.splitlines():
        lines += simpleSplit(paragraph, FONT, size, width) if paragraph.strip() else [""]
    return lines


def _rules_text(card: Card, game: str) -> str:
    """What the card says: its text, then its attacks (MetaZoo) in words."""
    parts = [card.text.strip()]
    attacks = card.attributes.get("attacks") if card.attributes else None
    if attacks:
        parts.append(attribute_words(game, "attacks", attacks))
    boost = card.attributes.get("stat_boost") if card.attributes else None
    if boost:
        parts.append("Boost: " + attribute_words(game, "stat_boost", boost))
    return _printable("\n".join(part for part in parts if part))


def _facts(card: Card, game: str) -> list[str]:
    """The card's attributes that are words (species, colour, tribe, element...), in its game's
    order: numbers are its stats, and structured ones are in its text."""
    spec = GAMES[game]
    attributes = card.attributes or {}
    return [
        attribute_words(spec.slug, name, attributes[name])
        for name, field in spec.attributes.items()
        if name in attributes
        and name not in NOT_FACTS
        and name != spec.cost_attribute
        and not field.numeric
        and isinstance(attributes[name], str | list)
        and attributes[name]
    ]


def _picture(thumb: str, path: Path) -> str | None:
    """The card's picture written to `path` as JPEG, which the PDF embeds as it is, by file name:
    from an image object ReportLab would unpack the pixels again to name it. The thumbnail (240
    by 336 pixels) prints at over 200 dpi in its 36 mm; the full size would cost ten times the
    decoding for nothing seen. None without a picture (an empty `thumb`)."""
    if not thumb:
        return None
    try:
        with default_storage.open(thumb) as stored, Image.open(stored) as opened:
            opened.convert("RGB").save(path, format="JPEG", quality=90)
    except OSError:  # a picture gone from the storage: the card prints without it
        return None
    return str(path)


def _fitting_size(text: str, font: str, sizes: Sequence[float], width: float) -> float:
    """The largest of these sizes at which the text fits the width on one line (else the
    smallest)."""
    return next((size for size in sizes if stringWidth(text, font, size) <= width), sizes[-1])


def _clipped(text: str, font: str, size: float, width: float) -> str:
    """The text, cut short with an ellipsis where it is wider than `width`."""
    if stringWidth(text, font, size) <= width:
        return text
    return _ellipsized(text, font, size, width)


def _ellipsized(text: str, font: str, size: float, width: float) -> str:
    """The text, as much of it as fits the width with an ellipsis after it."""
    while text and stringWidth(text + "…", font, size) > width:
        text = text[:-1]
    return text + "…"


def _printable(text: str) -> str:
    """The text with what the built-in fonts cannot print (outside Windows-1252) as "?"."""
    return text.encode(ENCODING, errors="replace").decode(ENCODING)
