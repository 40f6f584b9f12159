"""Exact battle odds (CR 5.5.4-5.5.7, 6.2.4) against brute-force enumeration of every die face."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.neopets.odds import attack_damage, capped, knockout_race, reroll_rights

FACES = range(1, 7)


def face_damage(attack_faces: tuple[int, ...], defence_faces: tuple[int, ...]) -> int:
    """5.5.7a-c read straight off the faces: 6 is a critical, 4-5 a hit, 4-6 blocks one hit."""
    crits = sum(face == 6 for face in attack_faces)
    hits = sum(face in (4, 5) for face in attack_faces)
    blocks = sum(face >= 4 for face in defence_faces)
    return crits + max(0, hits - blocks)


def rerolled(faces: tuple[int, ...], chosen: tuple[int, ...]):
    """Every equally likely result of rerolling the dice at positions `chosen`."""
    for new in product(FACES, repeat=len(chosen)):
        result = list(faces)
        for position, face in zip(chosen, new, strict=True):
            result[position] = face
        yield tuple(result)


def mean_after(attack_faces, defence_faces, chosen, side) -> Fraction:
    outcomes = [
        face_damage(a, defence_faces) if side == "attacker" else face_damage(attack_faces, d)
        for a, d in _reroll_pairs(attack_faces, defence_faces, chosen, side)
    ]
    return Fraction(sum(outcomes), len(outcomes))


def _reroll_pairs(attack_faces, defence_faces, chosen, side):
    if side == "attacker":
        return ((a, defence_faces) for a in rerolled(attack_faces, chosen))
    return ((attack_faces, d) for d in rerolled(defence_faces, chosen))


def policy_choice(attack_faces, defence_faces, side, limit) -> tuple[int, ...]:
    """The stated policy, decided on the faces: fails first, then (attacker only) the fewest
    4-5 hits that give the best expected damage."""
    own = attack_faces if side == "attacker" else defence_faces
    fails = tuple(i for i, face in enumerate(own) if face <= 3)[:limit]
    if side == "defender":
        return fails
    hits = tuple(i for i, face in enumerate(own) if face in (4, 5))
    options = [fails + hits[:extra] for extra in range(min(len(hits), limit - len(fails)) + 1)]
    best = max(mean_after(attack_faces, defence_faces, o, side) for o in options)
    return next(o for o in options if mean_after(attack_faces, defence_faces, o, side) == best)


def brute_force(attack: int, defence: int, side: str | None, limit: int):
    """(distribution, expected damage of the best possible choice) by enumerating every face."""
    distribution: Counter[int] = Counter()
    best_mean = Fraction(0)
    total = 6 ** (attack + defence)
    rolls = Counter(
        (tuple(sorted(a)), tuple(sorted(d)))
        for a in product(FACES, repeat=attack)
        for d in product(FACES, repeat=defence)
    )
    for (attack_faces, defence_faces), ways in rolls.items():
        if side is None:
            distribution[face_damage(attack_faces, defence_faces)] += Fraction(ways, total)
            best_mean += Fraction(ways * face_damage(attack_faces, defence_faces), total)
            continue
        chosen = policy_choice(attack_faces, defence_faces, side, limit)
        pairs = list(_reroll_pairs(attack_faces, defence_faces, chosen, side))
        for a, d in pairs:
            distribution[face_damage(a, d)] += Fraction(ways, total * len(pairs))
        own = len(attack_faces if side == "attacker" else defence_faces)
        means = [
            mean_after(attack_faces, defence_faces, subset, side)
            for size in range(min(limit, own) + 1)
            for subset in combinations(range(own), size)
        ]
        best = max(means) if side == "attacker" else min(means)
        best_mean += Fraction(ways, total) * best
    return dict(distribution), best_mean


SMALL_DICE = [(1, 1), (2, 1), (1, 2), (2, 2), (3, 2), (2, 3), (3, 3)]


@pytest.mark.parametrize("edge", [-2, -1, 0, 1, 2])
@pytest.mark.parametrize(("attack", "defence"), SMALL_DICE)
def test_it_matches_brute_force_over_every_face_and_reroll_5_5_6b_5_5_7(attack, defence, edge):
    """The distribution equals enumeration of all faces and rerolls under the stated policy, and
    no other choice of dice to reroll (5.5.6b) gives the rerolling side a better expectation."""
    odds = attack_damage(
        attack=attack,
        attack_agility=3 + max(edge, 0),
        defence=defence,
        defence_agility=3 - min(edge, 0),
    )
    expected_distribution, best_mean = brute_force(
        attack, defence, odds.rerolls.side, odds.rerolls.dice
    )
    got = {d: p for d, p in enumerate(odds.probabilities) if p}
    assert got == expected_distribution
    assert odds.expected == best_mean


def test_it_rerolls_a_blocked_hit_when_rerolls_are_left_over_5_5_6b():
    """One attack die against two defence dice, one reroll. Rerolling only a failed die gives
    1/6 (a 6) + 1/3 * 1/4 (an unblocked 4-5) + 1/2 * 1/4 (a fail rerolled into either) = 3/8.
    Rerolling a 4-5 that is blocked anyway adds a 1/6 chance of a 6: 1/6 + 1/8 + 1/8 = 5/12."""
    odds = attack_damage(attack=1, attack_agility=1, defence=2, defence_agility=0)
    assert odds.expected == Fraction(5, 12)


@pytest.mark.parametrize("attack", range(11))
@pytest.mark.parametrize("defence", [0, 1, 5, 10])
@pytest.mark.parametrize("edge", [-10, -3, 0, 4, 10])
def test_it_gives_probabilities_that_sum_to_one(attack, defence, edge):
    odds = attack_damage(
        attack=attack, attack_agility=max(edge, 0), defence=defence, defence_agility=max(-edge, 0)
    )
    assert sum(odds.probabilities) == 1
    assert all(p >= 0 for p in odds.probabilities)
    assert len(odds.probabilities) == attack + 1


def test_it_caps_attack_defence_and_agility_at_10_6_2_4():
    """6.2.4: a total above 10 rolls 10 dice, and Agility compares capped values."""
    capped_odds = attack_damage(attack=13, attack_agility=14, defence=11, defence_agility=9)
    plain_odds = attack_damage(attack=10, attack_agility=10, defence=10, defence_agility=9)
    assert capped_odds == plain_odds
    assert capped(12) == 10
    assert reroll_rights(attack_agility=15, defence_agility=10, attack=3, defence=3).dice == 0


def test_it_rerolls_no_more_dice_than_the_faster_neopet_rolled_5_5_6b():
    rights = reroll_rights(attack_agility=9, defence_agility=1, attack=2, defence=5)
    assert (rights.side, rights.dice) == ("attacker", 2)


def test_it_deals_no_damage_without_attack_dice():
    odds = attack_damage(attack=0, attack_agility=5, defence=0, defence_agility=0)
    assert odds.probabilities == (1,)


def test_it_matches_the_single_die_arithmetic_5_5_7():
    """One attack die, no defence: a 4, 5 or 6 deals one damage."""
    odds = attack_damage(attack=1, attack_agility=0, defence=0, defence_agility=0)
    assert odds.probabilities == (Fraction(1, 2), Fraction(1, 2))


# -- the knock-out race ------------------------------------------------------------------


def solve_race_by_linear_system(first_hits, second_hits, first_hp, second_hp):
    """P(first wins) for both orders, by Gauss-Jordan elimination over every (x, y, mover)."""
    states = [
        (x, y, m) for x in range(1, first_hp + 1) for y in range(1, second_hp + 1) for m in (0, 1)
    ]
    index = {state: i for i, state in enumerate(states)}
    n = len(states)
    rows = [[Fraction(0)] * (n + 1) for _ in range(n)]
    for (x, y, mover), i in index.items():
        rows[i][i] += 1
        if mover == 0:
            for damage, p in enumerate(first_hits):
                if damage >= y:
                    rows[i][n] += p
                else:
                    rows[i][index[(x, y - damage, 1)]] -= p
        else:
            for damage, p in enumerate(second_hits):
                if damage < x:
                    rows[i][index[(x - damage, y, 0)]] -= p
    for col in range(n):
        pivot = next(r for r in range(col, n) if rows[r][col] != 0)
        rows[col], rows[pivot] = rows[pivot], rows[col]
        rows[col] = [v / rows[col][col] for v in rows[col]]
        for r in range(n):
            if r != col and rows[r][col] != 0:
                factor = rows[r][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return rows[index[(first_hp, second_hp, 0)]][n], rows[index[(first_hp, second_hp, 1)]][n]


RACES = [
    ((1, 0, 3, 0), (2, 1, 1, 1), 2, 3),
    ((2, 4, 2, 1), (3, 1, 1, 4), 3, 3),
    ((1, 0, 0, 0), (1, 0, 0, 0), 1, 1),
    ((3, 2, 3, 0), (0, 0, 3, 2), 3, 2),
    ((2, 0, 3, 0), (1, 3, 2, 0), 4, 2),
]


@pytest.mark.parametrize(("first_stats", "second_stats", "first_hp", "second_hp"), RACES)
def test_it_solves_the_knockout_race_exactly_5_5_7f(first_stats, second_stats, first_hp, second_hp):
    """The geometric self-loop recurrence equals a direct solve of the whole Markov chain."""
    attack, agility, _, _ = first_stats
    second_attack, second_agility, _, _ = second_stats
    first_hits = attack_damage(
        attack=attack,
        attack_agility=agility,
        defence=second_stats[2],
        defence_agility=second_agility,
    ).probabilities
    second_hits = attack_damage(
        attack=second_attack,
        attack_agility=second_agility,
        defence=first_stats[2],
        defence_agility=agility,
    ).probabilities
    first_order, second_order = knockout_race(first_hits, second_hits, first_hp, second_hp)
    expected_first, expected_second = solve_race_by_linear_system(
        first_hits, second_hits, first_hp, second_hp
    )
    assert (first_order.first_wins, second_order.first_wins) == (expected_first, expected_second)
    assert first_order.first_wins + first_order.second_wins == 1
    assert not first_order.never_ends


def test_it_agrees_in_floats_and_fractions():
    hits = attack_damage(attack=6, attack_agility=4, defence=5, defence_agility=2).probabilities
    back = attack_damage(attack=5, attack_agility=2, defence=6, defence_agility=4).probabilities
    exact, _ = knockout_race(hits, back, 6, 5)
    rounded, _ = knockout_race([float(p) for p in hits], [float(p) for p in back], 6, 5)
    assert rounded.first_wins == pytest.approx(float(exact.first_wins), abs=1e-12)


def test_it_says_a_race_never_ends_when_neither_side_can_deal_damage():
    first, second = knockout_race((Fraction(1),), (Fraction(1),), 3, 3)
    assert first.never_ends and second.never_ends


def test_it_lets_the_only_side_that_can_deal_damage_win():
    """A Neopet with no attack dice never knocks anything out; the other side always does."""
    no_damage = (Fraction(1),)
    some_damage = attack_damage(attack=1, attack_agility=0, defence=3, defence_agility=0)
    first, second = knockout_race(no_damage, some_damage.probabilities, 4, 4)
    assert (first.first_wins, first.second_wins) == (0, 1)
    assert (second.first_wins, second.second_wins) == (0, 1)


def test_it_wins_at_once_when_the_first_attack_always_knocks_out():
    """Going first with a guaranteed knock-out: the first attack ends the round (5.5.7f)."""
    certain = (Fraction(0), Fraction(1))
    first, _ = knockout_race(certain, certain, 1, 1)
    assert first.first_wins == 1


# -- properties ----------------------------------------------------------------------------

stat = st.integers(min_value=0, max_value=10)


@settings(max_examples=60, deadline=None)
@given(attack=stat, defence=stat, attack_agility=stat, defence_agility=stat)
def test_it_never_lowers_expected_damage_for_an_extra_attack_die(
    attack, defence, attack_agility, defence_agility
):
    """One more attack die is at worst a fail (5.5.7a), and never fewer rerolls (5.5.6b)."""
    more = min(attack + 1, 10)
    odds = {
        dice: attack_damage(
            attack=dice,
            attack_agility=attack_agility,
            defence=defence,
            defence_agility=defence_agility,
        )
        for dice in (attack, more)
    }
    assert odds[more].expected >= odds[attack].expected


@settings(max_examples=60, deadline=None)
@given(attack=stat, defence=stat, attack_agility=stat, defence_agility=stat)
def test_it_never_raises_expected_damage_for_an_extra_defence_die(
    attack, defence, attack_agility, defence_agility
):
    more = min(defence + 1, 10)
    odds = {
        dice: attack_damage(
            attack=attack,
            attack_agility=attack_agility,
            defence=dice,
            defence_agility=defence_agility,
        )
        for dice in (defence, more)
    }
    assert odds[more].expected <= odds[defence].expected


@settings(max_examples=60, deadline=None)
@given(attack=stat, defence=stat, attack_agility=stat, defence_agility=stat)
def test_it_never_hurts_the_attacker_to_be_faster_5_5_6b(
    attack, defence, attack_agility, defence_agility
):
    faster = min(attack_agility + 1, 10)
    odds = {
        agility: attack_damage(
            attack=attack, attack_agility=agility, defence=defence, defence_agility=defence_agility
        )
        for agility in (attack_agility, faster)
    }
    assert odds[faster].expected >= odds[attack_agility].expected
