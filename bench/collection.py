"""`python -m bench.collection`: a collection's two costs (issue 40, item 1), on PostgreSQL.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/deckwarden .venv/bin/python -m bench.collection

In its own database beside DATABASE_URL's (`deckwarden_bench_collection`, made afresh unless
--reuse finds it loaded) with --cards synthetic cards loaded as bench.search loads them:
- a CSV of 20,000 copies (every row a different card of one game, 1 to 4 copies each, the
  rows as many as the game has cards with a name of their own, up to 20,000) imported through
  decks.collection.owned_import_csv, the service POST /api/v1/owned/import/ calls: target 5 s;
- a 60-card page of search results (GET /api/v1/cards/?page_size=60, through the API) against
  the query that marks which of its cards the reader owns (cards.owned.owned_counts, as the
  search page runs it) for that reader's collection: target at most 10% of the page's time,
  judged on CPU time (Django's and its PostgreSQL backend's, as bench.search reads them), which
  a busy machine changes little; the wall times' medians are printed beside it.
Prints the import's median of --runs runs.
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
PAGE_RUNS = (
    60  # a page and its marks are quick: many runs steady the figures (CPU clock ticks are 10 ms)
)


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
    cpu_of = _cpu_clock()
    imports, cpu = [], []
    for _ in range(args.runs):
        OwnedCard.objects.filter(owner=user).delete()
        started, started_cpu = time.perf_counter(), cpu_of()
        imported = owned_import_csv(owner=user, game=game, text=text)
        imports.append(time.perf_counter() - started)
        cpu.append(cpu_of() - started_cpu)
    print(
        f"import of a {len(rows):,}-row CSV, {imported.copies:,} copies: median "
        f"{statistics.median(imports):.2f} s, {statistics.median(cpu):.2f} s of CPU (Django and "
        f"PostgreSQL) (target {IMPORT_TARGET_SECONDS:.0f} s; load average "
        f"{os.getloadavg()[0]:.1f})"
    )

    client = APIClient()
    client.force_authenticate(user)

    def page_ids(run: int) -> list[int]:
        response = client.get(
            "/api/v1/cards/", {"q": "game:neopets", "page_size": PAGE, "page": run % 5 + 1}
        )
        body = expect(
            "search page",
            response.status_code,
            response.content,
            lambda answer: len(answer["results"]) == PAGE,
        )
        return [card["id"] for card in body["results"]]

    pages, marks, page_cpu, mark_cpu = [], [], 0.0, 0.0
    for run in range(PAGE_RUNS):
        started, cpu = time.perf_counter(), cpu_of()
        ids = page_ids(run)
        pages.append(time.perf_counter() - started)
        page_cpu += cpu_of() - cpu
        started, cpu = time.perf_counter(), cpu_of()
        owned_counts(owner=user, card_ids=ids)
        marks.append(time.perf_counter() - started)
        mark_cpu += cpu_of() - cpu
    page, mark = statistics.median(pages), statistics.median(marks)
    share = mark_cpu / page_cpu
    print(
        f"a {PAGE}-card search page: median {page * 1000:.1f} ms, marking its owned cards "
        f"{mark * 1000:.2f} ms ({mark / page:.1%}); CPU (Django and PostgreSQL) "
        f"{page_cpu / PAGE_RUNS * 1000:.1f} ms and {mark_cpu / PAGE_RUNS * 1000:.2f} ms = "
        f"{share:.1%} (target at most {MARKING_TARGET_SHARE:.0%})"
    )
    ok = statistics.median(imports) < IMPORT_TARGET_SECONDS and share <= MARKING_TARGET_SHARE
    return 0 if ok else 1


def _cpu_clock():
    """CPU seconds so far of this process (Django) and of its PostgreSQL backend (from /proc,
    as bench.search reads it; a server elsewhere counts Django's alone). On a busy machine the
    wall time of a query is mostly waiting for a core; its CPU time is what a quiet machine's
    time is close to."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        backend = f"/proc/{cursor.fetchone()[0]}/stat"

    def seconds() -> float:
        try:
            with open(backend) as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            server = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except OSError:
            server = 0.0
        return time.process_time() + server

    return seconds


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--reuse", action="store_true")
    return parser.parse_args(argv)


if __name__ == "__main__":
    sys.exit(main())
