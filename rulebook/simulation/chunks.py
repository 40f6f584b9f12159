"""Splitting a job into chunks of games, and playing one chunk."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .engines import Engine, job_problem
from .kinds import SEATED_STATS, JobKind
from .paired import PairedStats
from .seeds import game_seed
from .stats import ChunkStats

# The game whose full event log the result carries as its sample.
SAMPLE_GAME = 0


@dataclass(frozen=True, slots=True)
class ChunkPlan:
    """Chunk `index` plays games first_game .. first_game + count - 1 of its job."""

    index: int
    first_game: int
    count: int


def plan_chunks(games: int, chunk_size: int) -> list[ChunkPlan]:
    """Consecutive chunks of `chunk_size` games covering games 0 .. games - 1."""
    if games < 1 or chunk_size < 1:
        raise ValueError("games and chunk_size must be positive")
    return [
        ChunkPlan(index, first, min(chunk_size, games - first))
        for index, first in enumerate(range(0, games, chunk_size))
    ]


def run_chunk(
    engine: Engine,
    *decks: Any,
    job_seed: int,
    first_game: int,
    count: int,
    stats_class: type[ChunkStats] = ChunkStats,
    options: Mapping[str, Any] | None = None,
) -> ChunkStats:
    """Play games first_game .. first_game + count - 1 of a job between prepared decks, one a
    seat (a match's two, a table's 2 to 5), counted in `stats_class` (a table's: TableStats).

    Each game's seed depends only on the job's seed and the game's number, so any worker can play
    any chunk, in any order, and the merged statistics are the same.
    """
    stats = stats_class.for_seats(len(decks))
    for number in range(first_game, first_game + count):
        seed = game_seed(job_seed, number)
        outcome = engine.play(decks, seed, record_log=number == SAMPLE_GAME, **(options or {}))
        stats.add(outcome, number=number, seed=seed)
    return stats


def run_paired_chunk(
    engine: Engine,
    with_card: Any,
    without_card: Any,
    reference: Any,
    *,
    job_seed: int,
    first_game: int,
    count: int,
) -> PairedStats:
    """Games first_game .. first_game + count - 1 of a paired comparison: game i of the deck
    with the card and game i of the deck without it, against the reference, on one seed."""
    stats = PairedStats()
    for number in range(first_game, first_game + count):
        seed = game_seed(job_seed, number)
        log = number == SAMPLE_GAME
        played = engine.play((with_card, reference), seed, record_log=log)
        unplayed = engine.play((without_card, reference), seed, record_log=log)
        stats.add(played, unplayed, number=number, seed=seed)
    return stats


def run_job_chunk(
    engine: Engine,
    kind: JobKind,
    decks: list[Any],
    *,
    job_seed: int,
    first_game: int,
    count: int,
    options: Mapping[str, Any] | None = None,
) -> ChunkStats | PairedStats:
    """A chunk of a job of this kind: a match or a table (run_chunk), or a card test's pairs
    (run_paired_chunk), with the engine's options the job chose. ValueError when the engine
    cannot play such a job."""
    problem = job_problem(engine, kind, len(decks))
    if problem is not None:
        raise ValueError(problem)
    if kind is JobKind.CARD_TEST:
        return run_paired_chunk(
            engine, *decks, job_seed=job_seed, first_game=first_game, count=count
        )
    return run_chunk(
        engine,
        *decks,
        job_seed=job_seed,
        first_game=first_game,
        count=count,
        stats_class=SEATED_STATS[kind],
        options=options,
    )
