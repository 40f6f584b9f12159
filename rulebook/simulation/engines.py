"""The one engine interface every game's test games implement, and the registry of engines.

A game's engine is a folder of its own (rulebook/<game>/engine/) and a module
rulebook/<game>/simulation.py with its `prepare` and `play`; registering it is one line in
ENGINES, saying which kinds of job it plays. Nothing else in the framework (chunks, seeds,
statistics, jobs) names a game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rulebook.core.cards import Deck
from rulebook.core.outcome import Outcome
from rulebook.core.stepping import describe_seats
from rulebook.keeper import simulation as keeper
from rulebook.metazoo import simulation as metazoo
from rulebook.millennium_blades import simulation as millennium_blades
from rulebook.neopets import simulation as neopets

from .kinds import JOB_DECKS, SEATED, JobKind


@dataclass(frozen=True)
class Engine:
    """A game engine as the simulations see it.

    `prepare` turns a resolved deck into whatever `play` takes (done once per chunk, not per
    game); `play(decks, seed, record_log=...)` plays one whole game between the seats' decks
    and returns its Outcome, the same for the same seed. `seats`: how many players a game
    seats; `kinds`: the kinds of job the engine plays (rulebook.simulation.kinds); `fixes`:
    the report codes of an illegal deck the engine still plays, after a fix of its own in each
    game (Millennium Blades' random fix; none for the other games); `options`: what a job may
    choose; `policy`: how its default players play, told beside what the deck doctor measures
    (this bot's play).
    """

    prepare: Callable[[Deck], Any]
    play: Callable[..., Outcome]
    seats: range
    kinds: frozenset[JobKind]
    fixes: frozenset[str] = frozenset()
    # The options a job may choose, each with its allowed values, the first the default (the
    # Millennium Blades Store); `play` takes them as keywords.
    options: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    policy: str = "the engine's default players"

    def plays_deck(self, codes: Iterable[str]) -> bool:
        """Whether a deck whose report has errors of these codes can be played."""
        return set(codes) <= self.fixes


MATCHES_AND_CARD_TESTS = frozenset({JobKind.MATCH, JobKind.CARD_TEST})

ENGINES: dict[str, Engine] = {
    "neopets": Engine(
        neopets.prepare,
        neopets.play,
        neopets.play.seats,
        MATCHES_AND_CARD_TESTS,
        policy=neopets.POLICY,
    ),
    "keeper": Engine(
        keeper.prepare, keeper.play, keeper.play.seats, MATCHES_AND_CARD_TESTS, policy=keeper.POLICY
    ),
    "metazoo": Engine(
        metazoo.prepare,
        metazoo.play,
        metazoo.play.seats,
        MATCHES_AND_CARD_TESTS,
        policy=metazoo.POLICY,
    ),
    "millennium-blades": Engine(
        millennium_blades.prepare,
        millennium_blades.play,
        millennium_blades.play.seats,
        frozenset({JobKind.TABLE}),
        millennium_blades.FIXES,
        millennium_blades.OPTIONS,
        millennium_blades.POLICY,
    ),
}


def engine_for(game: str) -> Engine | None:
    """The engine of a game, or None when test games of it cannot be played."""
    return ENGINES.get(game)


def decks_kind(engine: Engine) -> JobKind:
    """The kind of job a list of decks is for this engine: a table for a game of tables (2 to 5
    decks at one table), else a match (two decks)."""
    return JobKind.TABLE if JobKind.TABLE in engine.kinds else JobKind.MATCH


def option_problem(engine: Engine, name: str, value: object) -> str | None:
    """Why a job of this engine cannot take this option; None if it can."""
    allowed = engine.options.get(name)
    if allowed is None:
        return "this game's engine takes no such option"
    if value not in allowed:
        return f"must be one of {', '.join(allowed)}; not {value!r}"
    return None


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
