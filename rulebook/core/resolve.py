"""Resolution: turning the lines a user asked for into a core Deck of known cards.

Every problem is recorded in the report and resolution carries on: an unknown section or card
becomes an error (`section.unknown`, `card.unknown` with suggestions), and so does a name that
several different cards share (`card.ambiguous`, listing their keys: MetaZoo Pages may share a
name and differ), and so does a name given beside a key or id of another card (`card.mismatch`),
never an exception and never a guess.
Entries naming the same card in one section are merged, whichever printing each pins, because
copies are counted by the card (Neopets CR 6.7.2 and its equivalents in every game).
"""

from __future__ import annotations

import dataclasses
import difflib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, final

from .cards import CardInfo, Deck, Entry
from .game import GameSpec
from .identity import identity
from .report import Report
from .ruleset import same_card

# The rule resolution errors cite: they are about the request, not a rulebook's construction rule.
RESOLUTION_RULE = "deck sections"
CARD_DATABASE_RULE = "card database"
# The codes of entries resolution could not turn into a card: the deck they leave is not the
# deck the user wrote, so nothing may be judged legal on it without them.
UNRESOLVED_CODES = frozenset({"section.unknown", "card.unknown", "card.ambiguous", "card.mismatch"})
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


@final  # so `type(card) is Namesakes`, the fast test, narrows both ways for mypy
@dataclass(frozen=True, slots=True)
class Namesakes:
    """What a pool finds for a name that several different cards carry."""

    cards: tuple[CardInfo, ...]

    def with_card(self, card: CardInfo) -> Namesakes:
        return self if card in self.cards else Namesakes((*self.cards, card))

    def one_card(self, ref: EntryRef) -> CardInfo | None:
        """The card the ref means, when the namesakes allow no doubt: the ref pins a printing
        only one of them has (`(SET) number`), or they are all one card by their rules (one card
        stored under two keys counts as one, Neopets CR 6.7.2; the first key stands for it)."""
        if ref.set is not None and ref.number is not None:
            printed = [
                card
                for card in self.cards
                if card.printings is not None and (ref.set.upper(), ref.number) in card.printings
            ]
            if len(printed) == 1:
                return printed[0]
        if len({same_card(card) for card in self.cards}) == 1:
            return min(self.cards, key=lambda card: card.key)
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
    """Where resolution looks cards up: in memory (rulebook.cardfile) or the database."""

    def find(self, ref: EntryRef) -> CardInfo | Namesakes | None: ...

    def suggestions(self, names: Sequence[str]) -> dict[str, list[str]]:
        """Close names for each of `names` ("did you mean"), best first, in one lookup."""
        ...


@final  # so `type(card) is Unresolved`, the fast test, narrows both ways for mypy
@dataclass(frozen=True, slots=True)
class Unresolved:
    """Why a requested line names no card: the report's code, the entry field at fault, what
    went wrong and what to do (joined by `message`), and names or keys the user may mean."""

    code: str  # one of UNRESOLVED_CODES
    field: str  # "section", "id", "key" or "name"
    problem: str
    advice: str
    suggestions: tuple[str, ...] = ()

    def message(self, where: str = "") -> str:
        """For people: the problem, `where` it is (" (line 3)"), then the advice."""
        return f"{self.problem}{where}; {self.advice}"


def find_cards(
    game: GameSpec, refs: Sequence[EntryRef], pool: CardPool
) -> list[CardInfo | Unresolved]:
    """The card each ref names, or why there is none, in request order.

    This is the one resolution every path shares (issue 14): /validate/ (JSON, text, batch,
    inline cards), stored decks and the editor, registrations, simulations and the CLI. A ref is
    resolved by id, else key, else name; a name that several cards of one rules identity carry is
    that card (Neopets CR 6.7.2), one that different cards carry is ambiguous unless a pinned
    printing tells them apart, and a name given beside a key or id must be that card's name
    (else `card.mismatch`: the user meant one card and wrote another's key).
    """
    sections = game.section_slugs
    found: list[CardInfo | Unresolved | None] = []
    unknown: list[int] = []
    find = pool.find
    for ref in refs:
        if ref.section not in sections:
            found.append(_unknown_section(game, ref))
            continue
        card = find(ref)
        if card is None and (bare := without_set_name(ref)) is not None:
            card = find(bare)  # ArkhamDB's "1x Hot Dog (Core Set)": the set's name after it
        if type(card) is Namesakes:
            card = card.one_card(ref) or card
        if card is None:
            unknown.append(len(found))
            found.append(None)
        elif type(card) is Namesakes:
            found.append(_ambiguous_card(game, ref, card))
        elif ref.name is not None and (ref.id is not None or ref.key is not None):
            found.append(_name_checked(game, ref, card))
        else:
            found.append(card)
    if unknown:
        names = list(dict.fromkeys(name for i in unknown if (name := refs[i].name)))
        suggested = pool.suggestions(names[:MAX_SUGGESTED_NAMES]) if names else {}
        for index in unknown:
            found[index] = _unknown_card(game, refs[index], suggested)
    return found  # type: ignore[return-value]  # every None was filled in just above


_SET_NAME = re.compile(r"(\S.*?)\s+\([^()]*\s[^()]*\)")


def without_set_name(ref: EntryRef) -> EntryRef | None:
    """The ref without a set's name in brackets after the card's ("Hot Dog (Core Set)"), as
    ArkhamDB writes it: tried only when the whole name is no card ("Lab Ray Map Piece (North)"
    is one), and only for a name of several words in the brackets (a set code is a printing).

    Every pool answers it (find_cards asks `find` for it); a pool that fetches the names a
    request writes before resolution (rules.services.pool.DatabasePool) fetches this one too,
    so the database and memory resolve a line alike."""
    if ref.name is None or ref.id is not None or ref.key is not None:
        return None
    bare = _SET_NAME.fullmatch(ref.name)
    return dataclasses.replace(ref, name=bare.group(1)) if bare else None


def resolve(game: GameSpec, entries: Sequence[EntryRef], pool: CardPool, report: Report) -> Deck:
    """The deck the entries describe; every entry that cannot be resolved becomes an error.

    Unresolved copies still count towards their section's size (Deck.unresolved), so a size
    error speaks of the deck the user wrote rather than of the cards that happened to be found.
    """
    sections: dict[str, dict[str, Entry]] = {slug: {} for slug in game.section_slugs}
    unresolved: dict[str, int] = {}
    for ref, card in zip(entries, find_cards(game, entries, pool), strict=True):
        if type(card) is Unresolved:
            _report_unresolved(ref, card, report)
            if card.code != "section.unknown":
                unresolved[ref.section] = unresolved.get(ref.section, 0) + ref.quantity
            continue
        cards = sections[ref.section]
        printing = None
        if ref.set is not None:
            printing = ref.printing
            if not card.has_printing(ref.set, ref.number or ""):
                _unknown_printing(game, ref, card, report)
        # By the card, not its key: two keys of one card in a section are one entry (6.7.2),
        # so no check reports it twice; the first key named stands for it.
        earlier = cards.get(card.same_card)
        if earlier is None:
            cards[card.same_card] = Entry(card, ref.quantity, printing)
        else:
            printing = earlier.printing if earlier.printing == printing else None
            cards[card.same_card] = Entry(earlier.card, earlier.quantity + ref.quantity, printing)
    return Deck(
        game=game.slug,
        sections={slug: tuple(cards.values()) for slug, cards in sections.items()},
        unresolved=unresolved,
    )


def _where(ref: EntryRef) -> str:
    return f" (line {ref.line})" if ref.line is not None else ""


def _report_unresolved(ref: EntryRef, why: Unresolved, report: Report) -> None:
    rule = RESOLUTION_RULE if why.code == "section.unknown" else CARD_DATABASE_RULE
    details = {} if why.code == "section.unknown" else {"suggestions": list(why.suggestions)}
    report.error(
        why.code,
        rule,
        why.message(_where(ref)),
        section=ref.section,
        cards=[ref.label],
        **details,
    )


def _unknown_section(game: GameSpec, ref: EntryRef) -> Unresolved:
    sections = game.section_slugs
    return Unresolved(
        "section.unknown",
        "section",
        f"{game.name} decks have no section {ref.section!r}",
        f"put {ref.label} in one of: {', '.join(sections)}.",
        tuple(difflib.get_close_matches(ref.section, sections, n=1) or sections),
    )


def _unknown_card(game: GameSpec, ref: EntryRef, suggested: dict[str, list[str]]) -> Unresolved:
    """card.unknown; suggestions only for the names the pool was asked about (the first
    MAX_SUGGESTED_NAMES of the request)."""
    suggestions = suggested.get(ref.name, []) if ref.name else []
    hint = f" Did you mean {' or '.join(suggestions[:3])}?" if suggestions else ""
    field = "id" if ref.id is not None else "key" if ref.key is not None else "name"
    return Unresolved(
        "card.unknown",
        field,
        f"No {game.name} card is {ref.described}",
        f"check the spelling or remove it.{hint}",
        tuple(suggestions),
    )


def _ambiguous_card(game: GameSpec, ref: EntryRef, namesakes: Namesakes) -> Unresolved:
    keys = tuple(sorted(card.key for card in namesakes.cards))
    return Unresolved(
        "card.ambiguous",
        "name",
        f"{len(keys)} different {game.name} cards are {ref.described}",
        f"name the one you mean by key: {', '.join(keys)}.",
        keys,
    )


def _name_checked(game: GameSpec, ref: EntryRef, card: CardInfo) -> CardInfo | Unresolved:
    """The card a key or id found, when the name given beside it is that card's name."""
    if identity(ref.name or "") == identity(card.name):
        return card
    how = f"key {ref.key}" if ref.key is not None else f"id {ref.id}"
    return Unresolved(
        "card.mismatch",
        "key" if ref.key is not None else "id",
        f"The {game.name} card with {how} is {card.name}, not {ref.name}",
        "give the name and key (or id) of one card, or only one of them.",
        (card.name,),
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
