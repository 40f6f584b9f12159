"""What a kind of job must say, once, for the life cycle to run it (jobs.services.chunks).

The life cycle knows nothing of matches, tables, card tests or the doctor: it writes the chunks
a job's handler plans, has a worker play each with the handler, and once every chunk written is
recorded asks the handler to merge their statistics and say what follows: more chunks (the
doctor's next round), or nothing, and then the job finishes with the handler's result.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from rulebook.simulation import ChunkPlan, JobKind

if TYPE_CHECKING:
    from jobs.models import SimulationChunk, SimulationJob


class Stats(Protocol):
    """A chunk's statistics, as every kind's are (ChunkStats, TableStats, PairedStats,
    DoctorStats): stored as JSON on the chunk, merged in index order."""

    def as_json(self) -> Any: ...


class JobHandler(ABC):
    """How a kind of job is planned, played, merged and described: one instance a kind, named
    in jobs.kinds.HANDLERS."""

    kind: JobKind
    # Whether `ahead` may give chunks (else the life cycle does not merge to ask it).
    looks_ahead = False

    @abstractmethod
    def plan(self, job: SimulationJob) -> Sequence[ChunkPlan]:
        """The chunks written when the job is submitted (the job is saved, its chunks not)."""

    @abstractmethod
    def play(self, job: SimulationJob, chunk: SimulationChunk) -> Stats:
        """Play one chunk: its statistics. No database work (a worker runs it while its claim
        is renewed), so the same chunk played twice gives the same statistics."""

    def games(self, job: SimulationJob, chunk: SimulationChunk) -> int:
        """The games a recorded chunk adds to the job's progress (`done`, out of `games`)."""
        return chunk.count

    @abstractmethod
    def merge(self, job: SimulationJob, parts: Sequence[Mapping[str, Any]]) -> Any:
        """Every recorded chunk's statistics (their JSON, in index order) merged into one."""

    def barrier(self, job_id: Any) -> int | None:
        """The first chunk written ahead (`ahead`) that the job's next step does not wait for:
        it follows once every chunk before this one is recorded. None: every chunk written.
        Read in the recording chunk's transaction, with the job's row locked."""
        return None

    def ahead(self, job: SimulationJob, merged: Any) -> Sequence[ChunkPlan]:
        """Chunks that can start before every chunk written is recorded, given the statistics
        of those recorded so far (`merged`), without changing what follows or the answer: asked
        when no chunk written waits for a worker, so the workers need not wait at the step's
        end; their indices counted from 0, as `follow`'s. Called in a chunk's transaction with
        the job's row locked."""
        return ()

    def follow(self, job: SimulationJob, merged: Any) -> Sequence[ChunkPlan]:
        """The chunks that follow once every chunk written is recorded, their indices counted
        from 0 (the life cycle numbers them after those written); none when the job is done.
        Called in the last chunk's transaction with the job's row locked, so exactly once."""
        return ()

    @abstractmethod
    def result(self, job: SimulationJob, merged: Any) -> dict[str, Any]:
        """The finished job's result (JSON), as the API and the site show it."""
