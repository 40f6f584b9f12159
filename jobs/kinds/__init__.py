"""Every kind of job, each declared once as a handler (jobs.kinds.base.JobHandler): how its
chunks are planned, how one chunk is played, how chunk results merge, what follows, and the
result. A new kind is a handler here and its `JobKind` (rulebook.simulation); nothing registers
itself on import.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulebook.simulation import JobKind

from .base import JobHandler, Stats
from .doctor import DOCTOR
from .games import CARD_TEST, MATCH, TABLE

if TYPE_CHECKING:
    from jobs.models import SimulationJob

HANDLERS: dict[JobKind, JobHandler] = {
    handler.kind: handler for handler in (MATCH, TABLE, CARD_TEST, DOCTOR)
}


def handler_for(job: SimulationJob) -> JobHandler:
    """The handler of the job's kind."""
    return HANDLERS[JobKind(job.kind)]


__all__ = ["HANDLERS", "JobHandler", "Stats", "handler_for"]
