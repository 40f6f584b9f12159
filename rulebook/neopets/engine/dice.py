"""Dice: the battle's damage arithmetic and the d3 rule (the dice are rolled by the game's
Chance, rulebook.core.chance)."""

from __future__ import annotations

from collections.abc import Sequence

CRITICAL = 6  # CR 5.5.7c: a 6 on an attack die is a critical hit and cannot be blocked
SUCCESS = 4  # CR 5.5.7a: 4, 5 or 6 is a success, for a hit or a block


def battle_damage(attack: Sequence[int], defence: Sequence[int]) -> int:
    """The damage of one attack (CR 5.5.7b-c): each critical deals 1 and cannot be blocked;
    each 4-5 hit is blocked by one 4-6 block, and each unblocked hit deals 1."""
    criticals = attack.count(6)
    hits = attack.count(4) + attack.count(5)
    blocks = len(defence) - defence.count(1) - defence.count(2) - defence.count(3)
    return criticals + (hits - blocks if hits > blocks else 0)


def d3_of(face: int) -> int:
    """A d3 is a d6 read as 1-2 -> 1, 3-4 -> 2, 5-6 -> 3 (CR 9.4.1): the d3 a face stands for."""
    return (face + 1) // 2
