"""`python -m bench.collection`: a collection's two costs (issue 40, item 1), on PostgreSQL.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/deckwarden .venv/bin/python -m bench.collection

In its own database beside DATABASE_URL's (`deckwarden_bench_collection`, made afresh unless
--reuse finds it loaded) with --cards synthetic cards loaded as bench.search loads them:
- a CSV of 20,000 copies (every row a different card of one game, 1 to 4 copies each, the
  rows as many as the game has cards with a name of their own, up to 20,000) imported through
  decks.collection.owned_import_csv, the service POST /api/v1/owned/import/ calls: target 5 s;
- a 60-card page of search results (GET /api/v1/cards/?page_size=60, through the API) against
  the query that marks which of its cards the reader owns (cards.owned.owned_counts, as the
  search page runs it) for that reader's collection: target at most 10% of the page's time.
Prints the median of --runs runs of each.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

from bench.answers import expect, run_unthrottled

IMPORT_TARGET_SECONDS = 5.0
MARKING_TARGET_SHARE = 0.10
COPIES = 20_000
PAGE = 60
BENCH_DATABASE = "deckwarden_bench_collection"


def main(argv: list[str] | None = None) -> int:
    args = _arguments(argv)
    from bench.search import _bench_database_url, _database_exists, _recreate_database

    url = _bench_database_url(os.environ.get("DATABASE_URL", ""), BENCH_DATABASE)
    if not (args.reuse and _database_exists(url, BENCH_DATABASE)):
        _recreate_database(url, BENCH_DATABASE)
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "deckwarden.settings")
    run_unthrottled()
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db.models import Count
    from rest_framework.test import APIClient

    from basics.csvfiles import csv_text
    from bench.search import _load_cards
    from cards.models import Card, Game, OwnedCard
    from cards.owned import owned_counts
    from decks.collection import owned_import_csv

    call_command("migrate", verbosity=0)
    _load_cards(args.cards, seed=7)
    game = Game.objects.get(slug="neopets")
    unique = (
        Card.objects.filter(game=game, owner__isnull=True)
        .values("folded_name")
        .annotate(n=Count("id"))
        .filter(n=1)
        .values_list("folded_name", flat=True)
    )
    names = list(
        Card.objects.filter(game=game, folded_name__in=unique)
        .order_by("id")
        .values_list("name", flat=True)[:COPIES]
    )
    rows, copies = [], 0
    for index, name in enumerate(names):
        count = min(1 + index % 4, COPIES - copies)
        if count <= 0:
            break
        rows.append({"Count": count, "Name": name})
        copies += count
    text = csv_text(rows, ["Count", "Name"])
    user, _ = get_user_model().objects.get_or_create(username="bench-collector")
    imports, cpu = [], []
    for _ in range(args.runs):
        OwnedCard.objects.filter(owner=user).delete()
        started, started_cpu = time.perf_counter(), time.process_time()
        imported = owned_import_csv(owner=user, game=game, text=text)
        imports.append(time.perf_counter() - started)
        cpu.append(time.process_time() - started_cpu)
    # On a loaded machine the wall time is mostly waiting for a core; Django's own CPU time
    # (the database's is not in it) is what a quiet machine's time is close to.
    print(
        f"import of a {len(rows):,}-row CSV, {imported.copies:,} copies: median "
        f"{statistics.median(imports):.2f} s, {statistics.median(cpu):.2f} s of Django's CPU "
        f"(target {IMPORT_TARGET_SECONDS:.0f} s; load average {os.getloadavg()[0]:.1f})"
    )

    client = APIClient()
    client.force_authenticate(user)
    pages, marks = [], []
    for run in range(args.runs):
        started = time.perf_counter()
        response = client.get(
            "/api/v1/cards/", {"q": "game:neopets", "page_size": PAGE, "page": run + 1}
        )
        pages.append(time.perf_counter() - started)
        body = expect(
            "search page",
            response.status_code,
            response.content,
            lambda answer: len(answer["results"]) == PAGE,
        )
        ids = [card["id"] for card in body["results"]]
        started = time.perf_counter()
        owned_counts(owner=user, card_ids=ids)
        marks.append(time.perf_counter() - started)
    page, mark = statistics.median(pages), statistics.median(marks)
    print(
        f"a {PAGE}-card search page: {page * 1000:.1f} ms; marking its owned cards "
        f"{mark * 1000:.2f} ms = {mark / page:.1%} of it (target at most "
        f"{MARKING_TARGET_SHARE:.0%})"
    )
    ok = statistics.median(imports) < IMPORT_TARGET_SECONDS and mark / page <= MARKING_TARGET_SHARE
    return 0 if ok else 1


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--reuse", action="store_true")
    return parser.parse_args(argv)


if __name__ == "__main__":
    sys.exit(main())
