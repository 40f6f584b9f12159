"""The one engine interface every game's test games implement, and the registry of engines.

A game's engine is a folder of its own (rules/<game>/engine/) and a module
rules/<game>/simulation.py with its `prepare` and `play`; registering it is one line in ENGINES.
Nothing else in the framework (chunks, seeds, statistics, jobs) names a game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rulebook.core.cards import Deck
from rulebook.keeper import simulation as keeper
from rulebook.neopets import simulation as neopets

from .stats import GameOutcome


@dataclass(frozen=True)
class Engine:
    """A game engine as the simulations see it.

    `prepare` turns a resolved deck into whatever `play` takes (done once per chunk, not per
    game); `play(deck_a, deck_b, seed, record_log=...)` plays one whole game and returns a
    GameOutcome, the same for the same seed.
    """

    prepare: Callable[[Deck], Any]
    play: Callable[..., GameOutcome]


ENGINES: dict[str, Engine] = {
    "neopets": Engine(neopets.prepare, neopets.play),
    "keeper": Engine(keeper.prepare, keeper.play),
}


def engine_for(game: str) -> Engine | None:
    """The engine of a game, or None when test games of it cannot be played."""
    return ENGINES.get(game)
