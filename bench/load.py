"""`python -m bench load`: requests per second of the HTTP service under load (issue 15).

    .venv/bin/python -m bench.load [--seconds 10] [--requests 20000] [--clients 4] [--workers 2]

One gunicorn (`--workers` sync workers, production settings, DEBUG off, rate limits off: every
simulated client is one address) on a free 127.0.0.1 port, over a migrated PostgreSQL bench
database with the sample cards (BENCH_DATABASE_URL, as bench.validate). In one run, each for
at most `--seconds` and `--requests`, with `--clients` concurrent HTTP/1.1 clients:

- GET /api/v1/health/live/: the trivial endpoint, the floor;
- GET /api/v1/health/: readiness, which asks the database, the cache and the broker;
- POST /api/v1/validate/: a legal 50-card Neopets deck of 20 distinct cards.

Prints requests/s, p50 and p95 of each and validate's share of the floor. Loopback only;
gunicorn is stopped at the end.
"""

from __future__ import annotations

import argparse
import os
import sys

from .validate import (
    DEFAULT_DATABASE,
    create_database,
    drive,
    free_port,
    get,
    post_validate,
    prepare_database,
    server_env,
    start_gunicorn,
    validate_body,
)

ENDPOINTS = (
    ("GET /api/v1/health/live/", get("/api/v1/health/live/")),
    ("GET /api/v1/health/", get("/api/v1/health/")),
    ("POST /api/v1/validate/", post_validate(validate_body())),
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--requests", type=int, default=20_000)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()

    database = os.environ.get("BENCH_DATABASE_URL", DEFAULT_DATABASE)
    env = server_env(database)
    create_database(database)
    prepare_database(env)
    port = free_port()
    server = start_gunicorn(env, port, workers=args.workers)
    figures = {}
    try:
        for label, request in ENDPOINTS:
            drive(port, request, 1, args.clients, limit=200)  # warm every worker up
            figures[label] = drive(port, request, args.seconds, args.clients, args.requests)
    finally:
        server.terminate()
        server.wait(timeout=30)
    print(
        f"gunicorn, {args.workers} sync workers, {args.clients} clients, 127.0.0.1, "
        f"load average {os.getloadavg()[0]:.1f}"
    )
    for label, result in figures.items():
        print(
            f"{label:26s} {result['rps']:8,.0f} req/s  p50 {result['p50_ms']:6.1f} ms  "
            f"p95 {result['p95_ms']:6.1f} ms  ({result['requests']:,} requests, "
            f"{result['failures']} failed)"
        )
    floor = figures[ENDPOINTS[0][0]]["rps"]
    print(f"validate: {figures[ENDPOINTS[2][0]]['rps'] / floor:.0%} of the trivial endpoint's rate")
    return 1 if any(result["failures"] for result in figures.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
