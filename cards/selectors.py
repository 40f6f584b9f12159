"""Reads of the card database: search, named lookup, autocomplete, batch lookup, suggestions.

PostgreSQL answers similarity questions with pg_trgm (the trigram GIN index on `name`); other
databases get a plain-Python fallback over the game's names that gives the same answers for
ordinary typos.
"""

from __future__ import annotations

import difflib

from django.contrib.postgres.search import TrigramSimilarity
from django.db import connection

from .models import Card

# pg_trgm's default `%` threshold; difflib's ratio is on a similar 0..1 scale.
SIMILARITY_THRESHOLD = 0.3
FALLBACK_CUTOFF = 0.6


def _uses_trigrams() -> bool:
    return connection.vendor == "postgresql"


def card_suggestions(*, game: str, name: str, limit: int = 5) -> list[str]:
    """Names of the game's cards most like `name`, best first: the "did you mean" list.

    An unknown game or an empty name has no suggestions.
    """
    name = name.strip()
    if not name or limit <= 0:
        return []
    cards = Card.objects.filter(game__slug=game)
    if _uses_trigrams():
        rows = (
            cards.filter(name__trigram_similar=name)
            .annotate(similarity=TrigramSimilarity("name", name))
            .order_by("-similarity", "name")
            .values_list("name", flat=True)
        )
        return _unique(rows, limit)
    names = {candidate.lower(): candidate for candidate in cards.values_list("name", flat=True)}
    matches = difflib.get_close_matches(name.lower(), list(names), n=limit, cutoff=FALLBACK_CUTOFF)
    return [names[match] for match in matches]


def _unique(names, limit: int) -> list[str]:
    """The first `limit` distinct names (MetaZoo Pages may share a name across keys)."""
    seen: list[str] = []
    for candidate in names[: limit * 4]:
        if candidate not in seen:
            seen.append(candidate)
        if len(seen) == limit:
            break
    return seen
