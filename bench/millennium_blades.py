"""`python -m bench.millennium_blades`: Millennium Blades tournament speed, whole four-player
tournaments per second in one process.

    .venv/bin/python -m bench.millennium_blades [--games 4000] [--log]

Plays four-player tables of the sample decks (rulebook/millennium_blades/sample_decks: each of
the five tables leaving one deck out, HeuristicPolicy at every seat), `--games` tournaments in
all, and reports tournaments per CPU-second of this process (on a shared machine the CPU figure
is the engine's own speed) and by wall clock, best of three runs. It fails loudly when a
tournament's placements do not follow its RP, or any deck's sample cards go unplayed.
Target (issue 44): >= 5,000 four-player tournaments per CPU-second with the log off (the
default); `--log` keeps every tournament's full log, to measure what it costs.
"""

from __future__ import annotations

import argparse
import sys
import time

from rulebook.core.outcome import placements_by_score
from rulebook.millennium_blades.engine import TournamentDeck, play_game
from rulebook.samples import MILLENNIUM_BLADES as SAMPLES

TARGET = 5000
REPEATS = 3
SEATS = 4


def tables() -> list[tuple[str, list[TournamentDeck]]]:
    """Each four-deck table of the sample decks (one left out), by the deck left out."""
    names = SAMPLES.names()
    decks = {name: TournamentDeck.from_deck(SAMPLES.deck(name)) for name in names}
    return [(out, [decks[n] for n in names if n != out]) for out in names]


def _run(games: int, log: bool) -> tuple[float, float, float]:
    """(wall seconds, CPU seconds, mean turns) of `games` tournaments, round the tables."""
    seated = tables()
    turns = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for seed in range(games):
        _, decks = seated[seed % len(seated)]
        outcome = play_game(decks, seed, record_log=log)
        turns += outcome.figures["turns"]
        rp = [seat["rp"] for seat in outcome.seats]
        if outcome.placements != placements_by_score(rp) or outcome.unsupported:
            sys.exit(f"wrong tournament at seed {seed}: {outcome.placements} for RP {rp}")
    return time.perf_counter() - wall, time.process_time() - cpu, turns / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--log", action="store_true", help="keep each tournament's full log")
    args = parser.parse_args()
    _run(200, args.log)  # warm up
    runs = [_run(args.games, args.log) for _ in range(REPEATS)]
    wall = args.games / min(run[0] for run in runs)
    cpu = args.games / min(run[1] for run in runs)
    verdict = "meets" if cpu >= TARGET else "misses"
    print(
        f"{SEATS}-player tournaments, {args.games} ({'log on' if args.log else 'log off'}): "
        f"{wall:7.0f}/s wall, {cpu:7.0f}/s CPU ({1000 / cpu:.3f} ms each, "
        f"{runs[0][2]:.1f} turns each) - {verdict} {TARGET}/s"
    )


if __name__ == "__main__":
    main()
