"""Splitting a job into chunks of games, and playing one chunk."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .engines import Engine
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
    engine: Engine, deck_a: Any, deck_b: Any, *, job_seed: int, first_game: int, count: int
) -> ChunkStats:
    """Play games first_game .. first_game + count - 1 of a job between two prepared decks.

    Each game's seed depends only on the job's seed and the game's number, so any worker can play
    any chunk, in any order, and the merged statistics are the same.
    """
    stats = ChunkStats()
    for number in range(first_game, first_game + count):
        seed = game_seed(job_seed, number)
        record = engine.play(deck_a, deck_b, seed, record_log=number == SAMPLE_GAME)
        stats.add(record, number=number, seed=seed)
    return stats
