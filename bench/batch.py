"""`python -m bench.batch`: 2,000 fifty-card Neopets decklists in one batch request (issue 9,
item 6), against the same 2,000 through the single /validate/ endpoint.

    .venv/bin/python -m bench.batch [--decks 2000] [--repeats 3] [--port N]

Migrates a PostgreSQL bench database (BENCH_DATABASE_URL, default
postgres://postgres@127.0.0.1:5432/deckwarden_bench_batch), loads the sample cards and starts
gunicorn (2 workers, 127.0.0.1, a free port; stopped at the end), as bench.validate does. The
decklists are text, each of 50 Main Deck cards, 3 Neopets and 2 Rainbow Pool Neopets, their
Codestones spread differently; every tenth is one card short (illegal). Prints:
- the batch request's wall time (best and median of --repeats; target <= 2 s) and the peak
  resident memory of the gunicorn workers (memory bounded: it stays put across repeats);
- where the time goes, the same steps run in this process over the same database: reading the
  JSON and parsing the decklists, card lookup (one pool for the batch, catalogue cache cold),
  rules (resolving entries against the pool and running the ruleset), building and rendering
  the answer;
- the 2,000 decks sent one by one to POST /validate/ over one keep-alive connection.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import statistics
import sys
import time
from pathlib import Path

from bench.answers import expect
from bench.validate import (
    DECKLIST,
    create_database,
    free_port,
    prepare_database,
    server_env,
    start_gunicorn,
)

TARGET_SECONDS = 2.0
DEFAULT_DATABASE = "postgres://postgres@127.0.0.1:5432/deckwarden_bench_batch"
CODESTONES = ("Mau", "Vo", "Har", "Tai-Kai", "Eo")


def decklists(count: int) -> list[str]:
    """`count` different legal-or-not 50-card lists: the bench deck with its 32 Codestones
    spread differently over the five kinds; every tenth list one Codestone short."""
    lines = [line for line in DECKLIST.splitlines() if "Codestone" not in line]
    spreads = [
        (a, b, c, d, 32 - a - b - c - d)
        for a in range(1, 12)
        for b in range(1, 12)
        for c in range(1, 12)
        for d in range(1, 12)
        if 32 - a - b - c - d >= 1
    ]
    texts = []
    for index in range(count):
        spread = list(spreads[index % len(spreads)])
        if index % 10 == 9:
            spread[spread.index(max(spread))] -= 1
        stones = [f"{n} {kind} Codestone" for n, kind in zip(spread, CODESTONES, strict=True)]
        main = lines.index("Main Deck:") + 1
        texts.append("\n".join([*lines[:main], *stones, *lines[main:]]) + "\n")
    return texts


def batch_body(texts: list[str]) -> bytes:
    decks = [{"id": str(i), "game": "neopets", "text": text} for i, text in enumerate(texts)]
    return json.dumps({"decks": decks}).encode()


def post(conn: http.client.HTTPConnection, path: str, body: bytes) -> tuple[int, bytes, float]:
    started = time.perf_counter()
    conn.request("POST", path, body=body, headers={"Content-Type": "application/json"})
    response = conn.getresponse()
    data = response.read()
    return response.status, data, time.perf_counter() - started


def worker_peak_rss_mb(master: int) -> float:
    """The largest peak resident set (VmHWM) among gunicorn's worker processes, in MB."""
    peaks = []
    for child in Path(f"/proc/{master}/task/{master}/children").read_text().split():
        for line in Path(f"/proc/{child}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                peaks.append(int(line.split()[1]) / 1024)
    return max(peaks)


def time_shares(database: str, body: bytes) -> dict[str, float]:
    """Seconds in each step of the batch, run in this process over the same database."""
    os.environ["DATABASE_URL"] = database
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "deckwarden.settings")
    import django

    django.setup()
    from rest_framework.renderers import JSONRenderer

    from api.validation.batch import batch_answer, read_batch_request
    from rulebook.registry import GAMES
    from rulebook.validate import resolve_and_check
    from rules.services.catalogue import catalogue
    from rules.services.formats import format_info
    from rules.services.pool import DatabasePool

    started = time.perf_counter()
    decks = read_batch_request(json.loads(body))
    parsed = time.perf_counter()
    catalogue.invalidate()
    pool = DatabasePool("neopets", [ref for deck in decks for ref in deck.request.entries])
    fmt = format_info(game="neopets")
    looked_up = time.perf_counter()
    reports = [
        resolve_and_check(GAMES["neopets"], deck.request.entries, pool, fmt)[1] for deck in decks
    ]
    checked = time.perf_counter()
    JSONRenderer().render(batch_answer(decks, reports))
    answered = time.perf_counter()
    return {
        "reading JSON and parsing decklists": parsed - started,
        "card lookup": looked_up - parsed,
        "rules": checked - looked_up,
        "building and rendering the answer": answered - checked,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--decks", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--port", type=int, default=None, help="Default: a free port.")
    args = parser.parse_args()

    database = os.environ.get("BENCH_DATABASE_URL", DEFAULT_DATABASE)
    env = server_env(database)
    create_database(database)
    prepare_database(env)
    texts = decklists(args.decks)
    body = batch_body(texts)
    port = args.port or free_port()
    server = start_gunicorn(env, port)
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        post(conn, "/api/v1/validate/batch/", batch_body(texts[:10]))  # warm up
        times, peaks = [], []
        for _ in range(args.repeats):
            status, data, seconds = post(conn, "/api/v1/validate/batch/", body)
            summary = expect(
                "POST /api/v1/validate/batch/",
                status,
                data,
                lambda answer: answer.get("summary", {}).get("decks") == args.decks,
            )["summary"]
            times.append(seconds)
            peaks.append(worker_peak_rss_mb(server.pid))
        singles_started = time.perf_counter()
        for text in texts:
            one = json.dumps({"game": "neopets", "text": text}).encode()
            status, data, _ = post(conn, "/api/v1/validate/", one)
            expect("POST /api/v1/validate/", status, data, lambda report: "legal" in report)
        singles = time.perf_counter() - singles_started
        conn.close()
    finally:
        server.terminate()
        server.wait(timeout=30)

    best, median = min(times), statistics.median(times)
    verdict = "meets" if best <= TARGET_SECONDS else "MISSES"
    print(
        f"batch of {args.decks:,} text decklists ({len(body) / 1e6:.1f} MB): best {best:.2f} s, "
        f"median {median:.2f} s ({verdict} <= {TARGET_SECONDS} s); "
        f"{summary['legal']:,} legal, {summary['illegal']:,} illegal; "
        f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    )
    print(f"worker peak RSS after each batch: {', '.join(f'{p:.0f} MB' for p in peaks)}")
    shares = time_shares(database, body)
    total = sum(shares.values())
    print(
        f"in-process, {total:.2f} s in all: "
        + ", ".join(f"{name} {s:.2f} s ({s / total:.0%})" for name, s in shares.items())
    )
    print(
        f"the same {args.decks:,} one by one through POST /validate/: {singles:.2f} s "
        f"({singles / best:.1f}x the batch)"
    )


if __name__ == "__main__":
    sys.exit(main())
