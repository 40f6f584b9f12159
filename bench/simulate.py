"""`python -m bench.simulate`: test-game throughput per worker process, and with two processes.

Plays the Neopets sample decks (strong against weak) through `rulebook.simulation.run_chunk`, the
function the Celery task runs for each chunk, in worker processes of a multiprocessing pool.
Targets (issue 4): at least 2,000 games/s per process; two processes at least 1.8x one.
Games per CPU-second is what one process does with a core to itself; wall-clock figures (and so
the speed-up) need an otherwise idle machine, so the load average is printed beside them.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import time
from typing import Any

from rulebook.samples import NEOPETS as NEOPETS_SAMPLES
from rulebook.simulation import ENGINES, plan_chunks, run_chunk

_prepared: tuple[Any, Any, Any] | None = None


def _prepare() -> None:
    """Pool initializer: each worker process prepares the decks once, as a worker does per job."""
    global _prepared
    engine = ENGINES["neopets"]
    _prepared = (
        engine,
        engine.prepare(NEOPETS_SAMPLES.deck("strong")),
        engine.prepare(NEOPETS_SAMPLES.deck("weak")),
    )


def _play(chunk: tuple[int, int, int]) -> tuple[int, float]:
    """Play one chunk: the games played and the CPU time they took in this process."""
    seed, first_game, count = chunk
    engine, deck_a, deck_b = _prepared
    start = time.process_time()
    stats = run_chunk(engine, deck_a, deck_b, job_seed=seed, first_game=first_game, count=count)
    return stats.games, time.process_time() - start


def measure(processes: int, games: int, chunk_size: int, seed: int) -> tuple[float, float]:
    """Games per wall-clock second for `processes` worker processes sharing `games` games,
    and games per CPU-second of one process."""
    chunks = [(seed, plan.first_game, plan.count) for plan in plan_chunks(games, chunk_size)]
    context = multiprocessing.get_context("fork")
    with context.Pool(processes, initializer=_prepare) as pool:
        pool.map(_play, [(seed, games + i, 1) for i in range(processes)])  # warm every process
        start = time.perf_counter()
        results = list(pool.imap_unordered(_play, chunks))
        elapsed = time.perf_counter() - start
    played = sum(count for count, _ in results)
    cpu = sum(seconds for _, seconds in results)
    return played / elapsed, played / cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="games per measurement")
    parser.add_argument("--chunk-size", type=int, default=250)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{os.cpu_count()} CPUs; {args.games} games per run, chunks of {args.chunk_size}")
    one, one_cpu = measure(1, args.games, args.chunk_size, args.seed)
    print(f"1 worker process:   {one:6.0f} games/s wall, {one_cpu:6.0f} games/CPU-s (>= 2000)")
    two, two_cpu = measure(2, args.games, args.chunk_size, args.seed)
    print(f"2 worker processes: {two:6.0f} games/s wall, {two_cpu:6.0f} games/CPU-s each")
    print(f"speed-up, wall clock: {two / one:.2f}x (target >= 1.8x)")
    print("load average (1, 5, 15 min): {:.1f} {:.1f} {:.1f}".format(*os.getloadavg()))


if __name__ == "__main__":
    main()
