"""Mergeable game statistics: exact counts, associative merges, the result's figures."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulebook.core.outcome import Outcome, two_seat_placements
from rulebook.simulation.stats import ChunkStats


def outcome(
    winner: int | None = 0,
    first: int = 0,
    rounds: int = 2,
    turns: int = 10,
    battles: int = 4,
    damage: int = 8,
    plays: tuple[dict[str, int], dict[str, int]] = ({}, {}),
    card_damage: tuple[dict[str, int], dict[str, int]] = ({}, {}),
    drawn: tuple[frozenset[str], frozenset[str]] | None = None,
    opening: tuple[dict[str, bool], dict[str, bool]] = (
        {"codestone": True, "mulligan": False},
        {"codestone": False, "mulligan": True},
    ),
    unsupported: dict[str, tuple[str, ...]] | None = None,
    simplifications: tuple[str, ...] = ("a stated simplification",),
    capped: bool = False,
    log: tuple[dict, ...] | None = None,
) -> Outcome:
    """A two-seat game as an engine reports it (rulebook.core.outcome), from its figures."""
    return Outcome(
        placements=two_seat_placements(winner),
        first=first,
        figures={"turns": turns, "rounds": rounds, "battles": battles, "damage": damage},
        seats=tuple(
            {
                "plays": plays[seat],
                "card_damage": card_damage[seat],
                "opening": opening[seat],
                **({} if drawn is None else {"drawn": drawn[seat]}),
            }
            for seat in (0, 1)
        ),
        unsupported=unsupported or {},
        simplifications=simplifications,
        capped=capped,
        log=log,
    )


def stats_of(games: list[Outcome], start: int = 0) -> ChunkStats:
    stats = ChunkStats()
    for number, game in enumerate(games, start):
        stats.add(game, number=number, seed=1000 + number)
    return stats


GAMES = [
    outcome(winner=0, first=0, rounds=2, turns=9, plays=({"Hot Dog": 2}, {"Vira": 1})),
    outcome(winner=0, first=1, rounds=3, turns=15, plays=({"Hot Dog": 1}, {})),
    outcome(winner=1, first=0, rounds=2, turns=11, plays=({}, {"Vira": 1})),
    outcome(
        winner=None,
        first=1,
        rounds=3,
        turns=200,
        battles=0,
        damage=0,
        unsupported={"Kass": ("steal a card",)},
        log=({"event": "start"},),
    ),
]


def test_it_counts_wins_draws_and_rates_with_wilson_intervals():
    result = stats_of(GAMES).result()
    assert result["games"] == 4
    assert result["wins"] == [2, 1]
    assert result["draws"] == 1
    assert result["win_rate"] == [0.5, 0.25]
    assert result["ci95"][0] == [0.15, 0.85]  # Wilson 2/4, rounded to 4 places
    assert result["ci95"][1][0] == pytest.approx(0.0456, abs=1e-4)


def test_it_splits_each_decks_record_by_who_went_first():
    result = stats_of(GAMES).result()
    deck_a = result["turn_order"][0]
    assert deck_a["first"]["games"] == 2 and deck_a["first"]["wins"] == 1
    assert deck_a["second"]["games"] == 2 and deck_a["second"]["wins"] == 1
    deck_b = result["turn_order"][1]
    assert (deck_b["first"]["games"], deck_b["first"]["wins"]) == (2, 0)
    assert (deck_b["second"]["games"], deck_b["second"]["wins"]) == (2, 1)


def test_it_reports_rounds_and_turns_distributions_and_damage_per_battle():
    result = stats_of(GAMES).result()
    assert result["rounds"] == {"histogram": {"2": 2, "3": 2}, "mean": 2.5}
    assert result["turns"]["histogram"] == {"9": 1, "11": 1, "15": 1, "200": 1}
    assert result["turns"]["mean"] == 58.75
    assert result["battles"] == 12
    assert result["average_damage_per_battle"] == 2.0


def test_it_reports_card_plays_and_the_win_rate_when_played():
    cards = stats_of(GAMES).result()["cards"]
    assert cards[0]["Hot Dog"]["played"] == 3
    assert cards[0]["Hot Dog"]["games"] == 2
    assert cards[0]["Hot Dog"]["win_rate"] == 1.0
    assert cards[1]["Vira"] == {
        "played": 2,
        "games": 2,
        "wins": 1,
        "win_rate": 0.5,
        "ci95": [0.0945, 0.9055],
        "damage": 0,
        "unplayable": [],
    }


def test_it_reports_opening_hands_unsupported_effects_and_the_sample_log():
    result = stats_of(GAMES).result()
    assert result["opening_hand"] == [
        {"codestone_rate": 1.0, "mulligan_rate": 0.0},
        {"codestone_rate": 0.0, "mulligan_rate": 1.0},
    ]
    assert result["unsupported"] == {"Kass": ["steal a card"]}
    assert result["sample_game"] == {"game": 3, "seed": 1003, "log": [{"event": "start"}]}


def test_it_reports_damage_the_record_when_drawn_and_what_a_card_cannot_play():
    games = [
        outcome(
            winner=0,
            plays=({"Hot Dog": 1}, {}),
            card_damage=({"Hot Dog": 7}, {"Vira": 2}),
            drawn=(frozenset({"Hot Dog", "Kass"}), frozenset({"Vira"})),
            unsupported={"Kass": ("steal a card",)},
        ),
        outcome(winner=1, drawn=(frozenset({"Kass"}), frozenset())),
    ]
    cards = stats_of(games).result()["cards"]
    assert cards[0]["Hot Dog"]["damage"] == 7
    assert cards[0]["Hot Dog"]["when_drawn"]["games"] == 1
    assert cards[0]["Kass"]["when_drawn"] == {
        "games": 2,
        "wins": 1,
        "win_rate": 0.5,
        "ci95": [0.0945, 0.9055],
    }
    assert cards[0]["Kass"]["unplayable"] == ["steal a card"]
    assert cards[0]["Kass"]["played"] == 0
    assert cards[1]["Vira"]["damage"] == 2


def test_it_has_no_rates_for_no_games():
    result = ChunkStats().result()
    assert result["win_rate"] == [None, None] and result["ci95"] == [None, None]


def test_it_survives_the_json_round_trip_of_a_chunk_row():
    stats = stats_of(GAMES)
    stored = json.loads(json.dumps(stats.as_json()))
    assert ChunkStats.from_json(stored).result() == stats.result()


def test_it_keeps_the_earliest_games_log_whichever_chunk_merges_first():
    early = stats_of([outcome(log=({"event": "early"},))], start=0)
    late = stats_of([outcome(log=({"event": "late"},))], start=5)
    assert late.merge(early).result()["sample_game"]["game"] == 0
    assert early.merge(late).result()["sample_game"]["game"] == 0


def test_merging_leaves_both_operands_unchanged():
    a, b = stats_of(GAMES[:2]), stats_of(GAMES[2:], start=2)
    before = (a.as_json(), b.as_json())
    merged = a.merge(b)
    merged.add(GAMES[0], number=9, seed=9)
    assert (a.as_json(), b.as_json()) == before


outcomes = st.builds(
    outcome,
    winner=st.sampled_from([0, 1, None]),
    first=st.sampled_from([0, 1]),
    rounds=st.integers(1, 3),
    turns=st.integers(1, 200),
    battles=st.integers(0, 30),
    damage=st.integers(0, 60),
    plays=st.tuples(
        st.dictionaries(st.sampled_from(["Hot Dog", "Vira", "Mau Codestone"]), st.integers(0, 3)),
        st.dictionaries(st.sampled_from(["Hot Dog", "Siona"]), st.integers(0, 3)),
    ),
    card_damage=st.tuples(
        st.dictionaries(st.sampled_from(["Hot Dog", "Vira"]), st.integers(0, 9)),
        st.dictionaries(st.sampled_from(["Siona"]), st.integers(0, 9)),
    ),
    drawn=st.one_of(
        st.none(),
        st.tuples(
            st.frozensets(st.sampled_from(["Hot Dog", "Vira"])),
            st.frozensets(st.sampled_from(["Siona", "Kass"])),
        ),
    ),
    opening=st.tuples(
        st.fixed_dictionaries({"creature": st.booleans()}),
        st.fixed_dictionaries({"creature": st.booleans()}),
    ),
    unsupported=st.dictionaries(
        st.sampled_from(["Kass", "Hanso"]), st.tuples(st.sampled_from(["x", "y"]))
    ),
)


@given(st.lists(outcomes, max_size=30), st.integers(0, 30), st.integers(0, 30))
def test_merging_is_associative_and_equals_counting_all_games_at_once(games, cut1, cut2):
    cut1, cut2 = sorted((min(cut1, len(games)), min(cut2, len(games))))
    a = stats_of(games[:cut1])
    b = stats_of(games[cut1:cut2], start=cut1)
    c = stats_of(games[cut2:], start=cut2)
    whole = stats_of(games).result()
    assert a.merge(b).merge(c).result() == whole
    assert a.merge(b.merge(c)).result() == whole
    assert c.merge(a).merge(b).result() == whole
