"""Playing the doctor's games: the field a deck faces, a chunk of a round, a whole run in one
process (for the command line, tests and the benchmark), and the result."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..chunks import plan_chunks
from ..engines import Engine
from ..kinds import JobKind
from ..seeds import MAX_SEED, game_seed
from .halving import LEVEL, Round, first_round, looks_z, next_round, ranking
from .tally import DoctorStats, SwapTally

DECIMALS = 4


@dataclass(frozen=True)
class Field:
    """Whom the deck plays. For a game of matches, one opponent a game, drawn by weight from the
    game's seed; for a game played at a table (an engine that plays tables, not matches), every
    opponent at once: the field is the other decks at the table."""

    opponents: tuple[Any, ...]
    weights: tuple[float, ...]
    table: bool

    def seats(self, seed: int) -> tuple[Any, ...]:
        """The opponents of the game with this seed, in seat order after the deck's seat 0."""
        if self.table:
            return self.opponents
        point = (seed / (MAX_SEED + 1)) * sum(self.weights)
        for opponent, weight in zip(self.opponents, self.weights, strict=True):
            if point < weight:
                return (opponent,)
            point -= weight
        return (self.opponents[-1],)


def field_problem(engine: Engine, opponents: int) -> str | None:
    """Why this engine cannot face a deck with this many opponents; None if it can."""
    if opponents < 1:
        return "name at least one opponent"
    if plays_table(engine):
        if opponents + 1 not in engine.seats:
            return f"a table of this game seats {engine.seats.start} to {engine.seats.stop - 1}"
        return None
    if JobKind.MATCH not in engine.kinds or 2 not in engine.seats:
        return "this game's engine plays neither matches nor tables"
    return None


def plays_table(engine: Engine) -> bool:
    """The field is one table (the engine plays tables and not matches)."""
    return JobKind.TABLE in engine.kinds and JobKind.MATCH not in engine.kinds


def play_round_chunk(
    engine: Engine,
    deck: Any,
    candidates: dict[int, Any],
    field: Field,
    *,
    job_seed: int,
    first_game: int,
    count: int,
) -> DoctorStats:
    """Games first_game .. first_game + count - 1 of a round: on each seed the deck as it is
    plays once, and each candidate (index -> prepared swapped deck) plays the same seed against
    the same opponents, so only the swap differs."""
    stats = DoctorStats({index: SwapTally() for index in candidates})
    for number in range(first_game, first_game + count):
        seed = game_seed(job_seed, number)
        opponents = field.seats(seed)
        unswapped = engine.play((deck, *opponents), seed)
        stats.simplifications.update(unswapped.simplifications)
        for index, swapped_deck in candidates.items():
            swapped = engine.play((swapped_deck, *opponents), seed)
            stats.tallies[index].add(swapped, unswapped)
        stats.games += 1 + len(candidates)
    return stats


def doctor_run(
    engine: Engine,
    deck: Any,
    candidates: Sequence[Any],
    field: Field,
    *,
    budget: int,
    seed: int,
    chunk_seeds: int = 500,
) -> tuple[list[Round], DoctorStats]:
    """Every round of a doctor job in this process, each split into chunks of `chunk_seeds`
    seeds (any split gives the same answer): the rounds played and all their games' counts."""
    rounds: list[Round] = []
    stats = DoctorStats()
    current: Round | None = first_round(len(candidates), budget)
    while current is not None:
        rounds.append(current)
        playing = {index: candidates[index] for index in current.candidates}
        for plan in plan_chunks(current.seeds, chunk_seeds):
            stats = stats.merge(
                play_round_chunk(
                    engine,
                    deck,
                    playing,
                    field,
                    job_seed=seed,
                    first_game=current.first_game + plan.first_game,
                    count=plan.count,
                )
            )
        current = next_round(current, stats, len(candidates), budget, seed)
    return rounds, stats


def doctor_result(
    rounds: Sequence[Round],
    stats: DoctorStats,
    swaps: Sequence[dict[str, Any]],
    *,
    table: bool,
    seed: int,
) -> dict[str, Any]:
    """The answer: `swaps` best first (each the caller's description of it, with its change,
    interval, games and whether it is distinguishable from no change), and how it was found."""
    z = looks_z(len(swaps))
    measure = "first_place_rate" if table else "win_rate"
    return {
        "measure": measure,
        "swaps": [
            {**swaps[c], **_swap_figures(stats.tally(c), z, reached)}
            for c, reached in _reached(rounds, stats, seed)
        ],
        "games": stats.games,
        "rounds": [{"candidates": len(r.candidates), "seeds": r.seeds} for r in rounds],
        "confidence": {"level": LEVEL, "looks": len(rounds), "z": round(z, DECIMALS)},
        "simplifications": sorted(stats.simplifications),
    }


def _reached(rounds: Sequence[Round], stats: DoctorStats, seed: int) -> list[tuple[int, int]]:
    reached = {c: r.number + 1 for r in rounds for c in r.candidates}
    return [(c, reached[c]) for c in ranking(rounds, stats, seed)]


def _swap_figures(tally: SwapTally, z: float, rounds: int) -> dict[str, Any]:
    interval = tally.interval(z)
    games = tally.games
    return {
        "delta": round(tally.delta, DECIMALS),
        "ci95": None if interval is None else [round(b, DECIMALS) for b in interval],
        "games": games,
        "distinguishable": interval is not None and (interval[0] > 0 or interval[1] < 0),
        "rounds": rounds,
        "mean_placement": {
            "with": round(tally.placement_with / games, DECIMALS) if games else None,
            "without": round(tally.placement_without / games, DECIMALS) if games else None,
        },
    }
