"""`python -m bench.swiss`: Swiss pairing and standings with tiebreakers for a big event
(issue 39): 512 players, 9 rounds paired by events.swiss with random results.

Targets: pairing a round of 512 players under 2 s (the slowest of the 9 rounds is printed),
standings with OMW, GW and OGW for 512 players after 9 rounds under 1 s. Plain Python: no
Django, no database.
"""

from __future__ import annotations

import random
import time

from events.swiss import Result, standings, swiss_pair

PLAYERS, ROUNDS = 512, 9
PAIRING_TARGET, STANDINGS_TARGET = 2.0, 1.0


def main() -> None:
    rng = random.Random(39)
    players = list(range(1, PLAYERS + 1))
    results: list[Result] = []
    met: set[frozenset[int]] = set()
    byes: set[int] = set()
    slowest = 0.0
    rematches = 0
    for _ in range(ROUNDS):
        table = standings(players, results)
        points = {s.player: s.match_points for s in table}
        start = time.perf_counter()
        pairs = swiss_pair([s.player for s in table], points, met, byes)
        slowest = max(slowest, time.perf_counter() - start)
        for a, b in pairs:
            if b is None:
                byes.add(a)
                results.append(Result(a, None, 2, 0))
                continue
            rematches += frozenset((a, b)) in met
            met.add(frozenset((a, b)))
            results.append(Result(a, b, *rng.choice([(2, 0), (2, 1), (0, 2), (1, 2), (1, 1)])))
    start = time.perf_counter()
    standings(players, results)
    took = time.perf_counter() - start
    print("| measure | seconds | target |")
    print("| --- | --- | --- |")
    label = f"pairing a round of {PLAYERS} (slowest of {ROUNDS})"
    print(f"| {label} | {slowest:.2f} | < {PAIRING_TARGET} |")
    print(f"| standings, {PLAYERS} players x {ROUNDS} rounds | {took:.2f} | < {STANDINGS_TARGET} |")
    print(f"rematches: {rematches}")
    if slowest >= PAIRING_TARGET or took >= STANDINGS_TARGET:
        raise SystemExit("over target")


if __name__ == "__main__":
    main()
