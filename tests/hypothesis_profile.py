"""The suite's Hypothesis settings, loaded on import: by tests/conftest.py for every run, and as
a plugin (`-p tests.hypothesis_profile`) by runs that leave that conftest and Django out, as the
mutation runs of the rules library do (bench/mutants.py)."""

import os

from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings

# The suite runs on a 2-core machine beside a browser, workers and a second test process: an
# example that is slow there is load, not a bug, so property tests have no time limit. CI
# (CI=true) draws the same examples for the same code, so a submission is judged by what it
# changed, not by a lucky draw; developers' runs explore afresh each time and keep what fails
# in .hypothesis/ to replay.
hypothesis_settings.register_profile(
    "deckwarden",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=os.environ.get("CI") == "true",
)
hypothesis_settings.load_profile("deckwarden")
