"""The database as a CardPool: the cards a request names, fetched in (at most) one query.

Cards already read by this process come from the catalogue cache (rules.services.catalogue)
when it may be used; the rest are fetched together and remembered, including the names that
match no card. The cache holds what everyone may use (the catalogue and shared user-made
cards); a viewer's private user-made cards are read by a second query, never cached, and join
what the cache found (a private card sharing a name with another card makes the name
ambiguous).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from datetime import date
from typing import Any

from django.db.models import Q, QuerySet

from basics.chunks import in_chunks
from basics.ids import MAX_ID
from cards.models import Card, Printing, Viewer
from cards.selectors import card_suggestions_many, cards_in_force
from rulebook.cardfile import MemoryPool
from rulebook.core.cards import CardInfo
from rulebook.core.identity import identity
from rulebook.core.resolve import (
    CardPool,
    EntryRef,
    Namesakes,
    name_index_add,
    without_set_name,
)

from .catalogue import CatalogueCache, catalogue

_COLUMNS = ("id", "key", "name", "type", "text", "attributes")
# (game, "id" | "key" | "name", value): the value an id (int), a key or a folded name (str)
Lookup = tuple[str, str, Any]


def _lookups(game: str, refs: Iterable[EntryRef]) -> list[Lookup]:
    """What resolution may ask of the pool for these refs (rulebook.core.resolve.find_cards):
    each ref's own lookup and, when its name may carry a set's name, the name without it."""
    asked = []
    for ref in refs:
        for tried in (ref, without_set_name(ref)):
            if tried is not None and (lookup := _lookup(game, tried)) is not None:
                asked.append(lookup)
    return asked


def _lookup(game: str, ref: EntryRef) -> Lookup | None:
    if ref.id is not None:
        return (game, "id", ref.id)
    if ref.key is not None:
        return (game, "key", ref.key)
    if ref.name is not None:
        return (game, "name", identity(ref.name))
    return None


class DatabasePool:
    """A CardPool over the cards of one game a viewer may use (see Card.objects.usable_by): by
    id, key or name (compared by rulebook.core.identity); suggestions come from cards.selectors.

    `rows=True` is for writers of stored decks, which keep Card and Printing rows: the pool then
    reads the rows themselves (one query over the cards the viewer may use, a second for the
    printings when a ref pins one), never from the cache, and `card_row`/`printing_row` give
    them back for the cards resolution found.

    `as_of` judges by the cards in force that day: a card an erratum changed after it is found
    with the text and data it had then (cards.selectors.cards_in_force; issue 36, item 3).
    """

    def __init__(
        self,
        game: str,
        refs: Iterable[EntryRef],
        cache: CatalogueCache = catalogue,
        viewer: Viewer = None,
        *,
        rows: bool = False,
        as_of: date | None = None,
    ) -> None:
        self.game = game
        self.viewer = viewer
        self.as_of = as_of
        self._found: dict[Lookup, CardInfo | Namesakes | None] = {}
        self._suggested: dict[str, list[str]] = {}
        self._rows: dict[int, Card] | None = {} if rows else None
        self._printing_rows: dict[tuple[int, str, str], Printing] = {}
        refs = list(refs)
        asked = set(_lookups(game, refs))
        if rows:
            pinned = any(ref.set is not None for ref in refs)
            cards = Card.objects.usable_by(viewer).without_searched_columns()
            self._load(cards, asked, printings=pinned)
            self._take_in_force()
            return
        use_cache = cache.active()
        missing: set[Lookup] = set()
        for lookup in asked:
            if use_cache and lookup in cache:
                self._found[lookup] = cache.get(lookup)
            else:
                missing.add(lookup)
        if missing:
            self._load(Card.objects.usable_by(None), missing)
            for lookup in missing:
                self._found.setdefault(lookup, None)
                if use_cache:
                    cache.put(lookup, self._found[lookup])
        if viewer is not None and viewer.is_authenticated:
            private = Card.objects.filter(owner=viewer, shared=False)
            self._load(private, asked)
        self._take_in_force()

    def _take_in_force(self) -> None:
        """With `as_of`, each card found as it stood that day (one query over the revisions
        that took effect later); the cache keeps today's cards, untouched."""
        if self.as_of is None:
            return
        found = [card for card in self._found.values() if isinstance(card, CardInfo)]
        found += [
            card
            for item in self._found.values()
            if isinstance(item, Namesakes)
            for card in item.cards
        ]
        earlier = cards_in_force(
            card_ids=[card.id for card in found if card.id is not None], day=self.as_of
        )
        if not earlier:
            return
        for lookup, item in self._found.items():
            if isinstance(item, CardInfo):
                self._found[lookup] = _as_then(item, earlier)
            elif isinstance(item, Namesakes):
                self._found[lookup] = Namesakes(tuple(_as_then(c, earlier) for c in item.cards))

    def _load(self, cards: QuerySet[Card], missing: set[Lookup], printings: bool = True) -> None:
        """Add the cards among `cards` that the lookups name to what was found already (their
        printings unknown, so unchecked, when `printings` is False)."""
        by_id: dict[int, tuple[Any, ...]] = {}  # id -> the _COLUMNS of its card
        for part in in_chunks(sorted(missing, key=repr)):  # SQLite's variable limit
            wanted = {kind: [value for _, k, value in part if k == kind] for kind in _KINDS}
            # An id past what a database holds is no card's (SQLite cannot even compare it).
            wanted["id"] = [value for value in wanted["id"] if 0 < value <= MAX_ID]
            chosen = cards.filter(game__slug=self.game).filter(
                Q(id__in=wanted["id"])
                | Q(key__in=wanted["key"])
                | Q(folded_name__in=wanted["name"])
            )
            if self._rows is None:
                by_id.update((row[0], row) for row in chosen.values_list(*_COLUMNS))
            else:
                self._rows.update({card.pk: card for card in chosen})
        if self._rows is not None:
            by_id = {
                pk: tuple(getattr(card, name) for name in _COLUMNS)
                for pk, card in self._rows.items()
            }
        rows = sorted(by_id.values(), key=lambda row: row[1])  # by key, as one query gave them
        printed = self._printings_of([row[0] for row in rows]) if printings else {}
        by_name: dict[str, CardInfo | Namesakes] = {
            name: found
            for (_, kind, name), found in self._found.items()
            if kind == "name" and found is not None
        }
        for card_id, key, name, card_type, text, attributes in rows:
            card = CardInfo(
                key, name, card_type, text, attributes or {}, card_id, printed.get(card_id)
            )
            self._found[(self.game, "id", card_id)] = card
            self._found[(self.game, "key", key)] = card
            name_index_add(by_name, identity(name), card)
        for name, found in by_name.items():
            if (self.game, "name", name) in missing:  # a partial set of namesakes is no answer
                self._found[(self.game, "name", name)] = found

    def find(self, ref: EntryRef) -> CardInfo | Namesakes | None:
        lookup = _lookup(self.game, ref)
        return None if lookup is None else self._found.get(lookup)

    def card_row(self, card: CardInfo) -> Card:
        """The Card row of a card this pool found (a `rows=True` pool only)."""
        assert self._rows is not None and card.id is not None, "a rows=True pool's card"
        return self._rows[card.id]

    def printing_row(self, card: CardInfo, set_code: str, number: str) -> Printing | None:
        """The Printing row (SET) number of a card this pool found, if it has one."""
        return self._printing_rows.get((card.id or 0, set_code.upper(), number))

    def _printings_of(self, card_ids: list[int]) -> dict[int, frozenset[tuple[str, str]]]:
        """Each card's (SET, number) printings, in one query, so pinned printings can be
        checked; a rows=True pool keeps the Printing rows too."""
        found: dict[int, set[tuple[str, str]]] = {card_id: set() for card_id in card_ids}
        for part in in_chunks(card_ids):  # SQLite's variable limit
            printings = Printing.objects.filter(card_id__in=part)
            if self._rows is None:
                for card_id, code, number in printings.values_list(
                    "card_id", "set__code", "number"
                ):
                    found[card_id].add((code.upper(), number))
            else:
                for row in printings.select_related("set"):
                    self._printing_rows[(row.card_id, row.set.code.upper(), row.number)] = row
                    found[row.card_id].add((row.set.code.upper(), row.number))
        return {card_id: frozenset(pairs) for card_id, pairs in found.items()}

    def suggestions(self, names: Sequence[str]) -> dict[str, list[str]]:
        """Each name's suggestions; a name asked about before (by another deck of a batch) is
        answered from memory, so a batch pays for each unknown name once."""
        new = [name for name in dict.fromkeys(names) if name not in self._suggested]
        if new:
            found = card_suggestions_many(game=self.game, names=new, viewer=self.viewer)
            self._suggested.update({name: found.get(name, []) for name in new})
        return {name: self._suggested[name] for name in names if self._suggested[name]}


_KINDS = ("id", "key", "name")


def _as_then(card: CardInfo, earlier: dict[int, dict[str, Any]]) -> CardInfo:
    """The card with the fields it had on an earlier day, when a later revision changed them."""
    fields = earlier.get(card.id or 0)
    if not fields:
        return card
    return replace(
        card,
        name=fields.get("name", card.name),
        type=fields.get("type", card.type),
        text=fields.get("text", card.text),
        attributes=fields.get("attributes", card.attributes),
    )


class InlineCardsPool:
    """The cards a request brings with it (user-made cards not in the database) found first,
    then the database's: an inline card shadows a stored card of the same name or key."""

    def __init__(self, inline: MemoryPool, stored: CardPool) -> None:
        self.inline = inline
        self.stored = stored

    def find(self, ref: EntryRef) -> CardInfo | Namesakes | None:
        return self.inline.find(ref) or self.stored.find(ref)

    def suggestions(self, names: Sequence[str]) -> dict[str, list[str]]:
        inline = self.inline.suggestions(names)
        stored = self.stored.suggestions(names)
        return {
            name: list(dict.fromkeys(inline.get(name, []) + stored.get(name, []))) for name in names
        }
