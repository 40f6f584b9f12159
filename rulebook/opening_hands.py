"""Sample opening hands, dealt by each game's set-up rules (plain Python, no Django).

Each game declares its HandRule in its registration (rulebook/<game>/plugin.py); the registry
keeps them by slug (rulebook.registry.HAND_RULES).

A deckbuilder looks at a few hands to judge a deck's start; the deal follows the rulebook:
Neopets draws 5 from the Main Deck with at most one mulligan (comprehensive rules, "Setting Up
the Game"); MetaZoo Bookmarks 7 from the Spellbook and may mulligan any number of times, each
time Bookmarking one Page fewer (2023 rulebook, "Playing MetaZoo", Mulligan); Keeper of the Cards
sets 10 cards aside as reserves and draws 5 from the 30 left (11th-edition rulebook, "Before each
game"). Millennium Blades' tournament decks have no opening hand.

After the opening hand, each turn draws by the game's rule: Neopets draws 1 in every Draw Phase
(comprehensive rules 5.2; v1.2 rulebook, Draw Phase); MetaZoo Bookmarks 1 at the start of each
turn (2023 rulebook, Turn Steps); Keeper draws up to 2 in each Resource Phase, and the starting
player only 1 on the first turn (11th-edition rulebook, Turn Order: Resource Phase).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class HandRule:
    """How a game deals its opening hand: from which section, how many, what a mulligan does."""

    section: str
    size: int
    rule: str  # where the rulebook says so
    max_mulligans: int | None  # None: as many as the player likes
    mulligan_shrinks: bool = False  # each mulligan draws one card fewer (MetaZoo)
    reserves: int = 0  # cards set aside before drawing (Keeper)
    draws_per_turn: int = 1  # the most a turn draws (Keeper: 2, placing no resource)
    first_turn_draws: int = 1  # what the starting player draws on the game's first turn
    draw_rule: str = ""  # where the rulebook says how turns draw


@dataclass(frozen=True, slots=True)
class OpeningHand:
    hand: tuple[str, ...]
    reserves: tuple[str, ...]
    mulligans: int  # mulligans taken to reach this hand
    can_mulligan: bool  # whether the rules allow one more
    size: int  # cards the rules deal after these mulligans (fewer if the pile is smaller)
    library: tuple[str, ...] = ()  # the rest of the deck, top card first


def opening_hand(
    rule: HandRule, pile: Sequence[str], *, seed: int, mulligans: int = 0
) -> OpeningHand:
    """The hand dealt from `pile` (one name per card) with this seed after `mulligans`
    mulligans (cut to what the rules allow). The same seed and mulligans give the same hand."""
    most = rule.max_mulligans
    if rule.mulligan_shrinks:  # a hand cannot shrink below nothing
        most = rule.size if most is None else min(most, rule.size)
    mulligans = max(0, mulligans if most is None else min(mulligans, most))
    size = rule.size - mulligans if rule.mulligan_shrinks else rule.size
    rng = random.Random(seed)
    cards = list(pile)
    rng.shuffle(cards)
    reserves, cards = cards[: rule.reserves], cards[rule.reserves :]
    for _ in range(mulligans):  # the hand goes back into the deck, which is shuffled again
        rng.shuffle(cards)
    can_mulligan = most is None or mulligans < most
    return OpeningHand(
        tuple(cards[:size]), tuple(reserves), mulligans, can_mulligan, size, tuple(cards[size:])
    )


def cards_drawn_by(rule: HandRule, turn: int, *, going_first: bool) -> int:
    """Cards a player has drawn after their draws of turn `turn` (their own turns, from 1),
    drawing the most the rules allow, on top of the opening hand."""
    if turn < 1:
        return 0
    first = rule.first_turn_draws if going_first else rule.draws_per_turn
    return first + rule.draws_per_turn * (turn - 1)
