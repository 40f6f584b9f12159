"""`python -m bench.odds`: exact battle-odds latency (issue 4, items 6 and 8; target < 20 ms).

    .venv/bin/python -m bench.odds [--requests 300]

Times POST /api/v1/battle-odds/ through the API in-process (Django's test client: URL routing,
DRF parsing and validation, the exact calculation, JSON rendering; no network, no database)
for two Neopets with 10 Attack and 10 Defence dice and 20 HP each, cycling through Agility
pairs so that no reroll, attacker rerolls and defender rerolls are all timed. Prints p50 and
p95 for: the first request of each stat line with every cache cleared (cold), repeated
requests (warm: the dice distributions are memoised), and the exact-fraction race (offered
up to 10 HP left).
"""

from __future__ import annotations

import argparse
import itertools
import os
import statistics
import time
from collections.abc import Callable

from bench.answers import expect, run_unthrottled

TARGET_MS = 20.0
URL = "/api/v1/battle-odds/"
AGILITIES = [(a, d) for a in (0, 3, 5, 7, 10) for d in (0, 3, 5, 7, 10)]


def body(
    attacker_agility: int, defender_agility: int, *, hp: int = 20, exact: bool = False
) -> dict:
    def neopet(agility: int) -> dict:
        return {"hp": hp, "attack": 10, "defence": 10, "agility": agility}

    return {
        "attacker": neopet(attacker_agility),
        "defender": neopet(defender_agility),
        "exact": exact,
    }


def timed(call: Callable[[], object]) -> float:
    start = time.perf_counter()
    call()
    return (time.perf_counter() - start) * 1000


def report(label: str, samples: list[float]) -> None:
    samples = sorted(samples)
    p50 = statistics.median(samples)
    p95 = samples[min(len(samples) - 1, round(0.95 * (len(samples) - 1)))]
    verdict = "ok" if p95 < TARGET_MS else f"over the {TARGET_MS:.0f} ms target"
    print(f"{label:<44} n={len(samples):<4} p50 {p50:6.2f} ms  p95 {p95:6.2f} ms  ({verdict})")


def _is_odds(answer: dict) -> bool:
    """An odds answer: damage chances summing to one, and both races."""
    race = answer.get("race", {})
    damage = answer.get("damage", {})
    return (
        bool(damage)
        and abs(sum(damage.values()) - 1) < 1e-9
        and set(race)
        == {
            "attacker_first",
            "defender_first",
        }
    )


def clear_caches() -> None:
    from rulebook.neopets import odds

    for function in vars(odds).values():
        if hasattr(function, "cache_clear"):
            function.cache_clear()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=300, help="warm requests to time")
    args = parser.parse_args()

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "deckwarden.settings")
    run_unthrottled()
    import django
    from django.test.utils import setup_test_environment

    django.setup()
    setup_test_environment()
    from rest_framework.test import APIClient

    client = APIClient()

    def post(payload: dict) -> None:
        response = client.post(URL, payload, format="json")
        expect(f"POST {URL} {payload}", response.status_code, response.content, _is_odds)

    post(body(5, 5))  # import and URL-resolution costs are not the calculation's
    cold = []
    for agilities in AGILITIES:
        clear_caches()
        cold.append(timed(lambda a=agilities: post(body(*a))))
    warm = [
        timed(lambda a=a: post(body(*a)))
        for a in itertools.islice(itertools.cycle(AGILITIES), args.requests)
    ]
    exact = [timed(lambda a=a: post(body(*a, hp=10, exact=True))) for a in AGILITIES]

    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    print(f"POST /api/v1/battle-odds/, 10 vs 10 dice, 20 HP each, 25 Agility pairs (load {load})")
    report("cold (every cache cleared before each)", cold)
    report("warm (dice distributions memoised)", warm)
    report("warm, exact race fractions, 10 HP each", exact)


if __name__ == "__main__":
    main()
