"""The plain card and deck objects of the rules core; the Django side builds them from rows."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from .identity import rules_identity


@dataclass(frozen=True, slots=True)
class CardInfo:
    """A card's rules identity: copies are counted by this, never by printing.

    Equality and hashing use the key alone, so a card can index a dict of copy counts.
    """

    key: str
    name: str = field(compare=False)
    type: str = field(compare=False)
    text: str = field(default="", compare=False)
    attributes: Mapping[str, Any] = field(default_factory=dict, compare=False)
    id: int | None = field(default=None, compare=False)
    # (SET CODE upper-cased, collector number) of every printing, when the source knows them;
    # None means unknown, and then a pinned printing is not checked.
    printings: frozenset[tuple[str, str]] | None = field(default=None, compare=False)
    # What makes two cards one card (rulebook.core.identity.rules_identity), computed once here:
    # copy limits and format lists compare it for every entry of every deck (issue 14: done per
    # comparison, it cost the rules core over half its speed).
    same_card: str = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        same = rules_identity(self.name, self.type, self.text, self.attributes)
        object.__setattr__(self, "same_card", same)

    def __hash__(self) -> int:  # the key alone, as equality; cheaper than the generated one
        return hash(self.key)

    def attr(self, name: str, default: Any = None) -> Any:
        return self.attributes.get(name, default)

    def has_printing(self, set_code: str, number: str) -> bool:
        """Whether the card was printed as (set, number); True when printings are unknown."""
        return self.printings is None or (set_code.upper(), number) in self.printings


@dataclass(frozen=True, slots=True)
class Entry:
    """A number of copies of one card in one section, optionally pinned to a printing."""

    card: CardInfo
    quantity: int
    printing: tuple[str, str] | None = None  # (set code, collector number)


Compiled = TypeVar("Compiled")


class CompiledCards(Generic[Compiled]):
    """What an engine compiled from each card, once for every deck it prepares with this memo:
    a deck doctor's worker prepares a deck and each of its swaps (155 decks for a format's 154
    Neopets swaps) that differ by a card or two. Keyed by the card object, not its key (one key
    is one card only within one catalogue read; frozen.decks_thaw gives the cards several
    decks hold alike one object), and holding it, so that no other card takes its id while the
    memo lives."""

    __slots__ = ("_by_card",)

    def __init__(self) -> None:
        self._by_card: dict[int, tuple[CardInfo, Compiled]] = {}

    def __len__(self) -> int:
        """The cards compiled so far."""
        return len(self._by_card)

    def get(self, card: CardInfo, compile: Callable[[CardInfo], Compiled]) -> Compiled:
        held = self._by_card.get(id(card))
        if held is None:
            held = self._by_card[id(card)] = (card, compile(card))
        return held[1]


@dataclass(frozen=True, slots=True)
class ListEntry:
    """One line of a banned or restricted list, as the core sees it."""

    card_key: str
    status: str  # "banned" or "restricted"
    limit: int = 0  # copies allowed when restricted


@dataclass(frozen=True)
class FormatInfo:
    """The format a deck is checked against: its lists already evaluated for the chosen date."""

    slug: str
    name: str
    ruleset: str  # registry key of the ruleset class; usually the game slug
    banned: frozenset[str] = frozenset()  # card keys
    restricted: Mapping[str, int] = field(default_factory=dict)  # card key -> copy limit
    options: Mapping[str, Any] = field(default_factory=dict)  # ruleset-specific knobs


@dataclass(frozen=True)
class Deck:
    """A resolved deck: entries per section slug, in the order the user gave them.

    `unresolved` holds, per section, the copies of cards that could not be looked up: they are
    reported as unknown, and still count towards the section's size, as the user wrote them.
    `aside` holds, per section, the entries that are in it but do not count toward its size or
    limits (a card the section may not hold; one its rules do not count): a ruleset sets them
    aside (Ruleset.place) and reports them; they are still in the deck, so copy limits and
    format lists count them.
    """

    game: str
    sections: Mapping[str, tuple[Entry, ...]]
    unresolved: Mapping[str, int] = field(default_factory=dict)
    aside: Mapping[str, tuple[Entry, ...]] = field(default_factory=dict)

    def entries(self, section: str) -> tuple[Entry, ...]:
        """The entries that count toward the section."""
        return self.sections.get(section, ())

    def all_entries(self) -> Iterator[Entry]:
        """Every entry of the deck, counted or set aside, section by section."""
        for entries in self.sections.values():
            yield from entries
        for entries in self.aside.values():
            yield from entries

    def not_counted(self, section: str) -> int:
        """Copies in the section that do not count toward it."""
        return sum(entry.quantity for entry in self.aside.get(section, ()))

    def count(self, section: str) -> int:
        """Copies in the section as the rules count them, unresolved ones included; summed once
        per deck (the checks ask again and again), without cached_property's lock."""
        counts: dict[str, int] | None = self.__dict__.get("_counts")
        if counts is None:
            counts = self.__dict__["_counts"] = {
                slug: sum(entry.quantity for entry in entries)
                for slug, entries in self.sections.items()
            }
        return counts.get(section, 0) + self.unresolved.get(section, 0)
