"""`python -m bench.engine`: Neopets engine speed, full games per second in one process.

    .venv/bin/python -m bench.engine [--games 5000]

Plays whole games (best of three, HeuristicPolicy on both sides, no log) between the sample
decks in rulebook/neopets/sample_decks: strong against weak (the issue's benchmark pair) and the
strong mirror (longer games). Reports games/s by wall clock and by this process's CPU time (on
a shared machine the CPU figure is the engine's own speed), best of three runs. Target (issue 44):
>= 8,000 games/s strong vs weak, >= 5,000 the strong mirror.
"""

from __future__ import annotations

import argparse
import time

from rulebook.neopets.engine import EngineDeck, play_game
from rulebook.samples import NEOPETS as NEOPETS_SAMPLES

TARGETS = {"strong vs weak": 8000, "strong mirror": 5000}
REPEATS = 3


def measure(deck_a: EngineDeck, deck_b: EngineDeck, games: int) -> tuple[float, float, float]:
    """(games/s by wall clock, games/s by CPU time, mean turns) over seeds 0..games-1; the
    best of REPEATS runs, as timeit reports, since other processes only ever slow a run down."""
    runs = [_run(deck_a, deck_b, games) for _ in range(REPEATS)]
    return max(run[0] for run in runs), max(run[1] for run in runs), runs[0][2]


def _run(deck_a: EngineDeck, deck_b: EngineDeck, games: int) -> tuple[float, float, float]:
    turns = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for seed in range(games):
        turns += play_game((deck_a, deck_b), seed).figures["turns"]
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return games / wall, games / cpu, turns / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5000)
    args = parser.parse_args()
    strong = EngineDeck.from_deck(NEOPETS_SAMPLES.deck("strong"))
    weak = EngineDeck.from_deck(NEOPETS_SAMPLES.deck("weak"))
    _run(strong, weak, 200)  # warm up
    for label, pair in (("strong vs weak", (strong, weak)), ("strong mirror", (strong, strong))):
        wall, cpu, turns = measure(*pair, args.games)
        target = TARGETS[label]
        verdict = "meets" if cpu >= target else "misses"
        print(
            f"{label:15} {args.games} games: {wall:7.0f} games/s wall, {cpu:7.0f} games/s CPU "
            f"({1000 / cpu:.3f} ms/game, {turns:.1f} turns/game) - {verdict} {target}/s"
        )


if __name__ == "__main__":
    main()
