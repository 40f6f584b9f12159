"""The one engine interface every game's test games implement, and the registry of engines.

A game's engine is a folder of its own (rulebook/<game>/engine/) and a module
rulebook/<game>/simulation.py with its `prepare` and `play`; registering it is one line in
ENGINES, saying which kinds of job it plays. Nothing else in the framework (chunks, seeds,
statistics, jobs) names a game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rulebook.core.cards import Deck
from rulebook.core.game_loop import describe_seats
from rulebook.core.outcome import Outcome
from rulebook.keeper import simulation as keeper
from rulebook.metazoo import simulation as metazoo
from rulebook.neopets import simulation as neopets

from .kinds import JOB_DECKS, SEATED, JobKind


@dataclass(frozen=True)
class Engine:
    """A game engine as the simulations see it.

    `prepare` turns a resolved deck into whatever `play` takes (done once per chunk, not per
    game); `play(decks, seed, record_log=...)` plays one whole game between the seats' decks
    and returns its Outcome, the same for the same seed. `seats`: how many players a game
    seats; `kinds`: the kinds of job the engine plays (rulebook.simulation.kinds).
    """

    prepare: Callable[[Deck], Any]
    play: Callable[..., Outcome]
    seats: range
    kinds: frozenset[JobKind]


MATCHES_AND_CARD_TESTS = frozenset({JobKind.MATCH, JobKind.CARD_TEST})

ENGINES: dict[str, Engine] = {
    "neopets": Engine(neopets.prepare, neopets.play, neopets.play.seats, MATCHES_AND_CARD_TESTS),
    "keeper": Engine(keeper.prepare, keeper.play, keeper.play.seats, MATCHES_AND_CARD_TESTS),
    "metazoo": Engine(metazoo.prepare, metazoo.play, metazoo.play.seats, MATCHES_AND_CARD_TESTS),
}


def engine_for(game: str) -> Engine | None:
    """The engine of a game, or None when test games of it cannot be played."""
    return ENGINES.get(game)


def job_problem(engine: Engine, kind: JobKind, decks: int) -> str | None:
    """Why this engine cannot play a job of this kind with this many decks; None if it can."""
    if kind not in engine.kinds:
        kinds = ", ".join(sorted(engine.kinds))
        return f"this game's engine plays these kinds of job: {kinds}; not a {kind}"
    if decks not in JOB_DECKS[kind]:
        wanted = JOB_DECKS[kind]
        count = f"{wanted.start}" if len(wanted) == 1 else f"{wanted.start} to {wanted.stop - 1}"
        return f"a {kind} is played with {count} decks, not {decks}"
    seated = SEATED.get(kind, decks)
    if seated not in engine.seats:
        return f"{describe_seats(engine.seats)}, not {seated}"
    return None
