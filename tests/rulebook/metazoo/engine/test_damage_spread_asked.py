"""A person spreading an Attack's Damage across the Defenders is offered, step by step, only the
amounts a legal spread goes on from (Resolving a chosen Attack, p. 28: Damage in fives, at least
5 to each Defender if possible, the rest to the original target only once each Defender has
taken its current LP)."""

from __future__ import annotations

from rulebook.core.asking import Answered, Step
from rulebook.metazoo.engine.combat import Allocation


def test_each_defenders_damage_then_the_original_targets_is_asked_in_fives_p28():
    spread = Allocation(70, [20, 40], overflow=True)
    assert spread.compose([]) == Step(list(range(5, 70, 5)), "How much Damage to Defender 1?", [])
    twenty = 3  # the place of 20 among the first step's amounts
    # 20 to the first (its LP): the second takes 50, or at least its 40 and the rest overflows
    assert spread.compose([twenty]) == Step([40, 45, 50], "How much Damage to Defender 2?", [20])
    assert spread.compose([twenty, 0]) == Step(
        [10], "How much Damage to the original target?", [20, 40]
    )
    assert spread.compose([twenty, 0, 0]) == Answered((20, 40, 10))


def test_an_answer_with_a_place_more_or_less_than_the_spread_has_is_refused_p28():
    """Damage goes to the Defenders, and to the original target only when it may overflow
    there (p. 28): an answer naming an original target that is not there, or leaving a
    Defender out, is no allocation."""
    no_overflow = Allocation(10, [5, 5], overflow=False)
    assert (5, 5) in no_overflow
    assert (5, 5, 0) not in no_overflow
    assert (10,) not in no_overflow
    assert [5, 5] not in no_overflow  # an answer is a tuple, one amount per place
