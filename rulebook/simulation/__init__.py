"""Test games between decks, in chunks that any number of workers can run.

Plain Python, no Django: a job says what it is (`JobKind`: a match, a table, a card test);
`run_job_chunk` plays a chunk of its games and returns its statistics (`ChunkStats`, or
`PairedStats` for a card test); chunk statistics merge (associatively and commutatively) into
the job's, and `result()` gives the figures the API answers, with Wilson 95% intervals. Game i
of a job is seeded from (job seed, i) alone, so the result never depends on how the games were
split or who played them.
"""

from .chunks import SAMPLE_GAME, ChunkPlan, plan_chunks, run_chunk, run_job_chunk
from .engines import ENGINES, Engine, decks_kind, engine_for, job_problem, option_problem
from .kinds import JOB_DECKS, JobKind, stats_type
from .paired import PairedStats
from .seeds import game_seed, new_job_seed
from .stats import ChunkStats
from .wilson import wilson_interval

__all__ = [
    "ENGINES",
    "JOB_DECKS",
    "SAMPLE_GAME",
    "ChunkPlan",
    "ChunkStats",
    "Engine",
    "JobKind",
    "PairedStats",
    "decks_kind",
    "engine_for",
    "game_seed",
    "job_problem",
    "new_job_seed",
    "option_problem",
    "plan_chunks",
    "run_chunk",
    "run_job_chunk",
    "stats_type",
    "wilson_interval",
]
