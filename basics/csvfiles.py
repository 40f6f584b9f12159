"""The one CSV writer of the product: every CSV a person may open in a spreadsheet comes from here.

Two things make a CSV safe and readable in Excel, LibreOffice and Google Sheets:

- Formula injection (OWASP "CSV Injection"): a cell starting with `=`, `+`, `-`, `@`, a tab or a
  carriage return is run as a formula, so a player named `=HYPERLINK(...)` would reach an
  organiser's spreadsheet as live code. Such a text cell is written with a leading `'`, which
  spreadsheets read as "this is text". Numbers and booleans are written as they are (a number
  is no formula). `cell_read` undoes the prefix for files the product reads back (card files),
  and the prefix is reversible: a text that itself starts with quotes before such a character
  gets one more quote, so a round trip gives back exactly what was written.
- A UTF-8 byte-order mark first, without which Excel reads UTF-8 as its local code page and
  shows `Ã©` for `é`.

Rows end in CRLF, as RFC 4180 says (the writer then quotes any cell holding a CR or an LF).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

BOM = "\ufeff"
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def cell_safe(value: Any) -> Any:
    """The value as a spreadsheet reads it as data: a text cell that would start a formula gets
    a leading `'`; anything that is not text is left as it is."""
    if isinstance(value, str) and value.lstrip("'").startswith(FORMULA_STARTS):
        return "'" + value
    return value


def cell_read(text: str) -> str:
    """The text `cell_safe` was given: one leading `'` it added is taken off again."""
    if text.startswith("'") and text.lstrip("'").startswith(FORMULA_STARTS):
        return text[1:]
    return text


def csv_text(rows: Iterable[Mapping[str, Any]], fieldnames: Sequence[str]) -> str:
    """The rows as CSV text: a byte-order mark, a header of `fieldnames` (written even when
    there are no rows, so an empty export still names its columns), then one line per row with
    every cell made safe. A row may leave out columns (they are empty)."""
    out = io.StringIO()
    out.write(BOM)
    writer = csv.DictWriter(out, fieldnames=list(fieldnames), lineterminator="\r\n")
    writer.writeheader()
    writer.writerows({key: cell_safe(value) for key, value in row.items()} for row in rows)
    return out.getvalue()


def csv_rows(text: str) -> csv.DictReader:
    """Rows of CSV text as dicts, a leading byte-order mark ignored (the reader's counterpart
    of csv_text; cells are as written, `cell_read` undoes the formula guard)."""
    return csv.DictReader(io.StringIO(text.removeprefix(BOM), newline=""), restval="")
