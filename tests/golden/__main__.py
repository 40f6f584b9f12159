"""Record the golden playthroughs afresh: `python -m tests.golden` (only for a change that means
to change play; say so in its commit); `python -m tests.golden metazoo` records only the engines
named, so a new engine's goldens leave the others' files as they are.

`python -m tests.golden --jobs [engine ...]` records only the jobs' results, from the stored
decks, and refuses if any stored game plays differently: for a change to what a job reports
(a statistic, an interval) that must not change one game."""

import sys

from .engines import GOLDENS
from .playthroughs import record, record_jobs

arguments = sys.argv[1:]
jobs_only = "--jobs" in arguments
named = set(arguments) - {"--jobs"}
chosen = [golden for golden in GOLDENS if not named or golden.slug in named]
(record_jobs if jobs_only else record)(chosen)
