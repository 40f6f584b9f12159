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
    each incoming copy in the place of the copy it replaces.

    In its place, because paired games are only as paired as the decks' orders: every engine
    lays a deck's copies out in its entries' order and draws by position from one seeded
    generator, so with the incoming copy where the outgoing one was, the swapped deck's game on
    a seed is the deck's own game card for card until the swapped card is drawn, and the two
    differ only by what the swap does. (Appended at the end, as this once did, every card behind
    the outgoing one moved up a place and the two games parted at the first draw: the pair
    shared a seed but not a shuffle.) A card the deck already holds gets an entry of its own
    there, as a second printing would: copies are counted by card, not by entry.

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
        kept: list[Entry] = []
        for entry in entries:
            if entry.card.key != swap.out or not left:
                kept.append(entry)
                continue
            taken = min(left, entry.quantity)
            left -= taken
            if entry.quantity > taken:  # the last copies leave: the first keep their places
                kept.append(Entry(entry.card, entry.quantity - taken, entry.printing))
            kept.append(Entry(card, taken))
        sections[slug] = tuple(kept)
    return Deck(deck.game, sections, deck.unresolved, deck.aside)


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
