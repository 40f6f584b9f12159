"""`python -m bench [NAME...] [OPTION...]`: every benchmark (or the named ones), each in its own
process, the options passed on to each named one (`python -m bench search --database mine`).

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


def main(arguments: list[str]) -> int:
    names, options = _names_and_options(arguments)
    unknown = sorted(set(names) - set(BENCHMARKS))
    if unknown:
        print(f"unknown benchmark(s): {', '.join(unknown)}; choose from {', '.join(BENCHMARKS)}")
        return 2
    if options and not names:
        # Each benchmark has options of its own: one would refuse another's.
        print(f"name the benchmark(s) the options {' '.join(options)} are for")
        return 2
    env = {**os.environ}
    env.setdefault("DATABASE_URL", LOCAL_POSTGRES)
    failed = []
    for name in names or BENCHMARKS:
        print(f"\n=== bench.{name} ===", flush=True)
        if subprocess.run([sys.executable, "-m", f"bench.{name}", *options], env=env).returncode:
            failed.append(name)
    if failed:
        print(f"\nfailed: {', '.join(failed)}")
    return 1 if failed else 0


def _names_and_options(arguments: list[str]) -> tuple[list[str], list[str]]:
    """The benchmarks named, then the options from the first argument that starts with `-`."""
    first_option = next(
        (at for at, argument in enumerate(arguments) if argument.startswith("-")), len(arguments)
    )
    return arguments[:first_option], arguments[first_option:]


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
