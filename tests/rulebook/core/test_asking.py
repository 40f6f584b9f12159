"""A decision asked of a person one pick at a time (rulebook.core.asking): a selection offers
"done" only once enough are picked and answers in the order picked; a pick not offered is
refused; the options that only check an answer say their own steps, and every answer they
make is one the game allows."""

from __future__ import annotations

import itertools

import pytest

from rulebook.core.asking import DONE, Answered, NotOffered, Step, step
from rulebook.core.decisions import Decision
from rulebook.metazoo.engine.combat import Allocation


def test_one_option_is_one_step_with_pass_last_where_passing_is_allowed():
    decision = Decision(0, "play", ["Hot Dog", "Omelette"], may_pass=True)
    assert step(decision, []) == Step(["Hot Dog", "Omelette", None])
    assert step(decision, [2]) == Answered(None)
    assert step(decision, [1]) == Answered("Omelette")


def test_a_selection_offers_done_once_enough_are_picked_and_answers_in_pick_order():
    decision = Decision(0, "defenders", ["a", "b", "c"], least=1, most=3)
    assert step(decision, []).options == ["a", "b", "c"]  # at least one: no "done" yet
    after_c = step(decision, [2])
    assert after_c.options == [DONE, "a", "b"] and after_c.picked == ["c"]
    assert step(decision, [2, 1]).options == [DONE, "b"]
    assert step(decision, [2, 1, 0]) == Answered(["c", "a"])  # "done"
    assert step(decision, [2, 1, 1]) == Answered(["c", "a", "b"])  # `most` reached


def test_a_selection_of_none_answers_at_once():
    assert step(Decision(0, "rerolls", range(3), most=0), []) == Answered([])


@pytest.mark.parametrize("pick", [-1, 2, True, "0"])
def test_a_pick_not_offered_is_refused(pick):
    with pytest.raises(NotOffered):
        step(Decision(0, "mulligan", (True, False)), [pick])


@pytest.mark.parametrize(
    ("damage", "lps", "overflow"), [(20, (10, 30), False), (30, (10,), True), (25, (5, 5), True)]
)
def test_every_damage_spread_asked_step_by_step_is_legal_and_every_legal_one_is_offered(
    damage, lps, overflow
):
    """Resolving a chosen Attack (MetaZoo, p. 28): each pick path ends in a legal spread."""
    allocation = Allocation(damage, lps, overflow)
    made = set()
    paths = [[]]
    while paths:
        picks = paths.pop()
        result = allocation.compose(picks)
        if isinstance(result, Answered):
            assert result.answer in allocation
            made.add(result.answer)
        else:
            paths.extend([*picks, pick] for pick in range(len(result.options)))
    places = len(lps) + overflow
    legal = {
        spread
        for spread in itertools.product(range(0, damage + 1, 5), repeat=places)
        if spread in allocation
    }
    assert made == legal


def test_copies_of_a_card_are_one_option_with_how_many_are_left():
    decision = Decision(0, "reserves", ["Tripwire", "Ember Sprite", "Tripwire"], least=2, most=2)
    first = step(decision, [])
    assert first.options == ["Tripwire", "Ember Sprite"] and first.counts == [2, 1]
    after = step(decision, [0])
    assert after.options == ["Tripwire", "Ember Sprite"] and after.counts == [1, 1]
    assert step(decision, [0, 0]) == Answered(["Tripwire", "Tripwire"])
    assert step(Decision(0, "codestone", ["Zei", "Zei", "Main"]), []).options == ["Zei", "Main"]
