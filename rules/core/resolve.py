"""Resolution: turning the lines a user asked for into a core Deck of known cards.

Every problem is recorded in the report and resolution carries on: an unknown section or card
becomes an error (`section.unknown`, `card.unknown` with suggestions), and so does a name that
several different cards share (`card.ambiguous`, listing their keys: MetaZoo Pages may share a
name and differ), never an exception and never a guess.
Entries naming the same card in one section are merged, whichever printing each pins, because
copies are counted by the card (Neopets CR 6.7.2 and its equivalents in every game).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from .cards import CardInfo, Deck, Entry
from .game import GameSpec
from .report import Report
from .ruleset import same_card

# The rule resolution errors cite: they are about the request, not a rulebook's construction rule.
RESOLUTION_RULE = "deck sections"
CARD_DATABASE_RULE = "card database"
# The codes of entries resolution could not turn into a card: the deck they leave is not the
# deck the user wrote, so nothing may be judged legal on it without them.
UNRESOLVED_CODES = frozenset({"section.unknown", "card.unknown", "card.ambiguous"})
# How many different unknown names of one request get "did you mean" suggestions: each costs
# a lookup, and a request may hold thousands of names (issue 11: bounded cost per request).
MAX_SUGGESTED_NAMES = 20


@dataclass(frozen=True, slots=True)
class EntryRef:
    """One requested line of a deck, before its card is looked up."""

    section: str
    quantity: int
    name: str | None = None
    key: str | None = None
    id: int | None = None
    set: str | None = None
    number: str | None = None
    line: int | None = None  # decklist line number, when parsed from text

    @property
    def label(self) -> str:
        """How the user named the card, for messages."""
        if self.name is not None:
            return self.name
        if self.key is not None:
            return self.key
        return f"card #{self.id}"

    @property
    def described(self) -> str:
        """The lookup that failed, for messages: 'called X', 'with key x' or 'with id 7'."""
        if self.name is not None:
            return f"called {self.name}"
        if self.key is not None:
            return f"with key {self.key}"
        return f"with id {self.id}"

    @property
    def printing(self) -> tuple[str, str] | None:
        if self.set is None or self.number is None:
            return None
        return (self.set, self.number)


@dataclass(frozen=True, slots=True)
class Namesakes:
    """What a pool finds for a name that several different cards carry."""

    cards: tuple[CardInfo, ...]

    def with_card(self, card: CardInfo) -> Namesakes:
        return self if card in self.cards else Namesakes((*self.cards, card))

    def one_card(self, ref: EntryRef) -> CardInfo | None:
        """The card the ref means, when the namesakes allow no doubt: they are all one card by
        their rules (one card stored under two keys counts as one, Neopets CR 6.7.2; the first
        key stands for it), or the ref pins a printing only one of them has (`(SET) number`)."""
        if len({same_card(card) for card in self.cards}) == 1:
            return min(self.cards, key=lambda card: card.key)
        if ref.set is not None and ref.number is not None:
            printed = [
                card
                for card in self.cards
                if card.printings is not None and (ref.set.upper(), ref.number) in card.printings
            ]
            if len(printed) == 1:
                return printed[0]
        return None


def name_index_add(index: dict[str, CardInfo | Namesakes], name: str, card: CardInfo) -> None:
    """Index `card` under `name` (already folded), keeping every card that shares the name."""
    earlier = index.get(name)
    if earlier is None or earlier == card:
        index[name] = card
    elif isinstance(earlier, Namesakes):
        index[name] = earlier.with_card(card)
    else:
        index[name] = Namesakes((earlier, card))


class CardPool(Protocol):
    """Where resolution looks cards up: in memory (rules.core.cardfile) or the database."""

    def find(self, ref: EntryRef) -> CardInfo | Namesakes | None: ...

    def suggestions(self, names: Sequence[str]) -> dict[str, list[str]]:
        """Close names for each of `names` ("did you mean"), best first, in one lookup."""
        ...


def resolve(game: GameSpec, entries: Sequence[EntryRef], pool: CardPool, report: Report) -> Deck:
    """The deck the entries describe; every entry that cannot be resolved becomes an error.

    Unresolved copies still count towards their section's size (Deck.unresolved), so a size
    error speaks of the deck the user wrote rather than of the cards that happened to be found.
    """
    sections: dict[str, dict[str, Entry]] = {slug: {} for slug in game.section_slugs}
    unresolved: dict[str, int] = {}
    find = pool.find
    unknown: list[EntryRef] = []
    for ref in entries:
        cards = sections.get(ref.section)
        if cards is None:
            _unknown_section(game, ref, report)
            continue
        card = find(ref)
        if type(card) is Namesakes:
            card = card.one_card(ref) or card
        if card is None or type(card) is Namesakes:
            if card is None:
                unknown.append(ref)
            else:
                _ambiguous_card(game, ref, card, report)
            unresolved[ref.section] = unresolved.get(ref.section, 0) + ref.quantity
            continue
        if ref.set is not None and not card.has_printing(ref.set, ref.number or ""):
            _unknown_printing(game, ref, card, report)
        earlier = cards.get(card.key)  # by key: a card is its key (CardInfo equality)
        if earlier is None:
            cards[card.key] = Entry(card, ref.quantity, ref.printing)
        else:
            printing = earlier.printing if earlier.printing == ref.printing else None
            cards[card.key] = Entry(card, earlier.quantity + ref.quantity, printing)
    _unknown_cards(game, unknown, pool, report)
    return Deck(
        game=game.slug,
        sections={slug: tuple(cards.values()) for slug, cards in sections.items()},
        unresolved=unresolved,
    )


def _where(ref: EntryRef) -> str:
    return f" (line {ref.line})" if ref.line is not None else ""


def _unknown_section(game: GameSpec, ref: EntryRef, report: Report) -> None:
    report.error(
        "section.unknown",
        RESOLUTION_RULE,
        f"{game.name} decks have no section {ref.section!r}{_where(ref)}; put {ref.label} in "
        f"one of: {', '.join(game.section_slugs)}.",
        section=ref.section,
        cards=[ref.label],
    )


def _unknown_cards(
    game: GameSpec, refs: Sequence[EntryRef], pool: CardPool, report: Report
) -> None:
    """card.unknown for each ref; suggestions for the first MAX_SUGGESTED_NAMES names only,
    asked of the pool in one lookup."""
    names = list(dict.fromkeys(ref.name for ref in refs if ref.name))
    suggested = pool.suggestions(names[:MAX_SUGGESTED_NAMES]) if names else {}
    for ref in refs:
        suggestions = suggested.get(ref.name, []) if ref.name else []
        hint = f" Did you mean {' or '.join(suggestions[:3])}?" if suggestions else ""
        report.error(
            "card.unknown",
            CARD_DATABASE_RULE,
            f"No {game.name} card is {ref.described}{_where(ref)}; check the spelling or "
            f"remove it.{hint}",
            section=ref.section,
            cards=[ref.label],
            suggestions=suggestions,
        )


def _ambiguous_card(game: GameSpec, ref: EntryRef, namesakes: Namesakes, report: Report) -> None:
    keys = sorted(card.key for card in namesakes.cards)
    report.error(
        "card.ambiguous",
        CARD_DATABASE_RULE,
        f"{len(keys)} different {game.name} cards are {ref.described}{_where(ref)}; name the "
        f"one you mean by key: {', '.join(keys)}.",
        section=ref.section,
        cards=[ref.label],
        suggestions=keys,
    )


def _unknown_printing(game: GameSpec, ref: EntryRef, card: CardInfo, report: Report) -> None:
    known = ", ".join(f"({code}) {number}" for code, number in sorted(card.printings or ()))
    report.warn(
        "printing.unknown",
        CARD_DATABASE_RULE,
        f"{card.name} has no printing ({ref.set}) {ref.number}{_where(ref)}; its copies count "
        f"as {card.name} all the same. Known printings: {known or 'none recorded'}.",
        section=ref.section,
        cards=[card.name],
    )
