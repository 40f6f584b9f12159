"""Matches, tables and card tests: N games split into chunks of consecutive games, all written
at submission; the last chunk recorded merges them all into the job's result.

Game i of a job is seeded from (job seed, i) alone (rulebook.simulation), so the result never
depends on how the games were split or who played them.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from jobs.models import SimulationChunk, SimulationJob
from rulebook.core import frozen
from rulebook.simulation import (
    ChunkPlan,
    Engine,
    JobKind,
    engine_for,
    plan_chunks,
    run_job_chunk,
    stats_type,
)

from .base import JobHandler, Stats


@dataclass(frozen=True)
class GamesHandler(JobHandler):
    """A job of `games` games in chunks of `chunk_size`, counted in its kind's statistics
    (rulebook.simulation.stats_type: ChunkStats, TableStats, PairedStats)."""

    kind: JobKind

    def plan(self, job: SimulationJob) -> Sequence[ChunkPlan]:
        return plan_chunks(job.games, job.chunk_size)

    def play(self, job: SimulationJob, chunk: SimulationChunk) -> Stats:
        engine, decks = _prepared(job.pk)
        return run_job_chunk(
            engine,
            self.kind,
            decks,
            job_seed=job.seed,
            first_game=chunk.first_game,
            count=chunk.count,
            options=job.options,
        )

    def merge(self, job: SimulationJob, parts: Sequence[Mapping[str, Any]]) -> Any:
        stats = stats_type(self.kind)
        return stats.merge_all([stats.from_json(part) for part in parts])

    def result(self, job: SimulationJob, merged: Any) -> dict[str, Any]:
        return merged.result()


MATCH = GamesHandler(JobKind.MATCH)
TABLE = GamesHandler(JobKind.TABLE)
CARD_TEST = GamesHandler(JobKind.CARD_TEST)


@functools.lru_cache(maxsize=16)
def _prepared(job_id: Any) -> tuple[Engine, list[Any]]:
    """A job's engine and prepared decks, kept per worker process for all its chunks.

    Safe to keep: a job's decks are frozen at submission and never change.
    """
    job = SimulationJob.objects.select_related("game").get(pk=job_id)
    game = job.game.slug
    engine = engine_for(game)
    if engine is None:
        raise ValueError(f"no engine plays {game}")
    return engine, [engine.prepare(frozen.deck_thaw(game, deck)) for deck in job.decks]
