"""CSV answers: a list of flat rows (dicts with the same keys) as RFC 4180 text."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from typing import Any

from rest_framework.renderers import BaseRenderer


def csv_text(rows: Sequence[dict[str, Any]]) -> str:
    """The rows with a header line of their keys; no rows, no text."""
    if not rows:
        return ""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(rows[0]))
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


class CSVRenderer(BaseRenderer):
    """Renders a view's `rows` (a list of flat dicts); errors stay JSON (api.errors)."""

    media_type = "text/csv"
    format = "csv"
    charset = "utf-8"

    def render(
        self, data: Any, accepted_media_type: str | None = None, renderer_context: Any = None
    ) -> str:
        return csv_text(data)
