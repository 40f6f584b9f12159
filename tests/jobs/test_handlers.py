"""Each kind of job is declared once, as a handler the life cycle runs (jobs.kinds)."""

from __future__ import annotations

from jobs.kinds import HANDLERS
from jobs.models import SimulationJob
from rulebook.simulation import JobKind


def test_every_kind_a_job_may_be_has_the_one_handler_that_plays_it():
    """A kind without a handler would be a job accepted and never played; a kind the model
    does not offer, a handler no job can reach."""
    assert set(HANDLERS) == set(JobKind) == set(SimulationJob.Kind.values)
    assert all(kind is handler.kind for kind, handler in HANDLERS.items())
