"""What a game's engine declares to the test-game framework: the kinds of job it plays, and the
Engine itself (how a deck is prepared, how one game is played, how many it seats).

Declared here, below every game, so that each game's one registration (rulebook.plugin) can
name its engine; the framework that chunks, seeds and merges games (rulebook.simulation) reads
engines from the registry and names no game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from .outcome import Outcome
from .telling import Telling


class JobKind(StrEnum):
    """What a job is (rulebook.simulation.kinds says what each kind's games are)."""

    MATCH = "match"
    TABLE = "table"
    CARD_TEST = "card_test"
    DOCTOR = "doctor"  # the deck doctor: rounds of paired games (rulebook.simulation.doctor)


# What a two-player engine plays: matches, and card tests (which are matches played in pairs).
MATCHES_AND_CARD_TESTS = frozenset({JobKind.MATCH, JobKind.CARD_TEST})


@dataclass(frozen=True)
class Engine:
    """A game engine as the simulations see it.

    `prepare(deck, compiled=None)` turns a resolved deck into whatever `play` takes (done once
    per chunk, not per game), each card compiled once for every deck prepared with the same
    `compiled` (rulebook.core.cards.CompiledCards: a deck and its swaps share it);
    `play(decks, seed, record_log=...)` plays one whole game between the seats' decks and
    returns its Outcome, the same for the same seed. `seats`: how many players a game
    seats; `kinds`: the kinds of job the engine plays (rulebook.simulation.kinds); `fixes`:
    the report codes of an illegal deck the engine still plays, after a fix of its own in each
    game (Millennium Blades' random fix; none for the other games); `options`: what a job may
    choose; `policy`: how its default players play, told beside what the deck doctor measures
    (this bot's play); `bots`: the players a person may sit down against; `telling`: how the
    game reads to that person.
    """

    prepare: Callable[..., Any]
    play: Callable[..., Outcome]
    seats: range
    kinds: frozenset[JobKind]
    fixes: frozenset[str] = frozenset()
    # The options a job may choose, each with its allowed values, the first the default (the
    # Millennium Blades Store); `play` takes them as keywords.
    options: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    policy: str = "the engine's default players"
    # The players a person may play against (rulebook.simulation.person), by name, each made
    # afresh for a game: the default player first.
    bots: Mapping[str, Callable[[], Any]] = field(default_factory=dict)
    # How its log's events and its decisions' options read to a person in a seat
    # (rulebook.core.telling; each engine's own `telling` module).
    telling: Telling = field(default_factory=lambda: Telling({}))

    def plays_deck(self, codes: Iterable[str]) -> bool:
        """Whether a deck whose report has errors of these codes can be played."""
        return set(codes) <= self.fixes
