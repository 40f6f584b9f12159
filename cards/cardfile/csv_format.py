"""The card data format as CSV: one row per printing (or per card with no printing, or per set
with no printing), read into and written from the same data the JSON format holds.

A card with several printings repeats its card columns on each row; the rows must agree. A
row with no card (`key` and `name` empty) names a set that has no printings, so a set survives
a round trip through CSV even before any card is printed in it; a row with only `game` stands
for a game with no sets or cards at all.
"""

from __future__ import annotations

import csv
import json
from dataclasses import dataclass
from typing import Any

from django.utils.text import slugify

from basics.csvfiles import cell_read, csv_rows, csv_text
from rulebook.core.jsontext import NotJson, json_loads

from .problems import CardFileError, Problem

CSV_COLUMNS = (
    "game",
    "key",
    "name",
    "type",
    "text",
    "attributes",
    "sample",
    "set",
    "set_name",
    "set_released",
    "set_sample",
    "number",
    "rarity",
    "image_url",
    "distinct_namesake",
)
# The columns every file has: a card is named and typed. Any other column may be left out, as
# communities' own spreadsheets do (an absent column reads as empty cells on every row: no
# printing, no attributes, the file's defaults; `game` is the upload's), and a header is read
# without regard to case, spaces or hyphens ("Set name" is set_name).
_REQUIRED_COLUMNS = ("name", "type")
_BOOLEANS = {"true": True, "false": False}
_SET_COLUMNS = {
    "code": "set",
    "name": "set_name",
    "released": "set_released",
    "sample": "set_sample",
}


def csv_write(data: dict[str, Any]) -> str:
    """CSV text of exported card data (the JSON format's dict), rows in the data's order,
    written by the product's CSV writer (safe in a spreadsheet; csv_read undoes its guard)."""
    rows: list[dict[str, str]] = []
    sets = {card_set["code"]: card_set for card_set in data["sets"]}
    printed: set[str] = set()
    for card in data["cards"]:
        columns = {
            "game": data["game"],
            "key": card["key"],
            "name": card["name"],
            "type": card["type"],
            "text": card["text"],
            "attributes": json.dumps(card["attributes"], ensure_ascii=False, sort_keys=True),
            "sample": _bool_text(card["sample"]),
            "distinct_namesake": "true" if card.get("distinct_namesake") else "",
        }
        for printing in card["printings"] or [None]:
            row = dict(columns)
            if printing is not None:
                row.update(_set_columns(sets[printing["set"]]), **_printing_columns(printing))
                printed.add(printing["set"])
            rows.append(row)
    for code, card_set in sets.items():
        if code not in printed:
            rows.append({"game": data["game"], **_set_columns(card_set)})
    if not data["cards"] and not sets:
        rows.append({"game": data["game"]})  # a game with nothing yet: the game alone
    return csv_text(rows, CSV_COLUMNS)


def _column_name(written: str) -> str:
    """A header cell as the format names its column: "Set name" and "set-name" are set_name."""
    return "_".join(written.strip().lower().replace("-", " ").split())


def _bool_text(value: bool) -> str:
    return "true" if value else "false"


def _set_columns(card_set: dict[str, Any]) -> dict[str, str]:
    return {
        "set": card_set["code"],
        "set_name": card_set["name"],
        "set_released": card_set["released"] or "",
        "set_sample": _bool_text(card_set["sample"]),
    }


def _printing_columns(printing: dict[str, Any]) -> dict[str, str]:
    return {
        "number": printing["number"],
        "rarity": printing["rarity"],
        "image_url": printing["image_url"],
    }


@dataclass(frozen=True)
class CsvRead:
    """What CSV text holds: the card data of its well-formed rows, the spreadsheet row on
    which each set and card of that data is first described (so a later check of `cards[3]`
    can name its row), and every problem of the CSV's own making, by row and column."""

    data: dict[str, Any]
    card_rows: tuple[tuple[int, ...], ...]  # each card's rows: its k-th printing's is the k-th
    set_rows: tuple[int, ...]
    problems: tuple[Problem, ...]


def csv_read(text: str, *, source: str) -> dict[str, Any]:
    """The card data (as the JSON format holds it) of CSV text; CardFileError names every
    problem of the CSV's own making, by row and column. The data is checked further by
    `card_file_parse` like any JSON file."""
    read = csv_read_located(text, source=source)
    if read.problems:
        raise CardFileError(list(read.problems))
    return read.data


def csv_read_located(text: str, *, source: str) -> CsvRead:
    """CSV text read as far as it can be: a row with a bad cell is left out of the data and
    named among the problems, so the rest can still be checked in the same pass."""
    reader = _CsvReader(source)
    # Trailing empty cells may be left out of a row, as spreadsheets often do.
    rows = csv_rows(text)
    try:
        rows.fieldnames = reader.header(rows.fieldnames or [])
        if not reader.problems:
            absent = dict.fromkeys(reader.absent, "")
            for row in rows:
                cells = {k: cell_read(v) if isinstance(v, str) else v for k, v in row.items()}
                reader.row({**absent, **cells})
    except csv.Error as exc:
        reader.add(reader.next_row, "", f"is not valid CSV: {exc}")
    return CsvRead(
        data=reader.data(),
        card_rows=tuple(tuple(reader.card_lines[key]) for key in reader.cards),
        set_rows=tuple(row for row, _ in reader.sets.values()),
        problems=tuple(reader.problems),
    )


class _CsvReader:
    """Gathers sets and cards from rows; rows that describe one set or card must agree."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.problems: list[Problem] = []
        self.next_row = 1  # the header is row 1, as a spreadsheet numbers it
        self.game: tuple[int, str] | None = None  # (first row, game)
        self.sets: dict[str, tuple[int, dict[str, Any]]] = {}  # code -> (first row, set)
        self.cards: dict[str, tuple[int, dict[str, Any]]] = {}  # key -> (first row, card)
        self.card_lines: dict[str, list[int]] = {}  # key -> every row describing the card
        self.absent: tuple[str, ...] = ()  # the columns the header leaves out

    def add(self, number: int, column: str, message: str) -> None:
        self.problems.append(Problem(self.source, f"row {number}", column, message))

    def header(self, written: list[str]) -> list[str]:
        """The header's column names as the reader names them; the problems of a header that
        lacks a required column, names one twice or names one the format has not."""
        self.next_row = 2
        columns = [_column_name(name) for name in written]
        missing = [name for name in _REQUIRED_COLUMNS if name not in columns]
        pairs = zip(written, columns, strict=True)
        unknown = [name for name, column in pairs if column not in CSV_COLUMNS]
        twice = sorted({name for name in columns if columns.count(name) > 1} & set(CSV_COLUMNS))
        if missing:
            self.add(1, "", f"lacks the columns {', '.join(missing)}")
        if unknown:
            self.add(
                1, "", f"has unknown columns {', '.join(unknown)}; use {', '.join(CSV_COLUMNS)}"
            )
        if twice:
            self.add(1, "", f"names the columns {', '.join(twice)} more than once")
        self.absent = tuple(name for name in CSV_COLUMNS if name not in columns)
        return columns

    def row(self, row: dict[str, Any]) -> None:
        number = self.next_row
        self.next_row += 1
        if None in row:
            self.add(number, "", "has more cells than the header has columns")
            return
        self.game = self.game or (number, row["game"])
        if row["game"] != self.game[1]:
            self.add(
                number, "game", f"is {row['game']!r}; row {self.game[0]} says {self.game[1]!r}"
            )
        has_card = bool(row["key"] or row["name"])
        if not row["set"] and not has_card:
            if any(value for column, value in row.items() if column != "game"):
                self.add(number, "", "names neither a card nor a set")
        elif not row["set"] and (row["number"] or row["rarity"] or row["image_url"]):
            self.add(number, "set", "is needed for a printing (number, rarity, image_url)")
        before = len(self.problems)
        # A printing whose row leaves the set's name empty names a set already stored (the
        # parser says so when there is none); a row of a set alone must describe it.
        describes_set = bool(row["set"]) and bool(row["set_name"] or not has_card)
        card_set = self.set_of(number, row) if describes_set else None
        card = self.card_of(number, row) if has_card else None
        if len(self.problems) > before:
            return  # a row with a bad cell is not compared with the others
        if card_set is not None:
            self.merge(self.sets, row["set"], number, card_set, _SET_COLUMNS)
        if card is not None:
            key = row["key"] or slugify(row["name"])
            first = self.merge(self.cards, key, number, card, {})
            self.card_lines.setdefault(key, []).append(number)
            if row["set"]:
                first["printings"].append(_printing_of(row))

    def merge(
        self,
        seen: dict[str, tuple[int, dict[str, Any]]],
        identity: str,
        number: int,
        item: dict[str, Any],
        columns: dict[str, str],
    ) -> dict[str, Any]:
        """The first description of a set or card; a later row must describe it the same.
        `columns` maps the item's fields to CSV columns where their names differ."""
        first_row, first = seen.setdefault(identity, (number, item))
        for field in sorted((item.keys() | first.keys()) - {"printings"}):
            if first.get(field) != item.get(field):
                column = columns.get(field, field)
                self.add(number, column, f"differs from row {first_row} for {identity!r}")
        return first

    def set_of(self, number: int, row: dict[str, str]) -> dict[str, Any]:
        card_set: dict[str, Any] = {
            "code": row["set"],
            "name": row["set_name"],
            "released": row["set_released"] or None,
        }
        self.flag(number, row, "set_sample", card_set, "sample")
        return card_set

    def card_of(self, number: int, row: dict[str, str]) -> dict[str, Any]:
        card: dict[str, Any] = {"name": row["name"], "type": row["type"], "text": row["text"]}
        if row["key"]:
            card["key"] = row["key"]
        try:
            card["attributes"] = json_loads(row["attributes"]) if row["attributes"] else {}
        except NotJson as exc:
            self.add(number, "attributes", f"is not valid JSON: {exc}")
        self.flag(number, row, "sample", card, "sample")
        if row.get("distinct_namesake"):
            self.flag(number, row, "distinct_namesake", card, "distinct_namesake")
        card["printings"] = []
        return card

    def flag(self, number: int, row: dict[str, str], column: str, item: dict, field: str) -> None:
        """A true/false cell; empty leaves the file's default."""
        value = row[column].strip().lower()
        if value in _BOOLEANS:
            item[field] = _BOOLEANS[value]
        elif value:
            self.add(number, column, f"must be true, false or empty, not {row[column]!r}")

    def data(self) -> dict[str, Any]:
        return {
            "game": self.game[1] if self.game else "",
            "sets": [card_set for _, card_set in self.sets.values()],
            "cards": [card for _, card in self.cards.values()],
        }


def _printing_of(row: dict[str, str]) -> dict[str, str]:
    printing = {"set": row["set"], "number": row["number"], "rarity": row["rarity"]}
    if row["image_url"]:
        printing["image_url"] = row["image_url"]
    return printing
