"""Exact battle odds for two Neopets (CR 5.5.4-5.5.7, 6.2.4), computed, never sampled.

One attack: the attacker rolls Attack d6 (5.5.4b), the defender Defence d6 (5.5.5b). A 4 or 5
is a hit, a 6 a critical hit that cannot be blocked, and each 4-6 on a defending die blocks one
4-5 hit (5.5.7a-b). The Neopet with the higher Agility may then reroll, once, up to the Agility
difference of ITS OWN dice (5.5.6b). Stats above 10 count as 10 (6.2.4).

Every distribution is exact: dice are counted by outcome class (critical, hit, fail; block,
fail) with multinomial weights over a common denominator of 6 to the number of dice rolled, and
turned into `Fraction`s at the end. Nothing is simulated.

The reroll policy (`REROLL_POLICY`), and why it is optimal:
- Damage never decreases when one die's class improves (fail < hit < critical for the attacker;
  fail < block for the defender). So rerolling a failed die is never worse than keeping it,
  outcome by outcome: whatever the new roll, it is at least a fail.
- Defender: a block is the best a defending die can be, so the defender rerolls only failed dice,
  as many as the Agility difference allows. That choice is best in every outcome, so it is optimal
  for any goal (least expected damage, best chance to survive).
- Attacker: a critical is the best die, so criticals are never rerolled; rerolling a fail dominates
  rerolling a hit (same new die, better kept die). So the attacker first rerolls all its failed
  dice it may. A 4-5 hit is worth rerolling only when it is blocked anyway: the attacker spends
  rerolls left over on hits exactly when that raises its expected damage, computed exactly for
  the dice on the table (the fewest such rerolls among equally good choices).
The attacker's policy maximises the expected damage of the attack; the brute-force tests check
that no choice of dice to reroll does better.

The knock-out race (`knockout_race`) is a Markov chain over (attacker HP left, defender HP left,
whose attack) with one attack's damage distribution each way; an attack that deals no damage
leaves the state unchanged, so the two zero-damage self-loops are summed geometrically.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from math import comb, factorial
from operator import mul
from typing import Generic, TypeVar

STAT_CAP = 10  # 6.2.4
CRITICAL_FACES = 1  # a 6 (5.5.7c)
HIT_FACES = 2  # a 4 or 5 (5.5.7a)
FAIL_FACES = 3  # a 1, 2 or 3 (5.5.7a)
BLOCK_FACES = 3  # a 4, 5 or 6 (5.5.7b)
FACES = 6

REROLL_POLICY = (
    "The Neopet with the higher Agility rerolls, once, up to the Agility difference of its "
    "own dice (CR 5.5.6b). Defender: rerolls its failed dice (1-3), never a block; this is "
    "best in every outcome. Attacker: rerolls its failed dice (1-3) first, never a critical 6, "
    "and spends any rerolls left over on 4-5 hits only when that raises its expected damage "
    "(when those hits are blocked anyway); this maximises the attack's expected damage."
)

Number = TypeVar("Number", float, Fraction)


def capped(stat: int) -> int:
    """A stat's value for the dice: totals above 10 count as 10 (6.2.4)."""
    return min(stat, STAT_CAP)


@dataclass(frozen=True, slots=True)
class Rerolls:
    """Who may reroll (5.5.6b): 'attacker', 'defender' or None, and at most how many dice."""

    side: str | None
    dice: int


@dataclass(frozen=True, slots=True)
class DamageOdds:
    """The exact distribution of one attack's damage: probabilities[d] = P(damage == d)."""

    probabilities: tuple[Fraction, ...]
    rerolls: Rerolls

    @property
    def expected(self) -> Fraction:
        return sum((d * p for d, p in enumerate(self.probabilities)), Fraction(0))


def reroll_rights(
    *, attack_agility: int, defence_agility: int, attack: int, defence: int
) -> Rerolls:
    """The faster Neopet may reroll up to the Agility difference of its own dice (5.5.6b)."""
    edge = capped(attack_agility) - capped(defence_agility)
    if edge > 0:
        return Rerolls("attacker", min(edge, capped(attack)))
    if edge < 0:
        return Rerolls("defender", min(-edge, capped(defence)))
    return Rerolls(None, 0)


def attack_damage(
    *, attack: int, attack_agility: int, defence: int, defence_agility: int
) -> DamageOdds:
    """The exact damage distribution of one attack, both sides playing `REROLL_POLICY`."""
    attack, defence = capped(attack), capped(defence)
    rerolls = reroll_rights(
        attack_agility=attack_agility,
        defence_agility=defence_agility,
        attack=attack,
        defence=defence,
    )
    weights = _damage_weights(attack, defence, rerolls.side, rerolls.dice)
    total = FACES ** (attack + defence + rerolls.dice)
    return DamageOdds(tuple(Fraction(w, total) for w in weights), rerolls)


@cache
def best_rerolls(
    attacking: bool, fails: int, hits: int, blocks: int, limit: int
) -> tuple[int, int]:
    """`REROLL_POLICY` for dice on the table: (failed dice, 4-5 hits) the rerolling side rerolls,
    at most `limit` in all. `fails` are the rerolling side's own failed dice; `hits` the
    attacker's 4-5 hits and `blocks` the defender's 4-6, whoever rerolls. The engine's
    heuristic player and this module's distributions both decide by this function (cached:
    the engine asks it in every battle with an Agility edge)."""
    failed = min(limit, fails)
    if not attacking:
        return failed, 0
    return failed, _extra_hit_rerolls(hits - blocks, failed, min(hits, limit - failed))


@lru_cache(maxsize=4096)
def _damage_weights(attack: int, defence: int, side: str | None, rerolls: int) -> tuple[int, ...]:
    """Damage -> number of equally likely dice outcomes, over 6 ** (attack + defence + rerolls).

    An unused reroll counts as a die that was rolled and ignored (weight times 6), so every
    state shares one denominator.
    """
    weights = [0] * (attack + 1)
    for crits, hits, attack_weight in _attack_classes(attack):
        fails = attack - crits - hits
        for blocks, block_weight in _block_classes(defence):
            if side == "attacker":
                used, extra = best_rerolls(True, fails, hits, blocks, rerolls)
                outcomes = _attacker_reroll(used + extra, hits - extra - blocks)
                unused = rerolls - used - extra
            elif side == "defender":
                used, _ = best_rerolls(False, defence - blocks, hits, blocks, rerolls)
                outcomes = _defender_reroll(used, hits - blocks)
                unused = rerolls - used
            else:
                outcomes, unused = ((max(0, hits - blocks), 1),), 0
            scale = attack_weight * block_weight * FACES**unused
            for damage, weight in outcomes:
                weights[crits + damage] += scale * weight
    return tuple(weights)


@cache
def _attack_classes(dice: int) -> tuple[tuple[int, int, int], ...]:
    """(criticals, hits, ways) for `dice` attack dice: ways = outcomes among 6 ** dice."""
    classes = []
    for crits in range(dice + 1):
        for hits in range(dice - crits + 1):
            fails = dice - crits - hits
            ways = factorial(dice) // (factorial(crits) * factorial(hits) * factorial(fails))
            ways *= CRITICAL_FACES**crits * HIT_FACES**hits * FAIL_FACES**fails
            classes.append((crits, hits, ways))
    return tuple(classes)


@cache
def _block_classes(dice: int) -> tuple[tuple[int, int], ...]:
    """(blocks, ways) for `dice` defence dice: ways = outcomes among 6 ** dice."""
    return tuple(
        (blocks, comb(dice, blocks) * BLOCK_FACES**blocks * FAIL_FACES ** (dice - blocks))
        for blocks in range(dice + 1)
    )


@cache
def _attacker_reroll(dice: int, unblocked: int) -> tuple[tuple[int, int], ...]:
    """Damage beyond the kept criticals after rerolling `dice` attack dice, as (damage, ways).

    `unblocked` is kept hits minus blocks (negative when blocks are left over): new criticals
    always count, new hits count once the spare blocks are used up.
    """
    totals: dict[int, int] = {}
    for crits, hits, ways in _attack_classes(dice):
        damage = crits + max(0, unblocked + hits)
        totals[damage] = totals.get(damage, 0) + ways
    return tuple(totals.items())


@cache
def _defender_reroll(dice: int, unblocked: int) -> tuple[tuple[int, int], ...]:
    """Non-critical damage after the defender rerolls `dice` failed dice, as (damage, ways)."""
    totals: dict[int, int] = {}
    for blocks, ways in _block_classes(dice):
        damage = max(0, unblocked - blocks)
        totals[damage] = totals.get(damage, 0) + ways
    return tuple(totals.items())


@cache
def _attacker_reroll_total(dice: int, unblocked: int) -> int:
    """The damage of `_attacker_reroll` summed over its 6 ** dice outcomes."""
    return sum(damage * ways for damage, ways in _attacker_reroll(dice, unblocked))


@cache
def _extra_hit_rerolls(surplus: int, fail_rerolls: int, spare: int) -> int:
    """How many 4-5 hits the attacker should also reroll: the fewest that maximise the expected
    damage, given hits minus blocks (`surplus`), the fails it rerolls and the rerolls to spare.

    Each choice's total damage is scaled to the common denominator 6 ** (fail_rerolls + spare).
    """
    best, best_value = 0, -1
    for extra in range(spare + 1):
        value = _attacker_reroll_total(fail_rerolls + extra, surplus - extra)
        value *= FACES ** (spare - extra)
        if value > best_value:
            best, best_value = extra, value
    return best


@dataclass(frozen=True, slots=True)
class RaceOdds(Generic[Number]):
    """Who wins a knock-out race; `never_ends` when neither Neopet can ever deal damage."""

    first_wins: Number
    second_wins: Number
    never_ends: bool = False


def knockout_race(
    first_hits: Sequence[Number],
    second_hits: Sequence[Number],
    first_hp: int,
    second_hp: int,
) -> tuple[RaceOdds[Number], RaceOdds[Number]]:
    """The chance each Neopet knocks the other out first, attacks alternating (5.5.7f).

    `first_hits[d]` is the chance the first Neopet's attack deals d damage to the second,
    `second_hits` the reverse; HP are what each has left. Returns the race with the first
    Neopet attacking first, then with the second attacking first. Exact for Fractions; for
    floats the same recurrence, rounded only by float arithmetic.
    """
    zero = first_hits[0] * 0
    p0, q0 = first_hits[0], second_hits[0]
    if p0 == 1 and q0 == 1:
        return RaceOdds(zero, zero, True), RaceOdds(zero, zero, True)
    loop = 1 / (1 - p0 * q0)
    first_tail = _tails(first_hits, second_hp + 1)
    first_reversed = list(first_hits[:0:-1])  # P(d) for d = max .. 1
    second_reversed = list(second_hits[:0:-1])
    # The chance the FIRST Neopet wins with x and y HP left: second_rows[x][y] when the second
    # Neopet attacks next, first_columns[y][x] when the first does (each laid out so that the
    # states one attack can reach form one slice).
    first_columns = [[zero] * (first_hp + 1) for _ in range(second_hp + 1)]
    second_rows = [[zero] * (second_hp + 1) for _ in range(first_hp + 1)]
    for x in range(1, first_hp + 1):
        row = second_rows[x]
        for y in range(1, second_hp + 1):
            column = first_columns[y]
            reach = min(y - 1, len(first_reversed))
            knocks = first_tail[y] + sum(
                map(mul, first_reversed[len(first_reversed) - reach :], row[y - reach : y]), zero
            )
            reach = min(x - 1, len(second_reversed))
            survives = sum(
                map(mul, second_reversed[len(second_reversed) - reach :], column[x - reach : x]),
                zero,
            )
            column[x] = (knocks + p0 * survives) * loop
            row[y] = q0 * column[x] + survives
    first = first_columns[second_hp][first_hp]
    second = second_rows[first_hp][second_hp]
    return RaceOdds(first, 1 - first), RaceOdds(second, 1 - second)


def _tails(hits: Sequence[Number], length: int) -> list[Number]:
    """tails[n] = P(damage >= n) for n <= length."""
    tails = [hits[0] * 0] * (max(length, len(hits)) + 1)
    for damage in range(len(hits) - 1, -1, -1):
        tails[damage] = tails[damage + 1] + hits[damage]
    return tails


@dataclass(frozen=True, slots=True)
class Fighter:
    """A Neopet's stats for the odds: HP, dice stats, and damage it has already taken (5.5.7d)."""

    hp: int
    attack: int
    defence: int
    agility: int
    damage: int = 0

    @property
    def hp_left(self) -> int:
        return self.hp - self.damage


@dataclass(frozen=True, slots=True)
class BattleOdds:
    """One attack each way, and the knock-out race with either Neopet attacking first."""

    attack: DamageOdds  # the attacker's attack on the defender
    counterattack: DamageOdds  # the defender's attack on the attacker
    attacker_first: RaceOdds[float] | RaceOdds[Fraction]
    defender_first: RaceOdds[float] | RaceOdds[Fraction]


def battle_odds(attacker: Fighter, defender: Fighter, *, exact: bool = False) -> BattleOdds:
    """The exact odds of one attack each way and of the race; the race in floats unless `exact`
    (exact race fractions grow to hundreds of digits, and take far longer, at 20 HP and up)."""
    attack = attack_damage(
        attack=attacker.attack,
        attack_agility=attacker.agility,
        defence=defender.defence,
        defence_agility=defender.agility,
    )
    counterattack = attack_damage(
        attack=defender.attack,
        attack_agility=defender.agility,
        defence=attacker.defence,
        defence_agility=attacker.agility,
    )
    hp = (attacker.hp_left, defender.hp_left)
    # one call per number type, so each race is of one type throughout
    races: tuple[RaceOdds[Fraction], RaceOdds[Fraction]] | tuple[RaceOdds[float], RaceOdds[float]]
    if exact:
        races = knockout_race(
            [Fraction(p) for p in attack.probabilities],
            [Fraction(p) for p in counterattack.probabilities],
            *hp,
        )
    else:
        races = knockout_race(
            [float(p) for p in attack.probabilities],
            [float(p) for p in counterattack.probabilities],
            *hp,
        )
    return BattleOdds(attack, counterattack, *races)
