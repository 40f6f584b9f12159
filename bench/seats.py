"""`python -m bench.seats`: each engine's seats in mirror games, the README's first-player
advantage table.

    .venv/bin/python -m bench.seats [--games 5952]

For every engine with sample decks and every table size it plays, `--games` mirror games
(rulebook/simulation/seats.py: each sample deck against copies of itself, the games shared
evenly), and prints the first player's win rate (first place alone) with its 99% Wilson
interval beside a seat's fair share (every seat's wins shared evenly), then each seat's first
places (alone or shared) with their 99% intervals, and whether any two seats disagree. The same
games as tests/rulebook/simulation/test_seat_symmetry.py, which fails on a disagreement.
"""

from __future__ import annotations

import argparse
import time

from rulebook.registry import ENGINES
from rulebook.samples import SAMPLES
from rulebook.simulation.seats import games_to_see, mirror_seats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=games_to_see())
    games = parser.parse_args().games
    print("| engine | seats | games | first player wins (99%) | fair share | CPU s |")
    print("| --- | --- | --- | --- | --- | --- |")
    for slug, engine in ENGINES.items():
        if slug not in SAMPLES:
            continue
        samples = SAMPLES[slug]
        decks = [engine.prepare(samples.deck(name)) for name in samples.names()]
        for seats in engine.seats:
            cpu = time.process_time()
            figures = mirror_seats(engine, decks, seats, games)
            cpu = time.process_time() - cpu
            low, high = figures.first_player_interval()
            wins = figures.first_player_wins
            print(
                f"| {slug} | {seats} | {figures.games:,} | {wins:,} = "
                f"{figures.first_player_rate():.1%} [{low:.1%}, {high:.1%}] | "
                f"{figures.fair_share():.1%} | {cpu:.1f} |",
                flush=True,
            )
            places = ", ".join(
                f"{count:,} [{low:.1%}, {high:.1%}]"
                for count, (low, high) in (
                    (figures.first_places[seat], figures.interval(seat)) for seat in range(seats)
                )
            )
            print(f"  first places by seat: {places}; disagreeing: {figures.disagreeing()}")


if __name__ == "__main__":
    main()
