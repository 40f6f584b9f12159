"""`python -m bench.play`: a game of each engine against the bot, answered through the service
layer as a person would (issue 42: "the bot answers within 200 ms per decision").

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/deckwarden .venv/bin/python -m bench.play

In its own database beside DATABASE_URL's (`deckwarden_bench_play`, made afresh) with the
sample cards: for each engine one game (Millennium Blades at a table of three), the person in
seat 0 picking an option at random (seeded), each pick sent through
`jobs.services.plays.play_answer` as the website and the API send it: the game replayed from
its seed and picks, the pick checked, the bots moving to the person's next decision, the game
stored. Each answer's wall and CPU time, p50 and p95 per engine against the 200 ms target, and
the bots' decisions it took. Any refused answer is an error (exit status 1): a person picks only
options offered.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

from bench.answers import run_unthrottled

TARGET_SECONDS = 0.2
BENCH_DATABASE = "deckwarden_bench_play"
TABLES = {"millennium-blades": 3}  # seats, where a game seats more than two


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile (`share` of 1) of the values."""
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(share * len(ordered) + 0.5) - 1))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=1, help="the games' seed and the picks'")
    parser.add_argument("--bot", default="default", help="default or random")
    args = parser.parse_args(argv)
    from bench.search import _bench_database_url, _recreate_database

    url = _bench_database_url(os.environ.get("DATABASE_URL", ""), BENCH_DATABASE)
    _recreate_database(url, BENCH_DATABASE)
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "deckwarden.settings")
    run_unthrottled()
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from basics.errors import InvalidRequest
    from jobs.services.plays import PlayRefused, play_answer, play_create
    from rulebook.samples import SAMPLES
    from rulebook.simulation import ENGINES

    call_command("migrate", verbosity=0)
    call_command("load_samples", verbosity=0)
    person, _ = get_user_model().objects.get_or_create(username="bench-player")
    print(f"One game of each engine against the {args.bot} bot, seed {args.seed}; per answer:")
    print("| engine | answers | bot decisions | wall p50 | wall p95 | max | CPU p50 | CPU p95 |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    worst = 0.0
    for slug in ENGINES:
        names = SAMPLES[slug].names()
        seats = TABLES.get(slug, 2)
        decks = [(SAMPLES[slug].entries(names[seat % len(names)]), []) for seat in range(seats)]
        play, game = play_create(
            owner=person, session_key="", game=slug, decks=decks, bot=args.bot, seed=args.seed
        )
        rng = random.Random(args.seed)
        walls: list[float] = []
        cpus: list[float] = []
        bots = 0
        while (pending := game.pending) is not None:
            pick = rng.randrange(len(pending.options))
            before = len(game.entries)
            wall, cpu = time.perf_counter(), time.process_time()
            try:
                play, game = play_answer(play=play, number=pending.number, option=pick)
            except (InvalidRequest, PlayRefused) as exc:
                print(f"{slug}: answer {pending.number} ({pick}) refused: {exc}", file=sys.stderr)
                return 1
            walls.append(time.perf_counter() - wall)
            cpus.append(time.process_time() - cpu)
            bots += sum(entry.option is None for entry in game.entries[before:])
        if play.status != "finished" or not walls:
            print(f"{slug}: the game did not finish ({play.status})", file=sys.stderr)
            return 1
        worst = max(worst, percentile(walls, 0.95))
        print(
            f"| {slug} | {len(walls)} | {bots} | {statistics.median(walls) * 1000:.0f} ms | "
            f"{percentile(walls, 0.95) * 1000:.0f} ms | {max(walls) * 1000:.0f} ms | "
            f"{statistics.median(cpus) * 1000:.0f} ms | {percentile(cpus, 0.95) * 1000:.0f} ms |",
            flush=True,
        )
    verdict = "within" if worst <= TARGET_SECONDS else "OVER"
    print(f"Worst p95 {worst * 1000:.0f} ms: {verdict} the {TARGET_SECONDS * 1000:.0f} ms target.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
