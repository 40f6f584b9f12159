"""Record the golden playthroughs afresh: `python -m tests.golden [slug...]` (every engine's, or
the named ones'; only for a change that means to change play, or a new engine; say so in its
commit)."""

import sys

from .engines import GOLDENS
from .playthroughs import record

record(golden for golden in GOLDENS if not sys.argv[1:] or golden.slug in sys.argv[1:])
