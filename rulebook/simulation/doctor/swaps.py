"""Card swaps: a deck with some copies of one card replaced by another, and the swaps a pool of
cards suggests that keep the deck legal."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from rulebook.core.cards import CardInfo, Deck, Entry


@dataclass(frozen=True, slots=True)
class Swap:
    """`count` copies of the card keyed `out` leave the deck; as many of `into` come in."""

    out: str
    into: str
    count: int

    def as_json(self) -> dict[str, Any]:
        return {"out": self.out, "in": self.into, "count": self.count}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Swap:
        return cls(data["out"], data["in"], data["count"])


class SwapProblem(ValueError):
    """A swap that cannot be made on this deck; `card` names the card at fault."""

    def __init__(self, card: str, message: str) -> None:
        super().__init__(message)
        self.card = card


def copies_held(deck: Deck, key: str) -> int:
    """Copies of the card keyed `key` in the deck's sections."""
    return sum(e.quantity for e in deck.all_entries() if e.card.key == key)


def apply_swap(deck: Deck, swap: Swap, card: CardInfo) -> Deck:
    """The deck with `swap.count` copies of `swap.out` replaced by `card` (keyed `swap.into`),
    each in the section that held the copy it replaces; the order of entries is kept.

    SwapProblem when the deck holds fewer copies of `out` than the swap takes out.
    """
    if card.key != swap.into:
        raise ValueError(f"card {card.key} is not the swap's {swap.into}")
    held = copies_held(deck, swap.out)
    if held < swap.count:
        raise SwapProblem(
            swap.out, f"the deck holds {held} of {swap.out}, not the {swap.count} to swap out"
        )
    left = swap.count
    sections: dict[str, tuple[Entry, ...]] = {}
    for slug, entries in deck.sections.items():
        moved = 0
        kept: list[Entry] = []
        for entry in entries:
            if entry.card.key == swap.out and left:
                taken = min(left, entry.quantity)
                left -= taken
                moved += taken
                if entry.quantity > taken:
                    kept.append(Entry(entry.card, entry.quantity - taken, entry.printing))
            else:
                kept.append(entry)
        if moved:
            kept = _added(kept, card, moved)
        sections[slug] = tuple(kept)
    return Deck(deck.game, sections, deck.unresolved, deck.aside)


def _added(entries: list[Entry], card: CardInfo, copies: int) -> list[Entry]:
    for i, entry in enumerate(entries):
        if entry.card.key == card.key:
            entries[i] = Entry(entry.card, entry.quantity + copies, entry.printing)
            return entries
    return [*entries, Entry(card, copies)]


def candidate_swaps(
    deck: Deck,
    pool: Iterable[CardInfo],
    *,
    legal: Callable[[Deck], bool],
) -> list[tuple[Swap, CardInfo]]:
    """One-copy swaps of each card of the deck for each card of the pool of the same type that
    the deck does not hold, kept only where the swapped deck is `legal` (the game's construction
    rules and format, judged by the caller). Like for like: a Codestone for a Codestone, a
    creature for a creature, so a deck's sections and curve stay what its builder meant.
    In the deck's order, then the pool's."""
    held = {e.card.key: e.card for e in deck.all_entries()}
    pool_cards = [card for card in dict.fromkeys(pool) if card.key not in held]
    found = []
    for out in held.values():
        for card in pool_cards:
            if card.type != out.type:
                continue
            swap = Swap(out.key, card.key, 1)
            if legal(apply_swap(deck, swap, card)):
                found.append((swap, card))
    return found
