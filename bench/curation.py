"""`python -m bench.curation`: a community's 1,000-row spreadsheet through curation (issue 36):
checked and previewed (target: under 5 s), then stored as proposals and approved whole, which
imports the cards (target: under 10 s), on PostgreSQL.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/deckwarden .venv/bin/python -m bench.curation

Creates its own database beside DATABASE_URL's (`deckwarden_bench_curation`, or --database),
loads the sample cards, then times the services the API's /proposals/bulk/ and
/uploads/{id}/approve/ call, each run on a fresh spreadsheet of Neopets Food cards (every row
with an effect and a printing in a new set). Every answer is checked: no problems, 1,000 added,
1,000 cards stored.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from bench.answers import WrongAnswer
from bench.search import _bench_database_url, _recreate_database

BENCH_DATABASE = "deckwarden_bench_curation"
ROWS = 1_000
CHECK_TARGET_S = 5.0
IMPORT_TARGET_S = 10.0


def main(argv: list[str] | None = None) -> int:
    args = _arguments(argv)
    url = _bench_database_url(os.environ.get("DATABASE_URL", ""), args.database)
    _recreate_database(url, args.database)
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "deckwarden.settings")
    os.environ["CACHE_URL"] = "locmem://"
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("load_samples", "--cards-only", verbosity=0)
    checks, imports = [], []
    for run in range(args.runs):
        check_s, import_s = _one_run(run)
        checks.append(check_s)
        imports.append(import_s)
    _report("check and preview", checks, CHECK_TARGET_S)
    _report("store and import", imports, IMPORT_TARGET_S)
    return 0


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="spreadsheets timed")
    parser.add_argument("--database", default=BENCH_DATABASE)
    return parser.parse_args(argv)


def _one_run(run: int) -> tuple[float, float]:
    from django.contrib.auth import get_user_model

    from cards.models import Card
    from curation.services import bulk_check, bulk_commit, curator_grant, upload_approve
    from tests.curation.spreadsheets import food_row, spreadsheet

    users = get_user_model().objects
    proposer, _ = users.get_or_create(username="bench-proposer")
    curator, _ = users.get_or_create(username="bench-curator")
    curator_grant(user=curator, game="neopets", granted_by=None)
    code = f"B{run}"
    rows = [
        food_row(n, key=f"bench-{run}-{n}", name=f"Bench {run} Snack {n}", set=code)
        for n in range(1, ROWS + 1)
    ]
    content = spreadsheet(rows)

    started = time.perf_counter()
    checked = bulk_check(game="neopets", file_name="bench.csv", content=content)
    check_s = time.perf_counter() - started
    if checked.problems or len(checked.preview.added) != ROWS:
        raise WrongAnswer(f"check: {checked.problems[:3]}, {len(checked.preview.added)} added")

    started = time.perf_counter()
    upload, _ = bulk_commit(
        proposer=proposer, game="neopets", file_name="bench.csv", content=content
    )
    approved = upload_approve(upload=upload, reviewer=curator)
    import_s = time.perf_counter() - started
    stored = Card.objects.filter(key__startswith=f"bench-{run}-").count()
    if approved != ROWS or stored != ROWS:
        raise WrongAnswer(f"import: {approved} approved, {stored} stored")
    print(f"run {run + 1}: check and preview {check_s:.2f} s; store and import {import_s:.2f} s")
    return check_s, import_s


def _report(what: str, seconds: list[float], target: float) -> None:
    median = statistics.median(seconds)
    verdict = "within" if max(seconds) < target else "OVER"
    print(
        f"{ROWS:,} rows, {what}: median {median:.2f} s, worst {max(seconds):.2f} s "
        f"(target under {target:.0f} s: {verdict})"
    )


if __name__ == "__main__":
    raise SystemExit(main())
