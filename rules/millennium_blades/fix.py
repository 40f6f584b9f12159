"""The rulebook's fix for an illegal Tournament Deck: "randomly remove cards until it meets the
card limit" (rules summary, "Tournament Phase").

Before the random part, the fix takes out what can never stay: a card in a section that may not
hold it (Tournament Phase, Setup 3) and every copy of a card beyond the first (Deckbuilding Phase:
one copy). Then, section by section, it removes cards chosen with `random.Random(seed)` until each
section meets its limit. Cards are sorted by key before sampling, so the result depends on the
seed and the deck's content only, never on the order the entries were given in.

Copies of cards that could not be looked up (`Deck.unresolved`) are left out of the fixed deck:
they are no card the fix can keep, and the validation report names them as unknown.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

from rules.core.cards import CardInfo, Deck, Entry

from .construction import MillenniumBladesRuleset

Removal = tuple[str, CardInfo]


@dataclass(frozen=True)
class FixResult:
    """What the fix removed, one (section, card) pair per copy, and the legal deck left."""

    removed: list[Removal]
    deck: Deck


def fix_deck(deck: Deck, seed: int, ruleset: MillenniumBladesRuleset | None = None) -> FixResult:
    """Remove cards from `deck` until it is a legal Tournament Deck; the same seed, the same fix."""
    ruleset = ruleset or MillenniumBladesRuleset()
    rng = random.Random(seed)
    removed: list[Removal] = []
    seen: set[CardInfo] = set()  # one copy of any card in the whole deck
    sections: dict[str, tuple[Entry, ...]] = {}
    for section in _in_game_order(ruleset, deck):
        kept = _placed_single_copies(ruleset, section, deck.entries(section), seen, removed)
        limit = ruleset.section_limits.get(section)
        if limit is not None and len(kept) > limit:
            kept = _sample_away(rng, section, kept, len(kept) - limit, removed)
        sections[section] = kept
    return FixResult(removed=removed, deck=Deck(game=deck.game, sections=sections))


def _in_game_order(ruleset: MillenniumBladesRuleset, deck: Deck) -> list[str]:
    """The deck's sections in the game's order (then any others), whatever order they came in."""
    known = [slug for slug in ruleset.game.section_slugs if slug in deck.sections]
    return known + sorted(set(deck.sections) - set(known))


def _placed_single_copies(
    ruleset: MillenniumBladesRuleset,
    section: str,
    entries: Iterable[Entry],
    seen: set[CardInfo],
    removed: list[Removal],
) -> tuple[Entry, ...]:
    """The first copy of each card not `seen` before that the section may hold, in the given
    order; every other copy is removed."""
    allowed = ruleset.section_types.get(section)
    kept: list[Entry] = []
    for entry in entries:
        misplaced = allowed is not None and entry.card.type not in allowed
        keep = 0 if misplaced or entry.card in seen else 1
        removed.extend([(section, entry.card)] * (entry.quantity - keep))
        if keep:
            seen.add(entry.card)
            kept.append(Entry(entry.card, 1, entry.printing))
    return tuple(kept)


def _sample_away(
    rng: random.Random,
    section: str,
    entries: tuple[Entry, ...],
    excess: int,
    removed: list[Removal],
) -> tuple[Entry, ...]:
    """Remove `excess` single-copy entries chosen at random from the key-sorted cards."""
    by_key = sorted(entries, key=lambda entry: entry.card.key)
    chosen = {entry.card for entry in rng.sample(by_key, excess)}
    removed.extend((section, entry.card) for entry in by_key if entry.card in chosen)
    return tuple(entry for entry in entries if entry.card not in chosen)
