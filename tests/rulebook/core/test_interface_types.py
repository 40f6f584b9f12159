"""The engine interface's value types (rulebook.core): a game's chance steps, the decisions
it asks, the placements it ends with."""

from __future__ import annotations

import random

import pytest

from rulebook.core.chance import Chance
from rulebook.core.decisions import YES_NO, Decision, IllegalAnswer
from rulebook.core.outcome import placements_by_score, two_seat_placements


def test_each_chance_step_takes_the_draws_of_the_generator_it_names():
    """Wrapping the generator changes no draw: a game replays exactly (tests/golden)."""
    chance, plain = Chance(5), random.Random(5)
    assert chance.die() == int(plain.random() * 6) + 1
    assert chance.dice(3) == [int(plain.random() * 6) + 1 for _ in range(3)]
    assert chance.index(40) == int(plain.random() * 40)
    cards = list(range(10))
    assert chance.take(cards) == list(range(10)).pop(int(plain.random() * 10))
    assert chance.coin() == plain.getrandbits(1)
    assert chance.first_player(3) == plain.randrange(3)
    mine, theirs = list(range(30)), list(range(30))
    chance.shuffle(mine)
    plain.shuffle(theirs)
    assert mine == theirs
    assert chance.pick(mine, 4) == plain.sample(theirs, 4)
    assert chance.random() == plain.random()


def test_a_shuffle_is_the_librarys_swap_for_swap_and_draw_for_draw():
    """Chance writes random.Random.shuffle out (so it runs compiled): every length a deck or a
    Chapter has, many seeds, the same order and the generator left in the same state."""
    for seed in range(40):
        chance, plain = Chance(seed), random.Random(seed)
        for size in range(0, 75):
            mine, theirs = list(range(size)), list(range(size))
            chance.shuffle(mine)
            plain.shuffle(theirs)
            assert mine == theirs, (seed, size)
        assert chance.random() == plain.random()


def test_a_decision_allows_one_option_or_a_pass_where_passing_is_allowed():
    cards = [object(), object()]
    must = Decision(0, "play", cards)
    may = Decision(0, "play", cards, may_pass=True)
    assert must.check(cards[1]) is cards[1] and may.check(None) is None
    for answer in (object(), None):
        with pytest.raises(IllegalAnswer):
            must.check(answer)
    assert Decision(1, "first_turn", YES_NO).allows(False)
    assert not Decision(1, "first_turn", YES_NO).allows("yes")


def test_a_selection_takes_least_to_most_options_each_at_most_as_often_as_offered():
    a, b, c = object(), object(), object()
    up_to_two = Decision(0, "targets", [a, b, c], most=2)
    assert up_to_two.allows([]) and up_to_two.allows([c, a])
    assert not up_to_two.allows([a, b, c])  # too many
    assert not up_to_two.allows([a, a])  # the same card twice
    assert not up_to_two.allows([object()])  # not offered
    assert not up_to_two.allows(a)  # not a selection
    exactly_three = Decision(0, "reserves", [a, b, c, a], least=3, most=3)
    assert exactly_three.allows([a, b, a])  # one object standing for two copies, offered twice
    assert not exactly_three.allows([a, b])
    dice = Decision(0, "rerolls", range(4), most=3)
    assert dice.allows([3, 0, 1]) and not dice.allows([1, 1]) and not dice.allows([4])


def test_placements_count_from_one_and_tied_seats_share_theirs():
    assert placements_by_score([7, 9, 7, 3]) == (2, 1, 2, 4)
    assert placements_by_score([5, 5, 1]) == (1, 1, 3)
    assert two_seat_placements(None) == (1, 1)
    assert two_seat_placements(1) == (2, 1)
