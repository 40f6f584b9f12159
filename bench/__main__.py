"""`python -m bench [NAME...]`: every benchmark (or the named ones), each in its own process.

Each benchmark configures Django (or not) for itself, so they run one after another as
`python -m bench.<name>`. The database ones need PostgreSQL: DATABASE_URL defaults here to the
local server, as on a developer's machine and in CI.
"""

from __future__ import annotations

import os
import subprocess
import sys

BENCHMARKS = (
    "engine", "keeper", "metazoo", "simulate", "jobs", "odds", "validate", "batch", "search",
    "suggestions", "load", "legal_list", "millennium_blades", "doctor", "seats", "swiss",
    "curation", "collection", "proxies", "play",
)  # fmt: skip
LOCAL_POSTGRES = "postgres://postgres@127.0.0.1:5432/deckwarden"


def main(names: list[str]) -> int:
    unknown = sorted(set(names) - set(BENCHMARKS))
    if unknown:
        print(f"unknown benchmark(s): {', '.join(unknown)}; choose from {', '.join(BENCHMARKS)}")
        return 2
    env = {**os.environ}
    env.setdefault("DATABASE_URL", LOCAL_POSTGRES)
    failed = []
    for name in names or BENCHMARKS:
        print(f"\n=== bench.{name} ===", flush=True)
        if subprocess.run([sys.executable, "-m", f"bench.{name}"], env=env).returncode:
            failed.append(name)
    if failed:
        print(f"\nfailed: {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
