"""The exact chance of having drawn a card (or any card of a group) by a turn: the
hypergeometric distribution over the cards a game's set-up and turns let a player see
(rulebook/opening_hands.py), as NetrunnerDB and ArkhamDB show it. Plain Python, exact fractions.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

from .opening_hands import HandRule, cards_drawn_by


def chance_of_any(deck_size: int, copies: int, seen: int) -> Fraction:
    """P(at least one of `copies` cards among `seen` drawn without replacement from
    `deck_size`): 1 - C(N-K, n) / C(N, n)."""
    if copies <= 0 or seen <= 0 or deck_size <= 0:
        return Fraction(0)
    seen = min(seen, deck_size)
    return 1 - Fraction(comb(deck_size - copies, seen), comb(deck_size, seen))


def cards_seen(rule: HandRule, turn: int, *, going_first: bool) -> int:
    """Cards seen from the draw pile by the end of turn `turn`'s draws: the opening hand (0:
    before any turn) and each turn's draws. Keeper's reserves are chosen, not drawn, so they
    are not part of the draw pile."""
    return rule.size + cards_drawn_by(rule, turn, going_first=going_first)


def draw_pile_size(rule: HandRule, deck_size: int) -> int:
    """The cards the hand and draws come from: the deck less what is set aside first."""
    return max(0, deck_size - rule.reserves)


def chances_by_turn(
    rule: HandRule, deck_size: int, copies: int, turns: int, *, going_first: bool
) -> list[Fraction]:
    """The chance of having drawn one of the copies in the opening hand (index 0) and by each
    of the first `turns` turns."""
    pile = draw_pile_size(rule, deck_size)
    return [
        chance_of_any(pile, copies, cards_seen(rule, turn, going_first=going_first))
        for turn in range(turns + 1)
    ]
