"""The deck doctor: rounds of paired games, each round's chunks written when the round before
it is complete.

A doctor job's `decks` hold the deck, its opponents, then each candidate swap's deck, frozen at
submission (jobs.services.doctor); `doctor` holds the swaps, the field's weights and the rounds
so far. The plan (rulebook.simulation.doctor) fixes every round's size before a game is played,
so the job's `games` and progress are known from the start. Which candidates go on to the next
round is read from the merged counts of every chunk so far, which merge exactly, so 1 worker or
40 give the same rounds and the same answer.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from django.db.models import F

from jobs.models import SimulationChunk, SimulationJob
from rulebook.core import frozen
from rulebook.simulation import ChunkPlan, Engine, JobKind, engine_for
from rulebook.simulation.doctor import (
    DoctorStats,
    Field,
    Round,
    confirmation_round,
    doctor_result,
    next_rounds,
    play_round_chunk,
    rounds_chunks,
    survivors_by_round,
)

from .base import JobHandler


class DoctorHandler(JobHandler):
    """A chunk plays a run of seeds of its round: on each seed, the deck's game and each of
    the round's candidates' (a paired comparison against the field)."""

    kind = JobKind.DOCTOR

    def plan(self, job: SimulationJob) -> Sequence[ChunkPlan]:
        """The rounds written at submission (the first, and the confirmation with it when the
        first is the last selection round)."""
        return rounds_chunks(_rounds(job), job.chunk_size)

    def play(self, job: SimulationJob, chunk: SimulationChunk) -> DoctorStats:
        engine, base, candidates, field = _prepared(job.pk)
        current = _round_of(job, chunk)
        return play_round_chunk(
            engine,
            base,
            {index: candidates[index] for index in current.candidates},
            field,
            job_seed=job.seed,
            first_game=chunk.first_game,
            count=chunk.count,
            confirming=current.number == confirmation_round(len(candidates)),
        )

    def games(self, job: SimulationJob, chunk: SimulationChunk) -> int:
        """Each seed's games: the deck's own and each candidate's of its round."""
        return chunk.count * (len(_round_of(job, chunk).candidates) + 1)

    def merge(self, job: SimulationJob, parts: Sequence[Mapping[str, Any]]) -> DoctorStats:
        return DoctorStats.merge_json(parts)

    def follow(self, job: SimulationJob, merged: DoctorStats) -> Sequence[ChunkPlan]:
        """The next rounds' chunks (the next, and the confirmation with the last selection
        round: halving.played_together), the rounds kept in the job's `doctor`; none after
        the last. A round of fewer candidates than planned (some ended every game alike, and
        one goes on for them) plays fewer games: the job's total says so."""
        spec = job.doctor
        candidates = len(spec["swaps"])
        following = next_rounds(_rounds(job)[-1], merged, candidates, spec["budget"], job.seed)
        if not following:
            return ()
        spec["rounds"].extend(r.as_json() for r in following)
        unplayed = sum(
            r.seeds * (survivors_by_round(candidates)[r.number] - len(r.candidates))
            for r in following
        )
        SimulationJob.objects.filter(pk=job.pk).update(doctor=spec, games=F("games") - unplayed)
        return rounds_chunks(following, job.chunk_size)

    def result(self, job: SimulationJob, merged: DoctorStats) -> dict[str, Any]:
        spec = job.doctor
        result = doctor_result(
            _rounds(job), merged, spec["swaps"], table=spec["table"], seed=job.seed
        )
        engine = engine_for(job.game.slug)
        return {**result, "policy": engine.policy if engine else ""}


DOCTOR = DoctorHandler()


def _rounds(job: SimulationJob) -> list[Round]:
    return [Round.from_json(data) for data in job.doctor["rounds"]]


def _round_of(job: SimulationJob, chunk: SimulationChunk) -> Round:
    first = chunk.first_game
    return next(r for r in _rounds(job) if r.first_game <= first < r.first_game + r.seeds)


@functools.lru_cache(maxsize=8)
def _prepared(job_id: Any) -> tuple[Engine, Any, list[Any], Field]:
    """A doctor job's engine, prepared deck, candidates and field, kept per worker process
    (a job's decks are frozen and never change)."""
    job = SimulationJob.objects.select_related("game").get(pk=job_id)
    game = job.game.slug
    engine = engine_for(game)
    if engine is None:
        raise ValueError(f"no engine plays {game}")
    decks = [engine.prepare(frozen.deck_thaw(game, deck)) for deck in job.decks]
    spec = job.doctor
    opponents = spec["opponents"]
    field = Field(tuple(decks[1 : 1 + opponents]), tuple(spec["weights"]), spec["table"])
    return engine, decks[0], decks[1 + opponents :], field
