"""Card files on disk: JSON, or CSV when the name ends in .csv."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rulebook.core.jsontext import NotJson, json_loads

from .csv_format import csv_read, csv_write
from .problems import CardFileError, Problem

FORMATS = ("json", "csv")


def card_file_read(path: Path) -> Any:
    """The data of a card file, not yet checked; CardFileError when it cannot be read at all."""
    source = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise CardFileError([Problem(source, "", "", f"cannot be read: {exc.strerror}")]) from None
    except UnicodeDecodeError as exc:
        message = f"is not UTF-8 text (byte {exc.start})"
        raise CardFileError([Problem(source, "", "", message)]) from None
    if path.suffix.lower() == ".csv":
        return csv_read(text, source=source)
    try:
        return json_loads(text)
    except NotJson as exc:
        raise CardFileError([Problem(source, "", "", f"is not valid JSON: {exc}")]) from None


def card_file_render(data: dict[str, Any], fmt: str) -> str:
    """Exported card data as the text of a JSON or CSV card file."""
    if fmt == "csv":
        return csv_write(data)
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
