"""Turning requested entries (EntryRefs) into stored-deck lines of real cards and printings.

Stored decks hold real cards only, so unlike /validate/ (where an unknown card is a report
error), any entry that cannot be resolved refuses the whole write. Cards are looked up in one
query whatever the deck's size, printings in a second.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from dataclasses import dataclass

from django.db.models import Q

from cards.models import Card, Game, Printing, Viewer
from cards.selectors import card_suggestions_many
from rules.core.identity import identity
from rules.core.resolve import MAX_SUGGESTED_NAMES, EntryRef

from .models import MAX_QUANTITY


@dataclass(frozen=True, slots=True)
class DeckLine:
    """A resolved entry: copies of a card, maybe pinned to one printing, in one section."""

    section: str
    card: Card
    quantity: int
    printing: Printing | None = None

    @property
    def identity(self) -> tuple[str, int, int | None]:
        return (self.section, self.card.pk, self.printing.pk if self.printing else None)


@dataclass(frozen=True, slots=True)
class EntryProblem:
    """Why the entry at `index` of the request cannot be stored; `field` names its bad part."""

    index: int
    ref: EntryRef
    field: str  # "section", "id", "key", "name", "number" or "quantity"
    message: str
    suggestions: tuple[str, ...] = ()


class InvalidEntries(Exception):
    """Some entries name no known section, card or printing; every one of them is listed."""

    def __init__(self, problems: Sequence[EntryProblem]) -> None:
        super().__init__(f"{len(problems)} deck entries cannot be stored")
        self.problems = list(problems)


def entries_resolve(
    *, game: Game, refs: Sequence[EntryRef], owner: Viewer = None
) -> list[DeckLine]:
    """The deck lines the refs describe, in request order, entries of one card and printing in
    one section merged, over the cards the deck's owner may use. Raises InvalidEntries listing
    every problem at once."""
    catalogue = _CardIndex(game, refs, owner)
    found = [catalogue.find(index, ref) for index, ref in enumerate(refs)]
    printings = _printings(game, [card for card in found if isinstance(card, Card)], refs)
    problems: list[EntryProblem] = []
    lines: dict[tuple[str, int, int | None], DeckLine] = {}
    sections = game.spec.section_slugs
    for index, (ref, card) in enumerate(zip(refs, found, strict=True)):
        if ref.section not in sections:
            problems.append(_unknown_section(index, ref, sections))
            continue
        if isinstance(card, EntryProblem):
            problems.append(card)
            continue
        printing = None
        if ref.printing is not None:
            printing = printings.get((card.pk, ref.set.upper(), ref.number))
            if printing is None:
                problems.append(_unknown_printing(index, ref, card))
                continue
        line = DeckLine(ref.section, card, ref.quantity, printing)
        earlier = lines.get(line.identity)
        if earlier is not None:
            line = DeckLine(ref.section, card, earlier.quantity + ref.quantity, printing)
            if line.quantity > MAX_QUANTITY:
                problems.append(_too_many(index, ref, line.quantity))
        lines[line.identity] = line
    if problems:
        raise InvalidEntries(problems)
    return list(lines.values())


class _CardIndex:
    """Every card the refs name, fetched in one query, then found per ref by id, key or name."""

    def __init__(self, game: Game, refs: Sequence[EntryRef], owner: Viewer) -> None:
        self.game = game
        self.owner = owner
        ids = {ref.id for ref in refs if ref.id is not None}
        keys = {ref.key for ref in refs if ref.id is None and ref.key is not None}
        names = {identity(ref.name) for ref in refs if _by_name(ref)}
        wanted = Q(pk__in=ids) | Q(key__in=keys) | Q(folded_name__in=names)
        usable = Card.objects.usable_by(owner).filter(game=game)
        rows = (
            usable.filter(wanted)
            if ids or keys or names
            else Card.objects.none()
        )
        self.by_id: dict[int, Card] = {}
        self.by_key: dict[str, Card] = {}
        self.by_name: dict[str, list[Card]] = {}
        for card in rows:
            self.by_id[card.pk] = card
            self.by_key[card.key] = card
            self.by_name.setdefault(card.folded_name, []).append(card)
        # "Did you mean" for the first few unknown names, in one lookup (bounded cost).
        unknown = [
            ref.name for ref in refs if _by_name(ref) and identity(ref.name) not in self.by_name
        ]
        self.suggested = card_suggestions_many(
            game=game.slug,
            names=list(dict.fromkeys(unknown))[:MAX_SUGGESTED_NAMES],
            viewer=owner,
        )

    def find(self, index: int, ref: EntryRef) -> Card | EntryProblem:
        """The card `ref` names (by id, else key, else name), or why there is none."""
        game = self.game.name
        if ref.id is not None:
            card = self.by_id.get(ref.id)
            return card or EntryProblem(index, ref, "id", f"No {game} card has id {ref.id}.")
        if ref.key is not None:
            card = self.by_key.get(ref.key)
            return card or EntryProblem(index, ref, "key", f"No {game} card has key {ref.key!r}.")
        matches = self.by_name.get(identity(ref.name or ""), [])
        if len(matches) == 1:
            return matches[0]
        if matches:
            keys = tuple(sorted(card.key for card in matches))
            message = f"{len(matches)} {game} cards are called {ref.name!r}; give the key instead."
            return EntryProblem(index, ref, "name", message, keys)
        suggestions = tuple(self.suggested.get(ref.name or "", ()))
        hint = f" Did you mean {' or '.join(suggestions[:3])}?" if suggestions else ""
        message = f"No {game} card is called {ref.name!r}.{hint}"
        return EntryProblem(index, ref, "name", message, suggestions)


def _by_name(ref: EntryRef) -> bool:
    return ref.id is None and ref.key is None and ref.name is not None


def _printings(
    game: Game, cards: Sequence[Card], refs: Sequence[EntryRef]
) -> dict[tuple[int, str, str], Printing]:
    """The printings of these cards, by (card id, upper-case set code, number); one query."""
    if not any(ref.printing for ref in refs):
        return {}
    rows = Printing.objects.filter(card__in=cards, set__game=game).select_related("set")
    return {(row.card_id, row.set.code.upper(), row.number): row for row in rows}


def _unknown_section(index: int, ref: EntryRef, sections: Sequence[str]) -> EntryProblem:
    close = difflib.get_close_matches(ref.section, sections, n=1)
    return EntryProblem(
        index,
        ref,
        "section",
        f"There is no section {ref.section!r}; use one of {', '.join(sections)}.",
        tuple(close or sections),
    )


def _unknown_printing(index: int, ref: EntryRef, card: Card) -> EntryProblem:
    return EntryProblem(
        index,
        ref,
        "number",
        f"{card.name} has no printing ({ref.set}) {ref.number} in the catalogue.",
    )


def _too_many(index: int, ref: EntryRef, total: int) -> EntryProblem:
    return EntryProblem(
        index,
        ref,
        "quantity",
        f"{ref.label} appears {total} times in {ref.section}; at most {MAX_QUANTITY} are allowed.",
    )
