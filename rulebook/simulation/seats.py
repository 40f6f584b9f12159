"""Seat symmetry: mirror tables of an engine's sample decks, first places counted by seat.

In a mirror (every seat plays the same deck) with the first player drawn at random, no seat may
place first more often than another: a seat that does is given an edge by something other than
the rules (a bot's tie-break by seat, a first player that is not drawn). `mirror_seats` plays
the mirrors through the simulations' own runner (`run_chunk`, the path every test game takes)
and counts, for each seat, its first places (alone or shared) and, for the first player, its
wins, each read with a Wilson interval.

How many games a 5-point bias needs (`games_to_see`): two seats' rates separated by `bias`
show as two 99% intervals that do not overlap when the bias exceeds the sum of their
half-widths, 2·z99·√(p(1-p)/n), by z90 standard errors of the difference, √(2p/n), so that the
test sees such a bias in nine runs of ten: n = ((2·z99·√(p(1-p)) + z90·√(2p)) / bias)², with
p = 1/2, the widest interval (every table counts as its worst case): 5,952 games.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .chunks import run_chunk
from .engines import Engine
from .stats import ChunkStats
from .wilson import wilson_interval

Z99 = 2.5758293035489004  # two-sided 99% quantile of the standard normal
Z90 = 1.2815515655446004  # one-sided 90%: the power to see the bias
BIAS = 0.05  # five percentage points


def games_to_see(bias: float = BIAS, p: float = 0.5) -> int:
    """Games after which a `bias` between two seats' first-place rates (each near `p`)
    separates their 99% intervals nine times in ten (the module's docstring)."""
    spread = 2 * Z99 * math.sqrt(p * (1 - p)) + Z90 * math.sqrt(2 * p)
    return math.ceil((spread / bias) ** 2)


Interval = tuple[float, float]


@dataclass(frozen=True)
class SeatFigures:
    """First places by seat in `games` mirror games, and the first player's wins."""

    games: int
    first_places: tuple[int, ...]  # per seat: games it placed first, alone or shared
    first_player_wins: int  # games the first player placed first alone
    wins: int = 0  # games any seat placed first alone (the rest were drawn)

    def interval(self, seat: int, z: float = Z99) -> Interval:
        """The seat's first-place rate, as a Wilson interval (99% unless told)."""
        return _interval(self.first_places[seat], self.games, z)

    def disagreeing(self, z: float = Z99) -> list[tuple[int, int]]:
        """The pairs of seats whose intervals do not overlap: seats the game favours."""
        seats = range(len(self.first_places))
        bounds = [self.interval(seat, z) for seat in seats]
        return [
            (a, b)
            for a in seats
            for b in seats
            if a < b and (bounds[a][1] < bounds[b][0] or bounds[b][1] < bounds[a][0])
        ]

    def first_player_rate(self) -> float:
        return self.first_player_wins / self.games

    def first_player_interval(self, z: float = Z99) -> Interval:
        return _interval(self.first_player_wins, self.games, z)

    def fair_share(self) -> float:
        """The win rate a seat has when the order of play gives no edge: the wins shared
        evenly over the seats."""
        return self.wins / len(self.first_places) / self.games


def _interval(successes: int, trials: int, z: float) -> Interval:
    interval = wilson_interval(successes, trials, z)
    if interval is None:
        raise ValueError("no games played")
    return interval


def mirror_seats(
    engine: Engine, decks: Sequence[Any], seats: int, games: int, job_seed: int = 37
) -> SeatFigures:
    """Play `games` mirror games at a table of `seats`, shared evenly among the prepared
    `decks` (each deck against copies of itself), seeded as a job's games are."""
    stats = ChunkStats.for_seats(seats)
    share, extra = divmod(games, len(decks))
    first_game = 0
    for index, deck in enumerate(decks):
        count = share + (index < extra)
        chunk = run_chunk(
            engine, *[deck] * seats, job_seed=job_seed, first_game=first_game, count=count
        )
        stats = stats.merge(chunk)
        first_game += count
    return SeatFigures(
        games=stats.games,
        first_places=tuple(tally.placements[1] for tally in stats.decks),
        first_player_wins=sum(tally.first_wins for tally in stats.decks),
        wins=sum(tally.wins for tally in stats.decks),
    )
