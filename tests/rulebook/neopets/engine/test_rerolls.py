"""The heuristic player rerolls by the odds module's optimal rule (CR 5.5.6b-d;
rulebook.neopets.odds REROLL_POLICY), so the engine's battles deal what /battle-odds/ predicts.

The statistical check: for each matchup, N battles are played by the engine from a fixed seed
and their damage is compared with the exact distribution by Pearson's chi-square goodness-of-fit
test (bins with fewer than 5 expected battles merged into their neighbour) and by a two-sided
z-test on the mean damage. Each test rejects at ALPHA = 1e-4, so a correct engine fails one
of them with probability at most 2e-4 per matchup, under 1e-3 over the four matchups (that is
the false-failure rate over seeds; with the seeds fixed the result is the same every run). The
same test on the same seeds rejects the old player that rerolled dice in index order: the check
can fail.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from math import sqrt
from statistics import NormalDist

import pytest

from rulebook.core.decisions import Decision
from rulebook.neopets.engine import HeuristicPolicy
from rulebook.neopets.engine.dice import battle_damage
from rulebook.neopets.engine.state import REROLLS
from rulebook.neopets.odds import attack_damage

from .builders import battle_ready

ALPHA = 1e-4
CLASS_FACES = (2, 5, 6)  # a fail, a 4-5 (a hit, or a block), a 6
BATTLES = 30_000
# (attack, defence, agility) of the attacker and of the defender.
MATCHUPS = [
    ((4, 3, 7), (3, 4, 2)),  # the attacker's agility edge: it rerolls, hits too
    ((5, 2, 6), (2, 5, 3)),
    ((3, 3, 2), (3, 4, 5)),  # the defender's edge: it rerolls failed blocks
    ((4, 4, 4), (4, 4, 4)),  # no edge, no rerolls
]


class IndexOrderPolicy(HeuristicPolicy):
    """The engine's old rule: the first `limit` dice at or below a threshold, in index order
    (an attacker whose hits were all blocked took 4-5s before later failed dice)."""

    def choose_rerolls(self, game, decision, dice, other, attacking):
        if attacking:
            hits = dice.count(4) + dice.count(5)
            worst = 5 if hits <= sum(face >= 4 for face in other) else 3
        else:
            if other.count(4) + other.count(5) <= sum(face >= 4 for face in dice):
                return ()
            worst = 3
        return [index for index, face in enumerate(dice) if face <= worst][: decision.most]


def rerolls(seat: int, dice: int, limit: int) -> Decision:
    """The decision the game asks: up to `limit` of the seat's dice, by index."""
    return Decision(seat, REROLLS, range(dice), most=limit)


def sampled_damage(attacker, defender, policy, seed: int = 2024) -> Counter[int]:
    """Damage per battle over BATTLES battles played by the engine."""
    game, me, opponent = battle_ready(attacker, defender, policies=(policy, policy))
    game.log = None
    game.chance.random = random.Random(seed).random
    opponent.hp = 10**9  # never knocked out
    damage: Counter[int] = Counter()
    for _ in range(BATTLES):
        before = opponent.damage
        game.battle(me)
        damage[opponent.damage - before] += 1
    return damage


def exact(attacker, defender) -> tuple[Fraction, ...]:
    return attack_damage(
        attack=attacker[0],
        attack_agility=attacker[2],
        defence=defender[1],
        defence_agility=defender[2],
    ).probabilities


def chi_square_rejects(observed: Counter[int], probabilities: Sequence[Fraction]) -> bool:
    """Pearson's test at ALPHA; the critical value by the Wilson-Hilferty approximation."""
    bins: list[tuple[float, int]] = []  # (expected, observed), merged up to >= 5 expected
    expected_sum, observed_sum = 0.0, 0
    for damage, p in enumerate(probabilities):
        expected_sum += float(p) * BATTLES
        observed_sum += observed.get(damage, 0)
        if expected_sum >= 5:
            bins.append((expected_sum, observed_sum))
            expected_sum, observed_sum = 0.0, 0
    if expected_sum or observed_sum:
        last_expected, last_observed = bins.pop()
        bins.append((last_expected + expected_sum, last_observed + observed_sum))
    statistic = sum((o - e) ** 2 / e for e, o in bins)
    k = len(bins) - 1
    if k == 0:
        return False
    z = NormalDist().inv_cdf(1 - ALPHA)
    critical = k * (1 - 2 / (9 * k) + z * sqrt(2 / (9 * k))) ** 3
    return statistic > critical


def mean_rejects(observed: Counter[int], probabilities: Sequence[Fraction]) -> bool:
    """Two-sided z-test at ALPHA of the sample mean against the exact mean."""
    mean = sum(d * float(p) for d, p in enumerate(probabilities))
    variance = sum(d * d * float(p) for d, p in enumerate(probabilities)) - mean**2
    sample_mean = sum(d * n for d, n in observed.items()) / BATTLES
    if variance == 0:
        return sample_mean != mean
    z = abs(sample_mean - mean) / sqrt(variance / BATTLES)
    return z > NormalDist().inv_cdf(1 - ALPHA / 2)


@pytest.mark.parametrize(("attacker", "defender"), MATCHUPS)
def test_the_engines_battle_damage_follows_the_exact_distribution_5_5_6_5_5_7(attacker, defender):
    """CR 5.5.4-5.5.7: sampled engine battles agree with rulebook.neopets.odds within sampling
    error (chi-square and mean tests, each at 1e-4)."""
    observed = sampled_damage(attacker, defender, HeuristicPolicy())
    probabilities = exact(attacker, defender)
    assert not chi_square_rejects(observed, probabilities)
    assert not mean_rejects(observed, probabilities)


def test_the_same_check_rejects_rerolling_in_index_order_5_5_6b():
    """The check has power: the old rule, with the attacker's agility edge, deals less damage
    than the odds module predicts, and the test says so on the same seed."""
    attacker, defender = MATCHUPS[0]
    observed = sampled_damage(attacker, defender, IndexOrderPolicy())
    probabilities = exact(attacker, defender)
    assert chi_square_rejects(observed, probabilities) or mean_rejects(observed, probabilities)


def test_an_attacker_rerolls_a_failed_die_before_a_blocked_hit_5_5_6b():
    """A 4 blocked anyway and a 1, one reroll: the 1 is rerolled (a fail is never better kept),
    whichever comes first."""
    policy = HeuristicPolicy()
    assert policy.choose_rerolls(None, rerolls(0, 2, 1), [4, 1], [6, 6], True) == [1]
    assert policy.choose_rerolls(None, rerolls(0, 2, 1), [1, 4], [6, 6], True) == [0]


def test_a_defender_rerolls_its_failed_dice_even_when_no_hit_gets_through_5_5_6b():
    """REROLL_POLICY: a failed block is never worse rerolled, so the defender takes them all."""
    policy = HeuristicPolicy()
    assert policy.choose_rerolls(None, rerolls(1, 3, 2), [1, 5, 2], [6, 1, 1], False) == [0, 2]


@pytest.mark.parametrize("attacking", [True, False])
def test_the_heuristic_never_expects_less_damage_advantage_than_any_other_choice_5_5_6b(
    attacking,
):
    """Over every roll of up to three dice a side (one face of each class: a fail, a 4-5, a 6)
    and every reroll allowance, the heuristic's choice is as good, in expected damage for the
    rerolling side, as the best subset of dice."""
    policy = HeuristicPolicy()
    for own_dice, other_dice, limit in itertools.product((1, 2, 3), (1, 2, 3), (1, 2)):
        for own in itertools.product(CLASS_FACES, repeat=own_dice):
            for other in itertools.product(CLASS_FACES, repeat=other_dice):
                decision = rerolls(0, own_dice, limit)
                chosen = policy.choose_rerolls(None, decision, list(own), list(other), attacking)
                best = max(
                    _expected(own, other, subset, attacking)
                    for size in range(limit + 1)
                    for subset in itertools.combinations(range(own_dice), size)
                )
                assert _expected(own, other, tuple(chosen), attacking) == best


def _expected(own, other, subset, attacking) -> Fraction:
    """The rerolling side's expected advantage (damage dealt, or minus damage taken)."""
    total = Fraction(0)
    outcomes = list(itertools.product(range(1, 7), repeat=len(subset)))
    for faces in outcomes:
        dice = list(own)
        for index, face in zip(subset, faces, strict=True):
            dice[index] = face
        damage = battle_damage(dice, other) if attacking else -battle_damage(other, dice)
        total += damage
    return total / len(outcomes)
