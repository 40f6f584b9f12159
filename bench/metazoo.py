"""`python -m bench.metazoo`: MetaZoo engine speed, whole games per second in one process.

    .venv/bin/python -m bench.metazoo [--games 400] [--log]

Plays every pairing of the MetaZoo sample Spellbooks (rulebook/metazoo/sample_decks;
HeuristicPolicy on both sides), `--games` games each, and reports each pairing and the whole
round robin in games per CPU-second of this process (on a shared machine the CPU figure is the
engine's own speed) and by wall clock, best of three runs. Target (issue 44): >= 2,000 games/s
over the round robin with the log off. Fails loudly if a game ends in no placement the rules
allow (a win, or a draw by running out of Pages).
"""

from __future__ import annotations

import argparse
import itertools
import time

from rulebook import compiled
from rulebook.metazoo.engine import MetaZooDeck, play_game
from rulebook.samples import METAZOO as SAMPLES

TARGET = 2000
REPEATS = 3


def _run(deck_a: MetaZooDeck, deck_b: MetaZooDeck, games: int, log: bool = False):
    """(wall seconds, CPU seconds, mean turns) of seeds 0..games-1."""
    turns = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for seed in range(games):
        outcome = play_game((deck_a, deck_b), seed, record_log=log)
        if outcome.placements not in ((1, 2), (2, 1), (1, 1)):
            raise SystemExit(f"seed {seed}: impossible placements {outcome.placements}")
        ruled = outcome.capped or outcome.figures["end"] in ("out_of_pages", "lp")
        if outcome.placements == (1, 1) and not ruled:
            raise SystemExit(f"seed {seed}: a draw with no rule for it")
        turns += outcome.figures["turns"]
    return time.perf_counter() - wall, time.process_time() - cpu, turns / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--log", action="store_true", help="keep every game's full log")
    args = parser.parse_args()
    print(compiled.summary())
    decks = {name: MetaZooDeck.from_deck(SAMPLES.deck(name)) for name in SAMPLES.names()}
    first = next(iter(decks.values()))
    _run(first, first, 50)  # warm up
    total_wall = total_cpu = 0.0
    for a, b in itertools.product(decks, repeat=2):
        runs = [_run(decks[a], decks[b], args.games, args.log) for _ in range(REPEATS)]
        wall, cpu = min(r[0] for r in runs), min(r[1] for r in runs)
        total_wall, total_cpu = total_wall + wall, total_cpu + cpu
        print(
            f"{a:>15} vs {b:<15} {args.games / cpu:6.0f} games/s CPU, {args.games / wall:6.0f} "
            f"wall ({1000 * cpu / args.games:.3f} ms/game, {runs[0][2]:.1f} turns/game)"
        )
    games = args.games * len(decks) ** 2
    rate = games / total_cpu
    verdict = (
        "with every game's log kept"
        if args.log
        else f"{'meets' if rate >= TARGET else 'misses'} {TARGET}/s"
    )
    print(
        f"round robin {games} games: {rate:6.0f} games/s CPU, {games / total_wall:6.0f} wall "
        f"- {verdict}"
    )


if __name__ == "__main__":
    main()
