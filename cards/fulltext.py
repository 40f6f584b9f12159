"""The full-text form of a card's rules text, which `o:` searches on PostgreSQL.

Card.text_vector is a stored generated column: PostgreSQL computes `to_tsvector('english', text)`
on every write, so a search compares stored vectors instead of parsing each card's text again.
SQLite has no full-text type; there the column is always NULL and `o:` reads `text` itself.
"""

from __future__ import annotations

from typing import Any

from django.contrib.postgres.search import SearchVector

FULL_TEXT_CONFIG = "english"


class RulesTextVector(SearchVector):
    """`to_tsvector('english', COALESCE(text, ''))` on PostgreSQL, NULL on SQLite."""

    def __init__(self, **extra: Any) -> None:
        super().__init__("text", config=FULL_TEXT_CONFIG, **extra)

    def as_sqlite(self, compiler, connection, **extra_context) -> tuple[str, list]:
        return "NULL", []
