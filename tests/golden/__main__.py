"""Record the golden playthroughs afresh: `python -m tests.golden` (only for a change that means
to change play; say so in its commit); `python -m tests.golden metazoo` records only the engines
named, so a new engine's goldens leave the others' files as they are.

`python -m tests.golden --jobs [engine ...]` records only the jobs' results, from the stored
decks, and refuses if any stored game plays differently: for a change to what a job reports
(a statistic, an interval) that must not change one game.

`python -m tests.golden --records [engine ...]` records the games' record digests and the jobs'
results from the stored decks, and refuses if any stored game's log, turns, first player or
winner changes: for a change to what a record states beyond play (its `simplifications`).

`python -m tests.golden --texts [engine ...]` writes the playthroughs a person reads
(tests/golden/texts/) afresh from the stored decks: with the digests, after a change of play."""

import sys

from .engines import GOLDENS
from .playthroughs import record, record_jobs, record_records
from .texts import record_texts

arguments = sys.argv[1:]
named = set(arguments) - {"--jobs", "--records", "--texts"}
chosen = [golden for golden in GOLDENS if not named or golden.slug in named]
if "--texts" in arguments:
    record_texts(chosen)
elif "--jobs" in arguments:
    record_jobs(chosen)
elif "--records" in arguments:
    record_records(chosen)
else:
    record(chosen)
    record_texts(chosen)
