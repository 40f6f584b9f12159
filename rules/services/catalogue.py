"""A per-process cache of committed catalogue reads, so validating a deck needs no query.

Validation reads the same few hundred cards and one format over and over. Each process keeps
what it has read (cards by the way requests name them, formats by day) and throws it all away
when the catalogue changes:
- at once, after a commit in this process that saves or deletes a card, format or list entry
  (signals connected in rules.apps);
- otherwise within CATALOGUE_RECHECK_SECONDS (settings, default 1 s): the first request after
  that interval compares a stamp of the catalogue (card count, highest id, latest update; the
  format and list rows themselves, which are few) with the stamp the cache was filled under.

Reads inside a transaction never use the cache: they may see rows not yet committed (this is
also what keeps tests, each inside a transaction, exact). A recheck interval of 0 turns the
cache off.
"""

from __future__ import annotations

import math
import time
from collections.abc import Hashable
from typing import Any

from django.conf import settings
from django.db import connection
from django.db.models import Max

from cards.models import Card
from rules.models import Format, FormatListEntry

DEFAULT_RECHECK_SECONDS = 1.0
MAX_ITEMS = 100_000  # beyond this many cached reads, start again rather than grow


def recheck_seconds() -> float:
    return float(getattr(settings, "CATALOGUE_RECHECK_SECONDS", DEFAULT_RECHECK_SECONDS))


def catalogue_stamp() -> tuple[Any, ...]:
    """What changes whenever anything validation reads changes (three small queries)."""
    # Two queries, each answered from an index: the count by an index-only scan, the maxima
    # by their indexes (one aggregate mixing them would scan the whole table).
    cards = {
        "count": Card.objects.count(),
        **Card.objects.aggregate(last=Max("id"), updated=Max("updated")),
    }
    formats = Format.objects.order_by("id").values_list(
        "id", "game_id", "slug", "name", "ruleset", "is_default", "options"
    )
    entries = FormatListEntry.objects.order_by("id").values_list(
        "id", "format_id", "card_id", "status", "limit", "effective"
    )
    return (tuple(cards.values()), repr(list(formats)), tuple(entries))


class CatalogueCache:
    """Reads remembered by key; `active()` says whether they may be used for this read."""

    def __init__(self) -> None:
        self._items: dict[Hashable, Any] = {}
        self._stamp: tuple[Any, ...] | None = None
        self._checked_at = -math.inf

    def active(self) -> bool:
        """True when cached reads may serve the caller (rechecking the stamp when due)."""
        interval = recheck_seconds()
        if interval <= 0 or connection.in_atomic_block:
            return False
        now = time.monotonic()
        if now - self._checked_at >= interval:
            stamp = catalogue_stamp()
            if stamp != self._stamp:
                self._items = {}
                self._stamp = stamp
            self._checked_at = now
        return True

    def get(self, key: Hashable, default: Any = None) -> Any:
        return self._items.get(key, default)

    def put(self, key: Hashable, value: Any) -> None:
        if len(self._items) >= MAX_ITEMS:
            self._items = {}
        self._items[key] = value

    def __contains__(self, key: Hashable) -> bool:
        return key in self._items

    def invalidate(self) -> None:
        """Forget everything and recheck the stamp on the next read (after a local commit)."""
        self._items = {}
        self._stamp = None
        self._checked_at = -math.inf


catalogue = CatalogueCache()
