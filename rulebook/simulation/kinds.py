"""What a job is, said by the job itself, never read from how many decks it has.

- a `match`: two decks, one game after another between them (ChunkStats);
- a `table`: 2 to 5 decks at one table, for a game that seats that many (TableStats: a match's
  figures per seat, with each deck's placements);
- a `card_test`: three decks, the deck with a card, without it, and the reference each plays on
  the same seeds ("test this card": PairedStats);
- a `doctor` job: the deck, its field and candidate swaps, played in rounds of paired games
  (rulebook.simulation.doctor, DoctorStats); its rounds are planned there, not by JOB_DECKS.

An engine says which kinds it plays, and `job_problem` (rulebook.simulation.engines) why a job
cannot be played, before anything is kept.
"""

from __future__ import annotations

from rulebook.core.engine import JobKind

from .paired import PairedStats
from .stats import ChunkStats
from .table import TableStats

__all__ = ["JOB_DECKS", "SEATED", "JobKind", "stats_type"]

# How many decks a job of each kind has.
JOB_DECKS = {
    JobKind.MATCH: range(2, 3),
    JobKind.TABLE: range(2, 6),
    JobKind.CARD_TEST: range(3, 4),
}

# The statistics of the kinds whose games are counted seat by seat (run_chunk), and of all.
SEATED_STATS: dict[JobKind, type[ChunkStats]] = {
    JobKind.MATCH: ChunkStats,
    JobKind.TABLE: TableStats,
}
_STATS: dict[JobKind, type[ChunkStats] | type[PairedStats]] = {
    **SEATED_STATS,
    JobKind.CARD_TEST: PairedStats,
}

# How many players each game of a job seats: a card test's games are matches.
SEATED = {JobKind.CARD_TEST: 2, JobKind.MATCH: 2}


def stats_type(kind: JobKind) -> type[ChunkStats] | type[PairedStats]:
    """The statistics a job of this kind keeps and merges."""
    return _STATS[kind]
