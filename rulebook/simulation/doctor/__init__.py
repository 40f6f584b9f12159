"""The deck doctor: which card swaps make a deck win more, by paired test games.

Plain Python, no Django. Candidate swaps (given, or generated from a pool keeping the deck
legal: `swaps`) play paired games against a field on common seeds, allocated by successive
halving (`halving`, which states the method and its stopping rule) ending in a confirmation
round on fresh seeds; which swaps the answer calls better or worse holds for the whole answer
(`verdicts`); each chunk of a round counts integers (`tally`) that merge exactly, so the same
seed gives the same answer whatever the number of workers (`run`).
"""

from .halving import (
    BudgetTooSmall,
    Round,
    confirmation_round,
    first_round,
    looks_z,
    next_round,
    next_rounds,
    planned_games,
    played_together,
    ranking,
    rounds_ahead,
    sure_to_go_on,
    survivors_by_round,
)
from .run import (
    Field,
    chunk_games_within,
    doctor_result,
    doctor_run,
    field_problem,
    planned_chunks,
    play_round_chunk,
    plays_table,
    round_chunks,
    rounds_chunks,
)
from .swaps import Swap, SwapProblem, apply_swap, candidate_swaps, copies_held
from .tally import DoctorStats, SwapTally

__all__ = [
    "BudgetTooSmall",
    "DoctorStats",
    "Field",
    "Round",
    "Swap",
    "SwapProblem",
    "SwapTally",
    "apply_swap",
    "candidate_swaps",
    "chunk_games_within",
    "confirmation_round",
    "copies_held",
    "doctor_result",
    "doctor_run",
    "field_problem",
    "first_round",
    "looks_z",
    "next_round",
    "next_rounds",
    "planned_chunks",
    "planned_games",
    "play_round_chunk",
    "played_together",
    "plays_table",
    "ranking",
    "round_chunks",
    "rounds_ahead",
    "rounds_chunks",
    "sure_to_go_on",
    "survivors_by_round",
]
