"""CSV answers: a table (its columns and flat rows) as RFC 4180 text, written by the product's one
CSV writer (basics.csvfiles: formula cells neutralised, a byte-order mark first)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rest_framework.renderers import BaseRenderer

from basics.csvfiles import csv_text


@dataclass(frozen=True)
class CsvTable:
    """What a view hands the CSV renderer: the header (kept when there are no rows) and rows."""

    columns: Sequence[str]
    rows: Sequence[Mapping[str, Any]]


class CSVRenderer(BaseRenderer):
    """Renders a view's CsvTable; errors stay JSON (api.errors)."""

    media_type = "text/csv"
    format = "csv"
    charset = "utf-8"

    def render(
        self, data: Any, accepted_media_type: str | None = None, renderer_context: Any = None
    ) -> str:
        return csv_text(data.rows, data.columns)


class PlainTextRenderer(BaseRenderer):
    """Text answers (a decklist) as they are."""

    media_type = "text/plain"
    format = "text"
    charset = "utf-8"

    def render(
        self, data: Any, accepted_media_type: str | None = None, renderer_context: Any = None
    ) -> str:
        return data


class PdfRenderer(BaseRenderer):
    """PDF answers (a deck's proxies to print) as the bytes the view made."""

    media_type = "application/pdf"
    format = "pdf"
    charset = None
    render_style = "binary"

    def render(
        self, data: Any, accepted_media_type: str | None = None, renderer_context: Any = None
    ) -> bytes:
        return data
