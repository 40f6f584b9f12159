"""Record the golden playthroughs afresh: `python -m tests.golden` (only for a change that means
to change play; say so in its commit)."""

from .engines import GOLDENS
from .playthroughs import record

record(GOLDENS)
