"""What every benchmark shares so that it measures what it says it measures.

A benchmark is one client sending as fast as it can, so rate limits are off in its process and
in the servers it starts (a 429 would time the limiter, and the limits' counts are shared with
every server on the machine through the file cache). And an answer other than the one measured
(a 429, a 500, an empty or wrong body) is never a measurement: the benchmark stops there, loudly,
naming the request and what came back (issue 14: some died on a 429 mid-run, one printed OK).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from typing import Any

UNTHROTTLED = {
    "DECKWARDEN_THROTTLE_ANON": "",
    "DECKWARDEN_THROTTLE_USER": "",
    "DECKWARDEN_THROTTLE_LOGIN": "",
}


def run_unthrottled() -> None:
    """Turn the rate limits off for Django started in this process (call before setup)."""
    os.environ.update(UNTHROTTLED)


class WrongAnswer(SystemExit):
    """A request answered something other than what the benchmark measures (exit status 1)."""


def expect(
    what: str, status: int, body: bytes, is_measured: Callable[[Any], bool], *, wanted: int = 200
) -> Any:
    """The JSON answer, when it is HTTP `wanted` and `is_measured` accepts it; else WrongAnswer."""
    if status != wanted:
        raise WrongAnswer(f"{what} answered HTTP {status}, not {wanted}: {body[:300]!r}")
    try:
        data = json.loads(body)
    except ValueError:
        raise WrongAnswer(f"{what} answered a body that is not JSON: {body[:300]!r}") from None
    if not is_measured(data):
        raise WrongAnswer(f"{what} answered something other than it measures: {body[:300]!r}")
    return data
