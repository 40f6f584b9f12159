"""What a job is, said by the job itself, never read from how many decks it has.

- a `match`: two decks, one game after another between them (ChunkStats);
- a `table`: 2 to 5 decks at one table, for a game that seats that many (ChunkStats, per seat);
- a `card_test`: three decks, the deck with a card, without it, and the reference each plays on
  the same seeds ("test this card": PairedStats).

An engine says which kinds it plays (rulebook.simulation.engines); `job_problem` says why a job
cannot be played, before anything is kept.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

from rulebook.core.game_loop import describe_seats

from .paired import PairedStats
from .stats import ChunkStats

if TYPE_CHECKING:
    from .engines import Engine


class JobKind(StrEnum):
    MATCH = "match"
    TABLE = "table"
    CARD_TEST = "card_test"


# How many decks a job of each kind has.
JOB_DECKS = {
    JobKind.MATCH: range(2, 3),
    JobKind.TABLE: range(2, 6),
    JobKind.CARD_TEST: range(3, 4),
}

_STATS: dict[JobKind, type[ChunkStats] | type[PairedStats]] = {
    JobKind.MATCH: ChunkStats,
    JobKind.TABLE: ChunkStats,
    JobKind.CARD_TEST: PairedStats,
}

# How many players each game of a job seats: a card test's games are matches.
_SEATED = {JobKind.CARD_TEST: 2, JobKind.MATCH: 2}


def stats_type(kind: JobKind) -> type[ChunkStats] | type[PairedStats]:
    """The statistics a job of this kind keeps and merges."""
    return _STATS[kind]


def job_problem(engine: Engine, kind: JobKind, decks: int) -> str | None:
    """Why this engine cannot play a job of this kind with this many decks; None if it can."""
    if kind not in engine.kinds:
        kinds = ", ".join(sorted(engine.kinds))
        return f"this game's engine plays these kinds of job: {kinds}; not a {kind}"
    if decks not in JOB_DECKS[kind]:
        wanted = JOB_DECKS[kind]
        count = f"{wanted.start}" if len(wanted) == 1 else f"{wanted.start} to {wanted.stop - 1}"
        return f"a {kind} is played with {count} decks, not {decks}"
    seated = _SEATED.get(kind, decks)
    if seated not in engine.seats:
        return f"{describe_seats(engine.seats)}, not {seated}"
    return None
