"""The engines of the games' test games, and what a job may ask of one.

An engine (rulebook.core.engine.Engine) is declared by its game's registration
(rulebook/<game>/plugin.py: its `prepare` and `play`, the kinds of job it plays); ENGINES is the
registry's table of them. Nothing else in the framework (chunks, seeds, statistics, jobs) names
a game.
"""

from __future__ import annotations

from rulebook.core.engine import Engine
from rulebook.core.stepping import describe_seats
from rulebook.registry import ENGINES

from .kinds import JOB_DECKS, SEATED, JobKind

__all__ = ["ENGINES", "Engine", "decks_kind", "engine_for", "job_problem", "option_problem"]


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
