"""`python -m bench.doctor --speed`: the deck doctor's games per second against a plain
test-game job's, side by side (issue 41, item 4: at least 90%).

    nice -n 19 .venv/bin/python -m bench.doctor --speed [--budget 10000] [--processes 2]

For each sample case (bench.doctor_cases: ~154 swaps on Neopets, ~191 on Millennium Blades), a
pool of worker processes plays a plain test-game job (the deck against its field, chunks of the
default chunk size) and a doctor job of the same games, and prints the doctor's games/s over
the plain job's. The doctor's rounds are barriers, as in the service: a round's chunks (planned
by rulebook.simulation.doctor.round_chunks, as jobs.kinds.doctor plans them) are all played and
merged before the next round is planned. Not modelled: the broker and database work between
rounds (one merge and one queueing a round), so the end-to-end figure is at most this one. The
two jobs run one after the other in the same pool, plain first, on the same loaded machine.
"""

from __future__ import annotations

import multiprocessing
import time
from typing import Any

from rulebook.simulation import JobKind, plan_chunks, run_job_chunk
from rulebook.simulation.doctor import (
    DoctorStats,
    confirmation_round,
    first_round,
    next_rounds,
    planned_games,
    play_round_chunk,
    played_together,
    round_chunks,
)

from .doctor_cases import SampleCase, sample_case

TARGET = 0.90
CHUNK_GAMES = 250  # the service's default (DECKWARDEN_SIMULATION_CHUNK_GAMES)
SEED = 41

_case: SampleCase | None = None  # set before the pool forks: each process has it prepared


def _plain(chunk: tuple[int, int]) -> int:
    first_game, count = chunk
    case = _case
    assert case is not None
    kind = JobKind.TABLE if case.field.table else JobKind.MATCH
    decks = [case.base, *case.field.opponents]
    stats = run_job_chunk(
        case.engine, kind, decks, job_seed=SEED, first_game=first_game, count=count
    )
    return stats.games


def _doctor(chunk: tuple[tuple[int, ...], int, int, bool]) -> DoctorStats:
    candidates, first_game, count, confirming = chunk
    case = _case
    assert case is not None
    return play_round_chunk(
        case.engine,
        case.base,
        {index: case.decks[index] for index in candidates},
        case.field,
        job_seed=SEED,
        first_game=first_game,
        count=count,
        confirming=confirming,
    )


def doctor_job(pool: Any, count: int, budget: int) -> tuple[int, int]:
    """A doctor job's rounds, each a barrier (but the confirmation round, played with the last
    selection round): the games played and the rounds."""
    last = confirmation_round(count)
    stats, rounds = DoctorStats(), 0
    playing = played_together(first_round(count, budget), count, budget)
    while playing:
        rounds += len(playing)
        chunks = [
            (current.candidates, plan.first_game, plan.count, current.number == last)
            for current in playing
            for plan in round_chunks(current, CHUNK_GAMES)
        ]
        for part in pool.imap_unordered(_doctor, chunks):
            stats = stats.merge(part)
        playing = next_rounds(playing[-1], stats, count, budget, SEED)
    return stats.games, rounds


def measure(game: str, budget: int, processes: int) -> float:
    """Print one case's figures; the doctor's games/s over the plain job's."""
    global _case
    _case = sample_case(game)
    count = len(_case.decks)
    context = multiprocessing.get_context("fork")
    with context.Pool(processes) as pool:
        pool.map(_plain, [(10**6 + i, 1) for i in range(processes)])  # warm every process
        games = planned_games(count, budget)
        started = time.perf_counter()
        chunks = [(plan.first_game, plan.count) for plan in plan_chunks(games, CHUNK_GAMES)]
        plain_games = sum(pool.imap_unordered(_plain, chunks))
        plain_rate = plain_games / (time.perf_counter() - started)
        started = time.perf_counter()
        doctor_games, rounds = doctor_job(pool, count, budget)
        doctor_rate = doctor_games / (time.perf_counter() - started)
    ratio = doctor_rate / plain_rate
    print(
        f"{_case.label}: doctor {doctor_games} games in {rounds} rounds, {doctor_rate:.0f} "
        f"games/s; plain job {plain_games} games, {plain_rate:.0f} games/s; "
        f"{ratio:.0%} of the plain rate - {'meets' if ratio >= TARGET else 'MISSES'} "
        f"the target of {TARGET:.0%}"
    )
    return ratio
