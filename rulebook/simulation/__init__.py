"""Test games between decks, in chunks that any number of workers can run.

Plain Python, no Django: `run_chunk` plays a chunk's games and returns its `ChunkStats`, per
seat; chunk stats merge (associatively and commutatively) into the job's, and
`ChunkStats.result()` gives the figures the API answers, with Wilson 95% intervals. Game i of a
job is seeded from (job seed, i) alone, so the result never depends on how the games were split
or who played them.
"""

from .chunks import SAMPLE_GAME, ChunkPlan, plan_chunks, run_chunk, run_job_chunk
from .engines import ENGINES, Engine, engine_for
from .paired import PairedStats, stats_type
from .seeds import game_seed, new_job_seed
from .stats import ChunkStats
from .wilson import wilson_interval

__all__ = [
    "ENGINES",
    "SAMPLE_GAME",
    "ChunkPlan",
    "ChunkStats",
    "Engine",
    "PairedStats",
    "engine_for",
    "game_seed",
    "new_job_seed",
    "plan_chunks",
    "run_chunk",
    "run_job_chunk",
    "stats_type",
    "wilson_interval",
]
