"""Seeds: every game's seed comes from the job's seed and the game's number, nothing else."""

from __future__ import annotations

import hashlib
import secrets

# Seeds are stored in a signed 64-bit column, so they stay below 2**63.
MAX_SEED = 2**63 - 1


def game_seed(job_seed: int, game: int) -> int:
    """The seed of game number `game` (0-based) of a job seeded with `job_seed`.

    A hash rather than `job_seed + game`, so that neighbouring jobs (seed 1 and seed 2) do not
    share all but one of their games.
    """
    digest = hashlib.blake2b(f"{job_seed}/{game}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") & MAX_SEED


def new_job_seed() -> int:
    """A fresh random seed for a job submitted without one; the job reports it for replays."""
    return secrets.randbelow(MAX_SEED + 1)
