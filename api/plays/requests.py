"""Reading POST /plays/ bodies into plain values, naming every field they cannot read: the
game, the person's `deck` and the bots' `opponent` read as /simulations/ reads a deck (a stored
deck's id or an inline deck), the `bot`, and the engine's options."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from api.entries import Problems, RequestProblems
from api.simulations.requests import (
    DeckRequest,
    read_deck,
    read_engine_game,
    read_integer,
    read_options,
)
from rulebook.core.game import GameSpec
from rulebook.simulation.seeds import MAX_SEED

DEFAULT_BOT = "default"


@dataclass
class PlayRequest:
    game: GameSpec
    deck: DeckRequest
    opponents: list[DeckRequest]  # one a bot's seat
    bot: str
    seed: int | None = None
    options: dict[str, str] = field(default_factory=dict)


def read_play_request(body: Any) -> PlayRequest:
    """The request's values; RequestProblems naming every bad field otherwise."""
    problems = Problems()
    if not isinstance(body, Mapping):
        problems.add("body", "must be a JSON object")
        raise RequestProblems(problems)
    game = read_engine_game(body.get("game"), problems)
    deck = read_deck(game, body.get("deck"), "deck", problems)
    opponents = _opponents(game, body.get("opponent"), problems)
    bot = body.get("bot", DEFAULT_BOT)
    if not isinstance(bot, str):
        problems.add("bot", "must be a bot's name, e.g. default or random")
    seed = read_integer(body, "seed", 0, MAX_SEED, problems)
    options = read_options(game, body, problems)
    if problems.fields or game is None:
        raise RequestProblems(problems)
    return PlayRequest(game, deck, opponents, bot, seed, options)


def _opponents(game: GameSpec | None, value: Any, problems: Problems) -> list[DeckRequest]:
    """One deck for a game of two, or a list of one to four: a table's other seats
    (Millennium Blades), each played by a bot."""
    if isinstance(value, list):
        if not 1 <= len(value) <= 4:
            problems.add("opponent", "must be a deck, or a list of one to four decks")
            return []
        return [read_deck(game, deck, f"opponent[{i}]", problems) for i, deck in enumerate(value)]
    return [read_deck(game, value, "opponent", problems)]
