"""Record the golden playthroughs afresh: `python -m tests.golden` (only for a change that means
to change play; say so in its commit); `python -m tests.golden metazoo` records only the engines
named, so a new engine's goldens leave the others' files as they are."""

import sys

from .engines import GOLDENS
from .playthroughs import record

named = set(sys.argv[1:])
record([golden for golden in GOLDENS if not named or golden.slug in named])
