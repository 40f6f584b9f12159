"""Playing the doctor's games: the field a deck faces, a chunk of a round, a whole run in one
process (for the command line, tests and the benchmark), and the result."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..chunks import ChunkPlan, plan_chunks
from ..engines import Engine
from ..kinds import JobKind
from ..seeds import MAX_SEED, game_seed
from .halving import (
    FINALISTS,
    LEVEL,
    Round,
    alike_members,
    confirmation_round,
    first_round,
    looks_z,
    next_rounds,
    planned_games,
    played_together,
    ranking,
    seeds_by_round,
    survivors_by_round,
)
from .tally import DoctorStats, SwapTally
from .verdicts import ERROR, METHOD, Verdict, holm, shares

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
    confirming: bool = False,
    deck_counted: bool = True,
) -> DoctorStats:
    """Games first_game .. first_game + count - 1 of a round: on each seed the deck as it is
    plays once, and each candidate (index -> prepared swapped deck) plays the same seed against
    the same opponents, so only the swap differs. `confirming`: the confirmation round, whose
    tallies are kept apart from the selection rounds'. Not `deck_counted`: the deck's games of
    these seeds are counted by another chunk (the round's candidates sure to play it started
    early, halving.sure_to_go_on); played again here only to pair the candidates' games."""
    tallies = {index: SwapTally() for index in candidates}
    stats = DoctorStats({} if confirming else tallies, confirmed=tallies if confirming else {})
    for number in range(first_game, first_game + count):
        seed = game_seed(job_seed, number)
        opponents = field.seats(seed)
        unswapped = engine.play((deck, *opponents), seed)
        stats.simplifications.update(unswapped.simplifications)
        for index, swapped_deck in candidates.items():
            swapped = engine.play((swapped_deck, *opponents), seed)
            tallies[index].add(swapped, unswapped, number)
        stats.games += len(candidates)
        if deck_counted:
            stats.games += 1
            stats.seeds += 1
            stats.deck_wins += unswapped.winner == 0
    return stats


# The rounds played at once (a round, or the last selection round with the confirmation) are
# split into at least this many chunks between them (when they have the seeds), so that every
# worker process shares even the last, small rounds: each is a barrier (the next round's
# candidates are read from all its games), and a round of one or two chunks keeps the other
# processes waiting. Not more: each chunk costs its task, claim and record, about a tenth of a
# second of wall time on a loaded machine (two cores, load 9), where 40 games of Neopets take
# 0.15 s; eight a round made a Neopets job of 154 swaps 64 chunks where a test game job of the
# same games has 40. None smaller than SMALLEST of the chunk size.
ROUND_CHUNKS = 4
SMALLEST = 1 / 8


def round_chunks(current: Round, chunk_games: int, at_least: int = ROUND_CHUNKS) -> list[ChunkPlan]:
    """A round's chunks, of about chunk_games games each (as a test game job's are), at least
    `at_least` of them, as equal as whole seeds allow but the last, which is split in halves,
    and halves of those, down to a seed or SMALLEST of the chunk size (_tail): the workers then
    reach the round's end within a small piece of each other. Of equal chunks, an odd number
    shared by two workers left one of them a whole chunk's wait at each round's end.

    About, not at most: a seed of a first round plays the deck and every candidate (155 games
    for 154 swaps), so chunks of at most 250 games would be one seed each, 60% more chunks (and
    their tasks, claims and records) than a test game job of the same games, and past the
    job's chunk limit at 100,000 games."""
    decks = len(current.candidates) + 1
    games = current.seeds * decks
    by_size = max(1, round(games / chunk_games))
    fewest_games = max(1, int(chunk_games * SMALLEST))
    at_most = max(1, games // fewest_games)
    count = min(current.seeds, max(by_size, min(at_least, at_most)))
    size, more = divmod(current.seeds, count)
    sizes = [size + (index < more) for index in range(count)]
    if count >= ROUND_CHUNKS:
        sizes[-1:] = _tail(sizes[-1], smallest=max(1, math.ceil(fewest_games / decks)))
    plans, first = [], current.first_game
    for index, seeds in enumerate(sizes):
        plans.append(ChunkPlan(index, first, seeds))
        first += seeds
    return plans


def _tail(seeds: int, smallest: int) -> list[int]:
    """A round's last chunk of `seeds` split into halves, each half the one before (rounded
    up), none under `smallest` seeds: 6 seeds are 3, 2 and 1."""
    pieces = []
    while seeds >= 2 * smallest:
        piece = (seeds + 1) // 2
        pieces.append(piece)
        seeds -= piece
    return [*pieces, seeds]


def rounds_chunks(
    rounds: Sequence[Round], chunk_games: int, at_least: int = ROUND_CHUNKS
) -> list[ChunkPlan]:
    """The chunks of rounds played together (halving.played_together), at least `at_least`
    between them, each round's as round_chunks splits it, numbered on from the first round's."""
    each = math.ceil(at_least / max(1, len(rounds)))
    plans = [p for current in rounds for p in round_chunks(current, chunk_games, each)]
    return [ChunkPlan(index, plan.first_game, plan.count) for index, plan in enumerate(plans)]


def planned_chunks(candidates: int, budget: int, chunk_games: int, first_round: int = 0) -> int:
    """The chunks a job's rounds (from round `first_round` on, the first of rounds played
    together) are split into, at most: a round that plays fewer candidates than planned (some
    ended every game alike) has fewer games, so no more chunks."""
    seeds, survivors = seeds_by_round(candidates, budget), survivors_by_round(candidates)
    total, number = 0, first_round
    while number < len(seeds):
        first = Round(number, 0, seeds[number], tuple(range(survivors[number])))
        together = played_together(first, candidates, budget)
        total += len(rounds_chunks(together, chunk_games))
        number += len(together)
    return total


def chunk_games_within(candidates: int, budget: int, chunk_games: int, max_chunks: int) -> int:
    """The smallest chunk size from chunk_games up whose rounds are at most max_chunks chunks
    (a job's limit: each chunk is a task and a row). A round is at least one chunk, so a limit
    below the rounds' number cannot be met: then the size that plays each round in one."""
    low, high = chunk_games, max(chunk_games, planned_games(candidates, budget) * 8 + 8)
    while low < high:  # fewer chunks as they grow: the first size that fits
        middle = (low + high) // 2
        if planned_chunks(candidates, budget, middle) <= max_chunks:
            high = middle
        else:
            low = middle + 1
    return low


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
    playing = played_together(first_round(len(candidates), budget), len(candidates), budget)
    while playing:
        rounds.extend(playing)
        for current in playing:
            for plan in plan_chunks(current.seeds, chunk_seeds):
                stats = stats.merge(
                    play_round_chunk(
                        engine,
                        deck,
                        {index: candidates[index] for index in current.candidates},
                        field,
                        job_seed=seed,
                        first_game=current.first_game + plan.first_game,
                        count=plan.count,
                        confirming=current.number == confirmation_round(len(candidates)),
                    )
                )
        playing = next_rounds(rounds[-1], stats, len(candidates), budget, seed)
    return rounds, stats


def doctor_result(
    rounds: Sequence[Round],
    stats: DoctorStats,
    swaps: Sequence[dict[str, Any]],
    *,
    table: bool,
    seed: int,
) -> dict[str, Any]:
    """The answer: `swaps` best first, each the caller's description of it with its change,
    interval, games and whether it is distinguishable from no change (held for the whole
    answer: `verdicts`); the finalists' figures are their confirmation round's, the selection
    rounds' beside them. Swaps that ended every game alike are one entry (`alike`). How it was
    found, the error control, and whether any swap changed any game (`no_signal`, `advice`)."""
    order = ranking(rounds, stats, seed)
    finalists = [c for c in order if c in rounds[-1].candidates]
    confirmation_error, selection_error = shares(len(swaps), min(FINALISTS, len(swaps)))
    selection_looks = len(rounds) - 1
    verdicts = holm(
        [(c, stats.confirmation(c)) for c in finalists],
        error=confirmation_error,
        family=len(finalists),
        looks=1,
    )
    others = [(c, stats.tally(c)) for c in order if c not in finalists]
    if others:  # set aside by a selection round, so there was one
        verdicts |= holm(others, error=selection_error, family=len(swaps), looks=selection_looks)
    quiet = not any(t.changed for t in (*stats.tallies.values(), *stats.confirmed.values()))
    # with no game changed by any swap, every swap ended every game as the deck did: one entry
    stood_for = (
        {order[0]: [c for c in range(len(swaps)) if c != order[0]]}
        if quiet
        else alike_members(rounds)
    )
    reached = {c: r.number + 1 for r in rounds for c in r.candidates}
    z = looks_z(len(swaps))
    entries = [
        {
            **swaps[c],
            **_swap_figures(
                stats.confirmation(c) if c in finalists else stats.tally(c),
                verdicts[c],
                reached[c],
            ),
            "confirmed": c in finalists,
            "selection": _selection_figures(stats.tally(c), z) if selection_looks else None,
            "alike": [swaps[other] for other in stood_for.get(c, [])],
        }
        for c in order
        if c in stood_for or not quiet
    ]
    measure = "first_place_rate" if table else "win_rate"
    return {
        "measure": measure,
        "swaps": entries,
        "games": stats.games,
        "rounds": [{"candidates": len(r.candidates), "seeds": r.seeds} for r in rounds],
        "confidence": {"level": LEVEL, "looks": len(rounds), "z": round(z, DECIMALS)},
        "error_control": {
            "method": METHOD,
            "level": round(1 - ERROR, DECIMALS),
            "finalists": round(confirmation_error, DECIMALS),
            "others": round(selection_error, DECIMALS),
            "statement": ERROR_STATEMENT,
        },
        "no_signal": quiet,
        "advice": _advice(stats, measure) if quiet else None,
        "simplifications": sorted(stats.simplifications),
    }


ERROR_STATEMENT = (
    "The finalists' changes are measured again on fresh games that chose nothing. A swap is "
    "called better or worse only if the whole answer holds: the chance that it calls any swap "
    "that changes nothing better or worse is at most 5% (Holm's method over every swap), not "
    "5% for each swap."
)


def _advice(stats: DoctorStats, measure: str) -> str:
    """What to try when no swap changed the result of a single game."""
    what = "came first in" if measure == "first_place_rate" else "won"
    if stats.deck_wins == stats.seeds:
        record = f"The deck {what} every game as it is, and with every swap"
        field = "a stronger field"
    elif not stats.deck_wins:
        record = f"The deck {what} no game as it is, nor with any swap"
        field = "a weaker field"
    else:
        record = "No swap changed the result of a single game"
        field = "another field"
    return (
        f"{record}: these games cannot tell the swaps apart. Try {field} (other opponents), "
        "more games, or swaps of cards the deck plays more often."
    )


def _swap_figures(tally: SwapTally, verdict: Verdict, rounds: int) -> dict[str, Any]:
    interval = verdict.interval
    games = tally.games
    return {
        "delta": round(tally.delta, DECIMALS),
        "ci95": None if interval is None else [round(b, DECIMALS) for b in interval],
        "games": games,
        "distinguishable": verdict.distinguishable,
        "rounds": rounds,
        "mean_placement": {
            "with": round(tally.placement_with / games, DECIMALS) if games else None,
            "without": round(tally.placement_without / games, DECIMALS) if games else None,
        },
    }


def _selection_figures(tally: SwapTally, z: float) -> dict[str, Any]:
    """A swap's figures over the selection rounds, each look's interval not corrected for the
    whole answer (and, for a finalist, read on the games that picked it: too high on average)."""
    interval = tally.interval(z)
    return {
        "delta": round(tally.delta, DECIMALS),
        "ci95": None if interval is None else [round(b, DECIMALS) for b in interval],
        "games": tally.games,
    }
