"""Reading a POST /simulations/ body into plain values, naming every field it cannot read.

Each deck is a stored deck's id or an inline deck exactly as /validate/ takes one (`sections`
or `text`), read by the same code as /validate/ so the two cannot drift apart; its problems are
named under the deck's path, e.g. `decks[1].sections.main[0].quantity`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from api.entries import Problems, RequestProblems, is_integer
from api.validation.requests import read_validate_request
from rules.core.game import GameSpec
from rules.core.resolve import EntryRef
from rules.registry import GAMES
from rules.services.simulations import MAX_CHUNK_SIZE, MAX_GAMES
from rules.simulation import ENGINES
from rules.simulation.seeds import MAX_SEED

DECKS = 2


@dataclass
class SimulationRequest:
    game: GameSpec
    decks: list[int | list[EntryRef]]  # a stored deck's id, or an inline deck's entries
    games: int
    seed: int | None = None
    chunk_size: int | None = None


def read_simulation_request(body: Any) -> SimulationRequest:
    """The request's values; RequestProblems naming every bad field otherwise."""
    problems = Problems()
    if not isinstance(body, Mapping):
        problems.add("body", "must be a JSON object")
        raise RequestProblems(problems)
    game = _game(body.get("game"), problems)
    games = _integer(body, "games", 1, MAX_GAMES, problems, required=True)
    seed = _integer(body, "seed", 0, MAX_SEED, problems)
    chunk_size = _integer(body, "chunk_size", 1, MAX_CHUNK_SIZE, problems)
    decks = _decks(game, body.get("decks"), problems)
    if problems.fields or game is None or games is None:
        raise RequestProblems(problems)  # None only with a problem named
    return SimulationRequest(game, decks, games, seed, chunk_size)


def _game(value: Any, problems: Problems) -> GameSpec | None:
    if isinstance(value, str) and value in ENGINES:
        return GAMES[value]
    problems.add("game", f"must be a game with an engine ({', '.join(ENGINES)}); not {value!r}")
    return None


def _integer(
    body: Mapping[str, Any],
    name: str,
    low: int,
    high: int,
    problems: Problems,
    *,
    required: bool = False,
) -> int | None:
    value = body.get(name)
    if value is None and not required:
        return None
    if not is_integer(value) or not low <= value <= high:
        problems.add(name, f"must be an integer from {low} to {high}")
        return None
    return value


def _decks(game: GameSpec | None, value: Any, problems: Problems) -> list[int | list[EntryRef]]:
    if not isinstance(value, list) or len(value) != DECKS:
        problems.add("decks", 'must be a list of two decks, each a deck id or {"sections": …}')
        return []
    return [_deck(game, deck, f"decks[{index}]", problems) for index, deck in enumerate(value)]


def _deck(game: GameSpec | None, value: Any, path: str, problems: Problems) -> Any:
    if is_integer(value):
        return value
    if not isinstance(value, Mapping):
        problems.add(path, "must be a stored deck's id or an object with sections or text")
        return []
    if game is None:
        return []  # the game's problem is already named; its sections cannot be read
    as_validated = {"game": game.slug, **{k: value[k] for k in ("sections", "text") if k in value}}
    try:
        parsed = read_validate_request(as_validated, {})
        parsed.refuse_unreadable()  # a game is played with every card of the deck
        return parsed.entries
    except RequestProblems as exc:
        for field, messages in exc.problems.fields.items():
            problems.fields.setdefault(f"{path}.{field}", []).extend(messages)
        problems.lines.extend({**line, "deck": path} for line in exc.problems.lines)
        return []
