"""The database as a CardPool: the cards a request names, fetched in one query."""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Q
from django.db.models.functions import Lower

from cards.models import Card
from cards.selectors import card_suggestions
from rules.core.cards import CardInfo
from rules.core.resolve import EntryRef

_COLUMNS = ("id", "key", "name", "type", "text", "attributes")


class DatabasePool:
    """A CardPool over one game's cards: loads every card the entries name, by id, key or
    name (any case), in a single query; suggestions come from cards.selectors."""

    def __init__(self, game: str, refs: Iterable[EntryRef]) -> None:
        self.game = game
        ids, keys, names = set(), set(), set()
        for ref in refs:
            if ref.id is not None:
                ids.add(ref.id)
            elif ref.key is not None:
                keys.add(ref.key)
            elif ref.name is not None:
                names.add(ref.name.lower())
        self._by_id: dict[int, CardInfo] = {}
        self._by_key: dict[str, CardInfo] = {}
        self._by_name: dict[str, CardInfo] = {}
        if ids or keys or names:
            self._load(ids, keys, names)

    def _load(self, ids: set[int], keys: set[str], names: set[str]) -> None:
        rows = (
            Card.objects.filter(game__slug=self.game)
            .annotate(lower_name=Lower("name"))
            .filter(Q(id__in=ids) | Q(key__in=keys) | Q(lower_name__in=names))
            .order_by("key")
            .values_list(*_COLUMNS)
        )
        for card_id, key, name, card_type, text, attributes in rows:
            card = CardInfo(key, name, card_type, text, attributes or {}, card_id)
            self._by_id[card_id] = card
            self._by_key[key] = card
            self._by_name.setdefault(name.lower(), card)

    def find(self, ref: EntryRef) -> CardInfo | None:
        if ref.id is not None:
            return self._by_id.get(ref.id)
        if ref.key is not None:
            return self._by_key.get(ref.key)
        if ref.name is not None:
            return self._by_name.get(ref.name.lower())
        return None

    def suggest(self, name: str) -> list[str]:
        return card_suggestions(game=self.game, name=name)
