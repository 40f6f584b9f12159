"""Spreadsheets of Neopets Food cards, as a community keeps its list (CSV with a header), for
the bulk upload tests and the benchmark."""

from __future__ import annotations

import json

from basics.csvfiles import csv_text
from cards.cardfile.csv_format import CSV_COLUMNS


def food_row(n: int, **changes: str) -> dict[str, str]:
    row = {
        "game": "neopets",
        "key": f"snack-{n}",
        "name": f"Snack {n}",
        "type": "Food",
        "text": "Heal 1 HP.",
        "attributes": json.dumps({"effects": [{"do": "heal", "n": 1}]}),
        "sample": "false",
        "set": "CMT",
        "set_name": "Community Set",
        "set_released": "2026-01-01",
        "set_sample": "false",
        "number": str(n),
        "rarity": "common",
        "image_url": "",
        "distinct_namesake": "",
    }
    return {**row, **changes}


def spreadsheet(rows: list[dict[str, str]]) -> bytes:
    return csv_text(rows, CSV_COLUMNS).encode()


def foods(count: int) -> list[dict[str, str]]:
    return [food_row(n) for n in range(1, count + 1)]
