"""Statistics for any number of seats, and jobs that say what they are (rulebook.simulation):
placements with ties merge per seat exactly, whatever the chunking; a job's kind, not its
number of decks, decides how it is played and counted."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.samples import NEOPETS as NEOPETS_SAMPLES
from rulebook.simulation import (
    ENGINES,
    ChunkStats,
    JobKind,
    PairedStats,
    game_seed,
    plan_chunks,
    run_chunk,
    run_job_chunk,
    stats_type,
)
from rulebook.simulation.table import TableStats
from tests.rulebook.core.dice_table import DICE_ENGINE

from .test_stats import GAMES, stats_of

JOB_SEED, TABLE_GAMES = 21, 60


def table_stats(seats: int, chunk_size: int, order_seed: int) -> ChunkStats:
    """A table job's statistics, its chunks played and merged in a shuffled order."""
    decks = list(range(seats))  # handicaps 0, 1, 2...: the later seats a little ahead
    parts = [
        run_chunk(DICE_ENGINE, *decks, job_seed=JOB_SEED, first_game=p.first_game, count=p.count)
        for p in plan_chunks(TABLE_GAMES, chunk_size)
    ]
    random.Random(order_seed).shuffle(parts)
    return ChunkStats.merge_all(parts)


@pytest.mark.parametrize("seats", [3, 5])
def test_placements_with_ties_are_counted_per_seat(seats):
    """Each seat's placements, wins (first alone) and the draws (a shared first place), as
    counted game by game."""
    placements = [Counter() for _ in range(seats)]
    wins, draws = [0] * seats, 0
    for number in range(TABLE_GAMES):
        outcome = DICE_ENGINE.play(list(range(seats)), game_seed(JOB_SEED, number))
        for seat, placement in enumerate(outcome.placements):
            placements[seat][placement] += 1
        if outcome.winner is None:
            draws += 1
        else:
            wins[outcome.winner] += 1
    stats = table_stats(seats, TABLE_GAMES, 0)
    assert stats.placements() == [dict(sorted(counts.items())) for counts in placements]
    assert stats.result()["wins"] == wins
    assert stats.result()["draws"] == draws > 0  # ties for first happen at this table


@settings(max_examples=15, deadline=None)
@given(st.sampled_from([3, 5]), st.integers(1, TABLE_GAMES), st.integers(0, 1000))
def test_a_table_merges_exactly_whatever_the_chunking_and_order(seats, chunk_size, order_seed):
    whole = table_stats(seats, TABLE_GAMES, 0)
    split = table_stats(seats, chunk_size, order_seed)
    assert split.as_json() == whole.as_json()
    assert split.result() == whole.result() and split.placements() == whole.placements()


def test_two_seat_stats_merge_with_more_seats_as_seats_with_no_games():
    three = table_stats(3, TABLE_GAMES, 0)
    assert ChunkStats().merge(three).as_json() == three.as_json()
    assert three.merge(ChunkStats()).as_json() == three.as_json()


def test_a_three_deck_table_is_counted_per_seat_not_taken_for_a_card_test():
    stats = run_job_chunk(
        DICE_ENGINE, JobKind.TABLE, [0, 0, 0], job_seed=JOB_SEED, first_game=0, count=20
    )
    assert type(stats) is TableStats is stats_type(JobKind.TABLE)
    result = stats.result()
    assert len(result["wins"]) == 3
    # every place of the table, for each deck: 20 games each
    assert [sorted(places) for places in result["placements"]] == [["1", "2", "3"]] * 3
    assert [sum(places.values()) for places in result["placements"]] == [20] * 3
    assert [places["1"] for places in result["placements"]] == [
        tally.placements[1] for tally in stats.decks
    ]
    assert stats_type(JobKind.CARD_TEST) is PairedStats
    assert stats_type(JobKind.MATCH) is ChunkStats


def test_a_three_deck_match_is_refused_not_played_as_a_card_test():
    engine = ENGINES["neopets"]
    decks = [engine.prepare(NEOPETS_SAMPLES.deck(name)) for name in ("strong", "weak", "strong")]
    with pytest.raises(ValueError, match="a match is played with 2 decks, not 3"):
        run_job_chunk(engine, JobKind.MATCH, decks, job_seed=1, first_game=0, count=1)
    played = run_job_chunk(engine, JobKind.CARD_TEST, decks, job_seed=1, first_game=0, count=2)
    assert isinstance(played, PairedStats)


def test_an_engine_plays_only_the_kinds_it_declares():
    assert ENGINES["neopets"].kinds == ENGINES["keeper"].kinds == {"match", "card_test"}
    keeper = ENGINES["keeper"]
    with pytest.raises(ValueError, match="kinds of job: card_test, match; not a table"):
        run_job_chunk(keeper, JobKind.TABLE, [None] * 3, job_seed=1, first_game=0, count=1)
    with pytest.raises(ValueError, match="plays these kinds of job: table; not a match"):
        run_job_chunk(DICE_ENGINE, JobKind.MATCH, [0, 0], job_seed=1, first_game=0, count=1)
    with pytest.raises(ValueError, match="a table is played with 2 to 5 decks, not 6"):
        run_job_chunk(DICE_ENGINE, JobKind.TABLE, [0] * 6, job_seed=1, first_game=0, count=1)


def test_a_match_result_keeps_the_keys_the_api_answers():
    """Placements are counted for tables; a two-seat match answers what it always has."""
    assert set(stats_of(GAMES).result()) == {
        "games", "wins", "draws", "win_rate", "ci95", "turn_order", "rounds", "turns",
        "battles", "average_damage_per_battle", "cards", "opening_hand", "unsupported",
        "simplifications", "draws_at_turn_cap", "sample_game",
    }  # fmt: skip
    assert stats_of(GAMES).placements() == [{1: 3, 2: 1}, {1: 2, 2: 2}]


def test_it_reads_a_chunk_stored_before_figures_and_placements_were_generic():
    """A worker may record a chunk in the old form while another finishes the job."""
    stats = stats_of(GAMES)
    stored = json.loads(json.dumps(stats.as_json()))
    old = {
        **{key: value for key, value in stored.items() if key not in ("totals", "histograms")},
        "rounds": stored["histograms"]["rounds"],
        "turns": stored["histograms"]["turns"],
        "battles": stored["totals"]["battles"],
        "damage": stored["totals"]["damage"],
        "decks": [
            {key: value for key, value in deck.items() if key != "placements"}
            for deck in stored["decks"]
        ],
    }
    read = ChunkStats.from_json(old)
    assert read.result() == stats.result()
    assert read.placements() == stats.placements()
    assert read.merge(stats).result() == stats.merge(stats).result()
