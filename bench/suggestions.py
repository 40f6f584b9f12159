"""`python -m bench.suggestions`: a body of the largest size full of unknown card names
(issue 11 item 1: the cost of "did you mean" is bounded per request).

    .venv/bin/python -m bench.suggestions [--sqlite] [--cards 100000] [--runs 3] [--reuse]

Builds a POST /api/v1/validate/ body of DECKWARDEN_MAX_BODY_BYTES (256 KB by default), every
entry an unknown name, and times it through the API (Django's test client: parsing, lookup,
suggestions, the rules, the report). Each run uses names never seen before, so no cache helps.
- PostgreSQL (default): in its own database beside DATABASE_URL's (`deckwarden_bench_suggest`,
  made afresh unless --reuse finds it loaded) with --cards synthetic cards loaded as bench.search
  loads them; suggestions come from one trigram query.
- --sqlite: a temporary SQLite file with the sample cards, the embedded default.
Target: well under 1 s per request.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
import uuid

from bench.answers import expect, run_unthrottled

TARGET_SECONDS = 1.0
BENCH_DATABASE = "deckwarden_bench_suggest"


def main(argv: list[str] | None = None) -> int:
    args = _arguments(argv)
    if args.sqlite:
        folder = tempfile.mkdtemp(prefix="bench-suggest-")
        os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
    else:
        from bench.search import _bench_database_url, _database_exists, _recreate_database

        url = _bench_database_url(os.environ.get("DATABASE_URL", ""), BENCH_DATABASE)
        if not (args.reuse and _database_exists(url, BENCH_DATABASE)):
            _recreate_database(url, BENCH_DATABASE)
        os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "deckwarden.settings")
    run_unthrottled()
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    if args.sqlite:
        call_command("import_cards", "cards/sample_data/neopets.json", verbosity=0)
    else:
        from bench.search import _load_cards

        _load_cards(args.cards, seed=7)
    from cards.models import Card

    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    print(f"{Card.objects.count():,} cards; bodies of up to {limit:,} bytes.")
    _post(json.dumps({"game": "neopets", "sections": {"main": []}}).encode(), 0)  # warm up
    worst = 0.0
    for run in range(args.runs):
        body = _body(limit)
        names = len(json.loads(body)["sections"]["main"])
        seconds = _post(body, names)
        worst = max(worst, seconds)
        print(
            f"run {run + 1}: {len(body):,} bytes, {names:,} unknown names, each reported, "
            f"in {seconds * 1000:.0f} ms"
        )
    verdict = "OK" if worst < TARGET_SECONDS else "TOO SLOW"
    print(f"worst {worst * 1000:.0f} ms (target under {TARGET_SECONDS * 1000:.0f} ms): {verdict}")
    return 0 if worst < TARGET_SECONDS else 1


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sqlite", action="store_true", help="the embedded SQLite default")
    parser.add_argument("--cards", type=int, default=100_000, help="synthetic cards (PostgreSQL)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--reuse", action="store_true", help="keep a loaded bench database")
    return parser.parse_args(argv)


def _body(limit: int) -> bytes:
    """A /validate/ body just under `limit` bytes, every entry a name no card has."""
    prefix = uuid.uuid4().hex[:6]
    entries: list[dict] = []
    size = len(json.dumps({"game": "neopets", "sections": {"main": []}}))
    while True:
        entry = {"name": f"Unknwn Hot Dgo {prefix} {len(entries)}", "quantity": 1}
        grown = size + len(json.dumps(entry)) + 2
        if grown >= limit:
            break
        entries.append(entry)
        size = grown
    return json.dumps({"game": "neopets", "sections": {"main": entries}}).encode()


def _post(body: bytes, unknown: int) -> float:
    """Seconds for one /validate/ request, whose report must name each of its `unknown` names."""
    from django.test import Client

    client = Client()
    started = time.perf_counter()
    response = client.post("/api/v1/validate/", data=body, content_type="application/json")
    seconds = time.perf_counter() - started

    def reports_every_name(report: dict) -> bool:
        codes = [issue["code"] for issue in report.get("errors", [])]
        return codes.count("card.unknown") == unknown

    expect("POST /api/v1/validate/", response.status_code, response.content, reports_every_name)
    return seconds


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
