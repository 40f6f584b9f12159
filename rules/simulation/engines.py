"""The games whose test games can be simulated, by slug: how to prepare a deck and play a game."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rules.core.cards import Deck
from rules.neopets.engine import EngineDeck, play_game

from .stats import GameOutcome


@dataclass(frozen=True)
class Engine:
    """A game engine as the simulations see it.

    `prepare` turns a resolved deck into whatever `play` takes (done once per chunk, not per
    game); `play(deck_a, deck_b, seed, record_log=...)` plays one whole game.
    """

    prepare: Callable[[Deck], Any]
    play: Callable[..., GameOutcome]


ENGINES: dict[str, Engine] = {
    "neopets": Engine(prepare=EngineDeck.from_deck, play=play_game),
}


def engine_for(game: str) -> Engine | None:
    """The engine of a game, or None when test games of it cannot be played."""
    return ENGINES.get(game)
