"""`python -m bench.doctor --speed --workers`: the deck doctor's games per second against a
plain test-game job's end to end, in real `celery worker` processes on RabbitMQ (issue 41,
item 4: at least 90%).

Both jobs are submitted through the service layer, as the API submits them (bench.jobs sets up
its bench database, broker and worker): the doctor job of a sample case (bench.doctor_cases'
deck and field, its swaps every card of the game's default format, as the page's "every card
of the format" asks: 154 on Neopets, 191 on Millennium Blades) and a test-game job of the deck
against the same field with as many games, each timed from submission to its result. The pairs
alternate which goes first (a shared machine's load drifts; the doctor first in the first
pair, whose games the test-game job then plays), each pair's ratio is printed with the load
average (and the workers' CPU seconds for the doctor's job over the plain job's: what the
doctor spends more, not waits), and the median is held to the target. Every doctor job of a
case has the same seed, so every answer must be the same: a different one stops the benchmark.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from statistics import median
from typing import Any

from . import jobs as bench_jobs
from .doctor_cases import SAMPLE_FIELDS
from .doctor_speed import TARGET

SEED = 41


def workers_measure(games: list[str], budget: int, processes: int, pairs: int) -> float:
    """Print each case's pairs and median ratio; the lowest median."""
    database = os.environ.get("BENCH_DATABASE_URL", bench_jobs.DEFAULT_DATABASE)
    broker = os.environ.get("CELERY_BROKER_URL", bench_jobs.DEFAULT_BROKER)
    bench_jobs._setup(database, broker)
    bench_jobs._cancel_unfinished()
    medians = []
    with bench_jobs._worker(processes, database, broker) as worker_cpu:
        for game in games:
            _timed(_plain_job(game, 200, SEED + 1), worker_cpu)  # every process warmed up
            ratios, answer, doctor_games = [], None, 0
            for pair in range(pairs):
                order = ("doctor", "plain") if pair % 2 == 0 else ("plain", "doctor")
                rates: dict[str, float] = {}
                cpu: dict[str, float] = {}
                for which in order:
                    if which == "doctor":
                        job, seconds, cpu[which] = _timed(_doctor_job(game, budget), worker_cpu)
                        if answer is None:
                            answer = job.result
                        elif job.result != answer:
                            raise SystemExit(f"WRONG ANSWER: {game}'s doctor answered otherwise")
                        doctor_games = job.games
                    else:  # as many games as the doctor's (the first pair plays it first)
                        job, seconds, cpu[which] = _timed(
                            _plain_job(game, doctor_games), worker_cpu
                        )
                    rates[which] = job.games / seconds
                ratio = rates["doctor"] / rates["plain"]
                ratios.append(ratio)
                print(
                    f"{game} pair {pair + 1}: doctor {doctor_games} games, {rates['doctor']:.0f} "
                    f"games/s; plain {rates['plain']:.0f} games/s; {ratio:.0%} (the workers' "
                    f"CPU for the doctor's job {cpu['doctor'] / cpu['plain']:.0%} of the plain "
                    f"job's; load {bench_jobs._load()})",
                    flush=True,
                )
            middle = median(ratios)
            medians.append(middle)
            print(
                f"{game}: median {middle:.0%} of the plain rate ({min(ratios):.0%}-"
                f"{max(ratios):.0%}, {pairs} pairs, {processes} worker processes) - "
                f"{'meets' if middle >= TARGET else 'MISSES'} the target of {TARGET:.0%}",
                flush=True,
            )
    return min(medians)


def _timed(job: Any, worker_cpu: Callable[[], float]) -> tuple[Any, float, float]:
    """The finished job, the wall seconds from its submission and the workers' CPU seconds."""
    started, cpu = time.perf_counter(), worker_cpu()
    job = bench_jobs._wait(job, timeout=1800)
    return job, time.perf_counter() - started, worker_cpu() - cpu


def _entries(game: str, name: str) -> Any:
    from rulebook.samples import SAMPLES

    return SAMPLES[game].entries(name)


def _plain_job(game: str, games: int, seed: int = SEED) -> Any:
    name, opponents = SAMPLE_FIELDS[game]
    return bench_jobs._submit(game, games, seed, decks=(name, *opponents))


def _doctor_job(game: str, budget: int) -> Any:
    from jobs.services.doctor import doctor_create, format_pool

    owner = bench_jobs._owner()
    name, opponents = SAMPLE_FIELDS[game]
    return doctor_create(
        owner=owner,
        game=game,
        deck=(_entries(game, name), []),
        opponents=[(_entries(game, opponent), []) for opponent in opponents],
        weights=None,
        swaps=None,
        pool=format_pool(game=game, format=None, viewer=owner),
        budget=budget,
        seed=SEED,
    )
