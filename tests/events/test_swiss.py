"""Swiss pairing and tiebreakers (events.swiss), plain Python: the MTR's conventions
(Appendix C for the tiebreakers, 2.7 for pairing), as its docstring cites."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from events.swiss import Result, cut_next, cut_pair, standings, swiss_pair


def test_tiebreakers_of_a_hand_worked_event():
    """Four players, three rounds (MTR C.2-C.4, 1/3 floors), worked by hand:

    R1: 1 beats 2 2-0, 3 beats 4 2-0.  R2: 1 beats 3 2-1, 2 and 4 draw 1-1 (time).
    R3: 1 has a bye; 2 beats 3 2-0; 4 sits out (the field was three).
      1: 9 points; games 2-0, 2-1, bye 2-0: 6 won of 7 -> 18/21 = 0.8571;
         opponents 2 (4 points of 9 = 0.4444) and 3 (3 of 9 = 0.3333): OMW 0.3889.
      2: 4 points; games 0-2, 1-1, 2-0: 3 won of 6 -> 9/18 = 0.5;
         opponents 1 (1.0), 4 (1 of 6, floored to 1/3), 3 (1/3): OMW 0.5556.
      3: 3 points; games 2-0, 1-2, 0-2: 3 won of 7 -> 9/21 = 0.4286.
      4: 1 point; games 0-2, 1-1: 1 won of 4 -> 3/12 = 0.25, floored to 0.3333;
         opponents 3 (0.4286) and 2 (0.5): OGW 0.4643.
    """
    results = [
        Result(1, 2, 2, 0),
        Result(3, 4, 2, 0),
        Result(1, 3, 2, 1),
        Result(2, 4, 1, 1),
        Result(1, None, 2, 0),
        Result(2, 3, 2, 0),
    ]
    table = {s.player: s for s in standings([1, 2, 3, 4], results)}
    assert [s.player for s in standings([1, 2, 3, 4], results)] == [1, 2, 3, 4]
    assert (table[1].match_points, table[1].gw, table[1].omw) == (9, 0.8571, 0.3889)
    assert table[1].byes == 1 and (table[1].wins, table[1].losses) == (3, 0)
    assert (table[2].match_points, table[2].omw, table[2].gw) == (4, 0.5556, 0.5)
    assert (table[3].match_points, table[3].gw) == (3, 0.4286)
    assert (table[4].match_points, table[4].gw, table[4].draws) == (1, 0.3333, 1)
    assert table[4].ogw == 0.4643


def test_the_bye_counts_as_a_two_nil_win_and_not_as_an_opponent():
    """MTR C.2/C.3: a bye is a match win, 2-0 in games, and is left out of OMW."""
    [one] = standings([1], [Result(1, None, 2, 0)])
    assert (one.match_points, one.gw, one.omw, one.wins) == (3, 1.0, 0.3333, 1)


def test_ties_are_broken_by_omw_then_gw_then_ogw():
    # 1 and 3 both 3 points; 1 beat 2 (who then won: 2 has 3 points), 3 beat 4 (who lost again)
    results = [Result(1, 2, 2, 0), Result(3, 4, 2, 0), Result(2, 4, 2, 0), Result(1, 3, 0, 2)]
    order = [s.player for s in standings([1, 2, 3, 4], results)]
    assert order.index(3) < order.index(1)  # 3 has 6 points
    rows = {s.player: s for s in standings([1, 2, 3, 4], results)}
    assert rows[1].match_points == rows[2].match_points == 3
    assert order.index(1) < order.index(2)  # same points: 1's OMW (2: 0.5, 3: 0.667) is higher


def test_the_bye_goes_to_the_lowest_ranked_player_without_one():
    ranked = [1, 2, 3, 4, 5]
    points = {1: 6, 2: 3, 3: 3, 4: 0, 5: 0}
    pairs = swiss_pair(ranked, points, set(), had_bye={5})
    assert pairs[-1] == (4, None)


def test_a_pair_down_is_made_only_when_a_group_is_odd():
    ranked = [1, 2, 3, 4, 5, 6]
    points = {1: 6, 2: 6, 3: 6, 4: 3, 5: 3, 6: 3}
    pairs = swiss_pair(ranked, points, set(), set())
    across = [pair for pair in pairs if points[pair[0]] != points[pair[1]]]
    assert len(across) == 1


def test_a_rematch_is_made_only_when_none_can_be_avoided():
    # two players who have met, alone: they must meet again
    assert swiss_pair([1, 2], {1: 3, 2: 0}, {frozenset((1, 2))}, set()) == [(1, 2)]
    # four: 1 met 2, so 1 pairs down to 3 or 4 rather than meet 2 again
    pairs = swiss_pair([1, 2, 3, 4], {1: 3, 2: 3, 3: 0, 4: 0}, {frozenset((1, 2))}, set())
    assert all(frozenset(pair) != frozenset((1, 2)) for pair in pairs)


def test_the_cut_is_paired_by_seed_in_bracket_order():
    assert cut_pair([11, 12, 13, 14, 15, 16, 17, 18]) == [(11, 18), (14, 15), (12, 17), (13, 16)]
    assert cut_pair([1, 2, 3, 4]) == [(1, 4), (2, 3)]
    assert cut_next([1, 4, 2, 3]) == [(1, 4), (2, 3)]
    with pytest.raises(ValueError):
        cut_pair([1, 2, 3])


@st.composite
def events_so_far(draw):
    """A field of 2-40 players and 0-5 rounds already paired by swiss_pair, random results."""
    size = draw(st.integers(2, 40))
    rounds = draw(st.integers(0, min(5, size - 1)))
    rng = random.Random(draw(st.integers(0, 2**32)))
    players = list(range(1, size + 1))
    results: list[Result] = []
    met: set[frozenset[int]] = set()
    byes: set[int] = set()
    for _ in range(rounds):
        ranked = [s.player for s in standings(players, results)]
        points = {s.player: s.match_points for s in standings(players, results)}
        for a, b in swiss_pair(ranked, points, met, byes):
            if b is None:
                byes.add(a)
                results.append(Result(a, None, 2, 0))
            else:
                met.add(frozenset((a, b)))
                results.append(Result(a, b, *rng.choice([(2, 0), (0, 2), (2, 1), (1, 1)])))
    return players, results, met, byes


def _rematch_free_exists(players: list[int], met: set[frozenset[int]]) -> bool:
    """Whether the players (an even count) can all be paired without a rematch (brute force)."""
    if not players:
        return True
    first, rest = players[0], players[1:]
    return any(
        frozenset((first, other)) not in met
        and _rematch_free_exists([p for p in rest if p != other], met)
        for other in rest
    )


@settings(max_examples=60, deadline=None)
@given(events_so_far())
def test_pairing_properties(so_far):
    players, results, met, byes = so_far
    table = standings(players, results)
    ranked = [s.player for s in table]
    points = {s.player: s.match_points for s in table}
    pairs = swiss_pair(ranked, points, met, byes)
    seated = [p for pair in pairs for p in pair if p is not None]
    assert sorted(seated) == sorted(players)  # each player once
    byes_now = [a for a, b in pairs if b is None]
    assert len(byes_now) == len(players) % 2
    if byes_now:
        without = [p for p in ranked if p not in byes]
        assert byes_now[0] == (without[-1] if without else ranked[-1])
    rest = [p for p in ranked if p not in byes_now]
    rematches = [pair for pair in pairs if pair[1] is not None and frozenset(pair) in met]
    if len(rest) <= 12 and _rematch_free_exists(rest, met):
        assert not rematches
