"""`python -m bench.keeper`: Keeper engine speed, whole games per second in one process.

    .venv/bin/python -m bench.keeper [--games 2000] [--log]

Plays every pairing of the three Keeper sample decks (rulebook/keeper/sample_decks: aggro,
control, value; HeuristicPolicy on both sides), `--games` games each, and reports each
pairing and the whole round robin in games per CPU-second of this process (on a shared machine
the CPU figure is the engine's own speed) and by wall clock, best of three runs.
Target (issue 44): >= 3,000 games/s over the round robin with the log off (the
default); `--log` keeps every game's full log (docs/game-logs.md), to measure what it costs.
"""

from __future__ import annotations

import argparse
import itertools
import time

from rulebook.keeper.engine import KeeperDeck, play_game
from rulebook.samples import KEEPER as SAMPLES

TARGET = 3000
REPEATS = 3


def _run(
    deck_a: KeeperDeck, deck_b: KeeperDeck, games: int, log: bool = False
) -> tuple[float, float, float]:
    """(wall seconds, CPU seconds, mean turns) of seeds 0..games-1."""
    turns = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for seed in range(games):
        turns += play_game((deck_a, deck_b), seed, record_log=log).figures["turns"]
    return time.perf_counter() - wall, time.process_time() - cpu, turns / games


def measure(
    deck_a: KeeperDeck, deck_b: KeeperDeck, games: int, log: bool = False
) -> tuple[float, float, float]:
    """The best of REPEATS runs, as timeit reports, since other processes only slow a run."""
    runs = [_run(deck_a, deck_b, games, log) for _ in range(REPEATS)]
    return min(run[0] for run in runs), min(run[1] for run in runs), runs[0][2]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--log", action="store_true", help="keep every game's full log")
    args = parser.parse_args()
    decks = {name: KeeperDeck.from_deck(SAMPLES.deck(name)) for name in SAMPLES.names()}
    _run(decks["value"], decks["aggro"], 200)  # warm up
    total_wall = total_cpu = 0.0
    for a, b in itertools.product(decks, repeat=2):
        wall, cpu, turns = measure(decks[a], decks[b], args.games, args.log)
        total_wall, total_cpu = total_wall + wall, total_cpu + cpu
        print(
            f"{a:>8} vs {b:<8} {args.games / cpu:7.0f} games/s CPU, {args.games / wall:7.0f} "
            f"wall ({1000 * cpu / args.games:.3f} ms/game, {turns:.1f} turns/game)"
        )
    games = args.games * len(decks) ** 2
    rate = games / total_cpu
    if args.log:
        verdict = "with every game's log kept"
    else:
        verdict = f"{'meets' if rate >= TARGET else 'misses'} {TARGET}/s"
    print(
        f"round robin {games} games: {rate:7.0f} games/s CPU, {games / total_wall:7.0f} wall "
        f"- {verdict}"
    )


if __name__ == "__main__":
    main()
