"""The deck doctor: rounds of paired games, each round's chunks written when the round before
it is complete, but those of the candidates sure to go on, written ahead while its last chunks
are played (`ahead`).

A doctor job's `decks` hold the deck, its opponents, then each candidate swap's deck, frozen at
submission (jobs.services.doctor); `doctor` holds the swaps, the field's weights and the rounds
so far, and `ahead` the rounds' parts written ahead (a round and the chunks' indices that play
it for those candidates; `barrier`, the first of them, until the round they follow is over).
The plan (rulebook.simulation.doctor) fixes every round's size before a game is played,
so the job's `games` and progress are known from the start. Which candidates go on to the next
round is read from the merged counts of every chunk so far, which merge exactly, so 1 worker or
40 give the same rounds and the same answer.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db.models import F

from jobs.models import SimulationChunk, SimulationJob
from rulebook.core import frozen
from rulebook.core.cards import CompiledCards
from rulebook.simulation import ChunkPlan, Engine, JobKind, engine_for
from rulebook.simulation.doctor import (
    DoctorStats,
    Field,
    Round,
    confirmation_round,
    doctor_result,
    next_rounds,
    planned_chunks,
    play_round_chunk,
    rounds_ahead,
    rounds_chunks,
    sure_to_go_on,
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
        part = _part_of(job, chunk)
        return play_round_chunk(
            engine,
            base,
            {index: candidates[index] for index in part.candidates},
            field,
            job_seed=job.seed,
            first_game=chunk.first_game,
            count=chunk.count,
            confirming=part.number == confirmation_round(len(candidates)),
            deck_counted=part.deck_counted,
        )

    def games(self, job: SimulationJob, chunk: SimulationChunk) -> int:
        """Each seed's games: the deck's own (unless a chunk written ahead counted it) and each
        of its candidates'."""
        part = _part_of(job, chunk)
        return chunk.count * (len(part.candidates) + part.deck_counted)

    def merge(self, job: SimulationJob, parts: Sequence[Mapping[str, Any]]) -> DoctorStats:
        return DoctorStats.merge_json(parts)

    looks_ahead = True

    def barrier(self, job_id: Any) -> int | None:
        """The first chunk written ahead for the next rounds, until those rounds are written."""
        barrier = SimulationJob.objects.filter(pk=job_id).values_list("doctor__barrier", flat=True)
        return barrier.first()

    def ahead(self, job: SimulationJob, merged: DoctorStats) -> Sequence[ChunkPlan]:
        """The next rounds' chunks for the candidates sure to go on to them whatever the games
        not recorded yet say (halving.sure_to_go_on), so no worker waits for the round's last
        chunks with nothing to play; the rest of those rounds follows once the round is over
        (`follow`). The same games, the same answer: only when they are played changes."""
        spec = job.doctor
        if spec.get("barrier") is not None:
            return ()  # written already
        candidates, budget = len(spec["swaps"]), spec["budget"]
        rounds = _rounds(job)
        sure = sure_to_go_on(rounds, merged, candidates, budget, job.seed)
        if not sure:
            return ()
        ahead = rounds_ahead(rounds[-1], sure, candidates, budget)
        start = SimulationChunk.objects.filter(job=job).count()
        # Of about the chunk size, not split further: they fill the workers' wait at a
        # round's end, and each chunk costs its task, claim and record (a tenth of a second of
        # wall time on a loaded machine, where 16 games of Neopets take half that).
        plans = rounds_chunks(ahead, job.chunk_size, at_least=1)
        # A round's chunks are written twice over (ahead, then the rest), so only while the
        # job keeps within its chunk limit with every later round's chunks still to come.
        later = planned_chunks(candidates, budget, job.chunk_size, ahead[0].number)
        if start + len(plans) + later > settings.DECKWARDEN_SIMULATION_MAX_CHUNKS:
            return ()
        for current in ahead:
            indices = [start + p.index for p in plans if _within(current, p.first_game)]
            spec.setdefault("ahead", []).append(
                {"round": current.as_json(), "chunks": [min(indices), max(indices) + 1]}
            )
        spec["barrier"] = start
        SimulationJob.objects.filter(pk=job.pk).update(doctor=spec)
        return plans

    def follow(self, job: SimulationJob, merged: DoctorStats) -> Sequence[ChunkPlan]:
        """The next rounds' chunks (the next, and the confirmation with the last selection
        round: halving.played_together), the rounds kept in the job's `doctor`; none after
        the last. A round of fewer candidates than planned (some ended every game alike, and
        one goes on for them) plays fewer games: the job's total says so. Candidates whose
        games of these rounds were written ahead (`ahead`) are not played again."""
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
        spec["barrier"] = None
        SimulationJob.objects.filter(pk=job.pk).update(doctor=spec, games=F("games") - unplayed)
        rest = []
        for current in following:
            played = _played_ahead(spec, current.number)
            if not played <= set(current.candidates):  # sure_to_go_on's promise broken
                raise RuntimeError(f"round {current.number}: {played} played ahead, not kept")
            others = tuple(c for c in current.candidates if c not in played)
            if others:
                rest.append(Round(current.number, current.first_game, current.seeds, others))
        return rounds_chunks(rest, job.chunk_size)

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


@dataclass(frozen=True)
class _Part:
    """What a chunk plays: the seeds of round `number`, for these candidates, and the deck's
    own games counted or not (not in a round's chunks written after some of its candidates'
    were written ahead: those counted them)."""

    number: int
    candidates: tuple[int, ...]
    deck_counted: bool


def _part_of(job: SimulationJob, chunk: SimulationChunk) -> _Part:
    spec = job.doctor
    for written in spec.get("ahead", ()):
        low, high = written["chunks"]
        if low <= chunk.index < high:
            current = Round.from_json(written["round"])
            return _Part(current.number, current.candidates, True)
    current = next(r for r in _rounds(job) if _within(r, chunk.first_game))
    played = _played_ahead(spec, current.number)
    others = tuple(c for c in current.candidates if c not in played)
    return _Part(current.number, others, not played)


def _within(current: Round, first_game: int) -> bool:
    return current.first_game <= first_game < current.first_game + current.seeds


def _played_ahead(spec: Mapping[str, Any], number: int) -> set[int]:
    """The candidates of round `number` whose games were written ahead of it."""
    return {
        candidate
        for written in spec.get("ahead", ())
        if written["round"]["number"] == number
        for candidate in written["round"]["candidates"]
    }


@functools.lru_cache(maxsize=8)
def _prepared(job_id: Any) -> tuple[Engine, Any, list[Any], Field]:
    """A doctor job's engine, prepared deck, candidates and field, kept per worker process
    (a job's decks are frozen and never change)."""
    job = SimulationJob.objects.select_related("game").get(pk=job_id)
    game = job.game.slug
    engine = engine_for(game)
    if engine is None:
        raise ValueError(f"no engine plays {game}")
    spec = job.doctor
    opponents = spec["opponents"]
    deck, *others = frozen.decks_thaw(game, job.decks)
    opponent_decks, swapped_decks = others[:opponents], others[opponents:]
    # The deck and its swaps share each card compiled once (they differ by a card or two, and
    # never meet in a game); the field's decks are compiled on their own, as a test game's.
    compiled = CompiledCards[Any]()
    swaps = [engine.prepare(swapped, compiled) for swapped in swapped_decks]
    field = Field(
        tuple(engine.prepare(opponent) for opponent in opponent_decks),
        tuple(spec["weights"]),
        spec["table"],
    )
    return engine, engine.prepare(deck, compiled), swaps, field
