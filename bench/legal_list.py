"""`python -m bench.legal_list`: the website's public deck list filtered to legal decks, with
1,000 public decks in PostgreSQL (issue 25, item 3: it took 2.8 to 3.9 s with about 150).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/deckwarden .venv/bin/python -m bench.legal_list

Creates its own database beside DATABASE_URL's (`deckwarden_bench_decks`, or --database), loads
the sample cards and 1,000 public decks of 20 users (half the strong sample deck, legal; half an
empty deck, not legal), then times through Django's test client, in one run: GET
/api/v1/health/live/ (a trivial endpoint, for the load), GET /decks/, the first GET
/decks/?legal=on after every verdict is dropped (as after a change of the lists: it judges every
deck again) and later ones (which read the stored verdicts, as after any save). Every answer is
checked: a legal-only page lists legal decks only.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import time

from bench.answers import WrongAnswer, run_unthrottled
from bench.search import _bench_database_url, _database_exists, _recreate_database

BENCH_DATABASE = "deckwarden_bench_decks"
DECKS = 1_000
USERS = 20


def main(argv: list[str] | None = None) -> int:
    args = _arguments(argv)
    url = _bench_database_url(os.environ.get("DATABASE_URL", ""), args.database)
    if not (args.reuse and _database_exists(url, args.database)):
        _recreate_database(url, args.database)
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "deckwarden.settings")
    os.environ["CACHE_URL"] = "locmem://"
    run_unthrottled()
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    _load(DECKS)
    _report(_measure(args.runs))
    return 0


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30, help="timed requests per kind")
    parser.add_argument("--database", default=BENCH_DATABASE)
    parser.add_argument("--reuse", action="store_true", help="keep a loaded bench database")
    return parser.parse_args(argv)


def _load(total: int) -> None:
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from cards.models import Game
    from decks.models import Deck, DeckVerdict
    from decks.services import deck_create, deck_import
    from rulebook.samples import NEOPETS

    # Saving judges each deck; dropping every verdict stands for a change of the lists, after
    # which the first legal-only list judges every deck again.
    DeckVerdict.objects.all().delete()
    if Deck.objects.count() >= total:
        print(f"{Deck.objects.count():,} decks already loaded.")
        return
    call_command("load_samples", verbosity=0)
    game = Game.objects.get(slug="neopets")
    users = [get_user_model().objects.get_or_create(username=f"bench{n}")[0] for n in range(USERS)]
    text = NEOPETS.text("strong")
    started = time.perf_counter()
    for n in range(total):
        owner = users[n % USERS]
        if n % 2:
            deck_create(owner=owner, game=game, name=f"Empty {n:04}", lines=[], visibility="public")
        else:
            deck_import(
                owner=owner, game=game, name=f"Legal {n:04}", text=text, visibility="public"
            )
    print(f"Made {total:,} public decks in {time.perf_counter() - started:.1f} s.")


def _measure(runs: int) -> dict[str, list[float]]:
    from django.test import Client

    client = Client()
    kinds = {
        "health/live (trivial)": ("/api/v1/health/live/", {}),
        "/decks/": ("/decks/", {}),
        "/decks/?legal=on": ("/decks/", {"legal": "on"}),
    }
    timings: dict[str, list[float]] = {}
    timings["?legal=on, lists changed"] = [_timed(client, *kinds["/decks/?legal=on"])]
    for kind, (path, params) in kinds.items():
        for _ in range(3):
            _timed(client, path, params)
        timings[kind] = [_timed(client, path, params) for _ in range(runs)]
    return timings


def _timed(client, path: str, params: dict) -> float:
    started = time.perf_counter()
    response = client.get(path, params)
    elapsed = (time.perf_counter() - started) * 1000
    if response.status_code != 200:
        raise WrongAnswer(f"GET {path} {params} answered {response.status_code}")
    if path == "/decks/":
        page = response.content.decode()
        names = re.findall(r'<td><a href="/decks/[\w-]+/">([^<]+)</a></td>', page)
        if not names or (params.get("legal") and any(not n.startswith("Legal") for n in names)):
            raise WrongAnswer(f"GET {path} {params} listed {names[:10]}")
    return elapsed


def _report(timings: dict[str, list[float]]) -> None:
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    print(f"\nLoad average (1, 5, 15 min): {load} on {os.cpu_count()} CPUs.")
    print(f"{'request':<26} {'runs':>5} {'p50 ms':>9} {'p95 ms':>9}")
    for kind, samples in timings.items():
        if len(samples) == 1:
            p50 = p95 = samples[0]
        else:
            cuts = statistics.quantiles(samples, n=100, method="inclusive")
            p50, p95 = cuts[49], cuts[94]
        print(f"{kind:<26} {len(samples):>5} {p50:>9.1f} {p95:>9.1f}")


if __name__ == "__main__":
    raise SystemExit(main())
