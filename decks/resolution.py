"""Turning requested entries (EntryRefs) into stored-deck lines of real cards and printings.

Stored decks hold real cards only, so unlike /validate/ (where an unknown card is a report
error), any entry that cannot be resolved refuses the whole write. Entries are resolved by the
rules core's one resolution (rulebook.core.resolve.find_cards) over the database pool: cards are
looked up in one query whatever the deck's size, printings in a second when a line pins one.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from cards.models import Card, Game, Printing, Viewer
from rulebook.core.cards import CardInfo
from rulebook.core.game import MAYBEBOARD
from rulebook.core.resolve import EntryRef, Unresolved, find_cards
from rules.services.pool import DatabasePool

from .models import MAX_QUANTITY

# What a reader who may not read a user-made card sees instead of its name (decks.privacy).
PRIVATE_CARD = "a private card"


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

    @property
    def private(self) -> bool:
        """Whether this line shows "a private card", the stand-in for a card its reader may not
        read (decks.privacy), rather than a card."""
        return self.card.pk is None and self.card.name == PRIVATE_CARD


@dataclass(frozen=True, slots=True)
class EntryProblem:
    """Why the entry at `index` of the request cannot be stored; `field` names its bad part."""

    index: int
    ref: EntryRef
    field: str  # "section", "id", "key", "name", "number" or "quantity" (Unresolved.field)
    message: str
    suggestions: tuple[str, ...] = ()


def maybeboard_apart(lines: Sequence[DeckLine]) -> tuple[list[DeckLine], list[DeckLine]]:
    """(the deck's lines, its maybeboard's): the cards considered are never judged or played."""
    deck = [line for line in lines if line.section != MAYBEBOARD.slug]
    return deck, [line for line in lines if line.section == MAYBEBOARD.slug]


class InvalidEntries(Exception):
    """Some entries name no known section, card or printing; every one of them is listed."""

    def __init__(self, problems: Sequence[EntryProblem]) -> None:
        super().__init__(f"{len(problems)} deck entries cannot be stored")
        self.problems = list(problems)


def entries_resolve(
    *, game: Game, refs: Sequence[EntryRef], owner: Viewer = None, pasted: bool = False
) -> list[DeckLine]:
    """The deck lines the refs describe, in request order, entries of one card and printing in
    one section (or the maybeboard) merged, over the cards the deck's owner may use. Raises
    InvalidEntries listing every problem at once.

    Cards are found as /validate/ finds them (rulebook.core.resolve.find_cards, issue 14): the same
    name, key, printing and name-against-key answers; only a printing the catalogue lacks is
    refused here (a stored line keeps a real printing) where /validate/ warns. A `pasted` list
    (a decklist's text, as other sites export it: Moxfield's "2 Hot Dog (SMP) 045 *F*") names
    its printings as that site numbers them: a printing the catalogue lacks is then left off
    and the card stored, as /validate/ counts it, rather than the line refused.
    """
    pool = DatabasePool(game.slug, refs, viewer=owner, rows=True)
    problems: list[EntryProblem] = []
    lines: dict[tuple[str, int, int | None], DeckLine] = {}
    # A maybeboard line names its card as any line does; the rules core, which knows only the
    # game's sections, finds it as though it were in the first.
    first = game.spec.section_slugs[0]
    lookups = [
        dataclasses.replace(ref, section=first) if ref.section == MAYBEBOARD.slug else ref
        for ref in refs
    ]
    found = find_cards(game.spec, lookups, pool)
    for index, (ref, card) in enumerate(zip(refs, found, strict=True)):
        if isinstance(card, Unresolved):
            problems.append(EntryProblem(index, ref, card.field, card.message(), card.suggestions))
            continue
        printing = None
        if ref.printing is not None:
            printing = pool.printing_row(card, *ref.printing)
            if printing is None and not pasted:
                problems.append(_unknown_printing(index, ref, card))
                continue
        row = pool.card_row(card)
        line = DeckLine(ref.section, row, ref.quantity, printing)
        earlier = lines.get(line.identity)
        if earlier is not None:
            line = DeckLine(ref.section, row, earlier.quantity + ref.quantity, printing)
            if line.quantity > MAX_QUANTITY:
                problems.append(_too_many(index, ref, line.quantity))
        lines[line.identity] = line
    if problems:
        raise InvalidEntries(problems)
    return list(lines.values())


def _unknown_printing(index: int, ref: EntryRef, card: CardInfo) -> EntryProblem:
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
