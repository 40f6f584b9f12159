"""Reading POST /simulations/ and /simulations/card-tests/ bodies into plain values, naming
every field they cannot read.

Each deck is a stored deck's id or an inline deck exactly as /validate/ takes one (`sections`
or `text`), read by the same code as /validate/ so the two cannot drift apart; its problems are
named under the deck's path, e.g. `decks[1].sections.main[0].quantity`. An inline deck may also
carry `cards`: user-made cards in the import format (DESIGN, "Card data format"), which its
entries then name, read by the importer's own reader (`decks[0].cards[2].attributes.cost`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from api.entries import Problems, RequestProblems, is_integer
from api.validation.requests import read_validate_request
from jobs.services.admission import MAX_CHUNK_SIZE, MAX_GAMES
from rulebook.core.cards import CardInfo
from rulebook.core.game import GameSpec
from rulebook.core.resolve import EntryRef
from rulebook.registry import GAMES
from rulebook.simulation import ENGINES, JOB_DECKS, decks_kind, option_problem
from rulebook.simulation.seeds import MAX_SEED


@dataclass
class InlineDeck:
    entries: list[EntryRef]
    cards: list[CardInfo]  # user-made cards the entries may name


DeckRequest = int | InlineDeck  # a stored deck's id, or an inline deck


@dataclass
class SimulationRequest:
    game: GameSpec
    decks: list[DeckRequest]
    games: int
    seed: int | None = None
    chunk_size: int | None = None
    options: dict[str, str] = field(default_factory=dict)  # the engine's (Engine.options)


@dataclass
class CardTestRequest:
    """Deck `deck` (holding the card) and the same deck with `replacement` in the card's place,
    each against `reference` on the same seeds."""

    game: GameSpec
    deck: DeckRequest
    reference: DeckRequest
    card: EntryRef  # names the tested card as the deck's entries do (quantity unused)
    replacement: EntryRef
    games: int
    seed: int | None = None
    chunk_size: int | None = None


def read_simulation_request(body: Any) -> SimulationRequest:
    """The request's values; RequestProblems naming every bad field otherwise."""
    problems = Problems()
    game, games, seed, chunk_size = _job_fields(body, problems)
    decks = _decks(game, body.get("decks"), problems)
    options = read_options(game, body, problems)
    if problems.fields or game is None or games is None:
        raise RequestProblems(problems)  # None only with a problem named
    return SimulationRequest(game, decks, games, seed, chunk_size, options)


def read_options(
    game: GameSpec | None, body: Mapping[str, Any], problems: Problems
) -> dict[str, str]:
    """The engine's options the body chooses (the Millennium Blades `store`)."""
    chosen = {}
    # Every option some engine takes: a body naming one its game's engine does not take is refused.
    for name in sorted({name for engine in ENGINES.values() for name in engine.options}):
        if name not in body or game is None:
            continue
        problem = option_problem(ENGINES[game.slug], name, body[name])
        if problem is None:
            chosen[name] = body[name]
        else:
            problems.add(name, problem)
    return chosen


def read_card_test_request(body: Any) -> CardTestRequest:
    """The request's values; RequestProblems naming every bad field otherwise."""
    problems = Problems()
    game, games, seed, chunk_size = _job_fields(body, problems)
    deck = read_deck(game, body.get("deck"), "deck", problems)
    reference = read_deck(game, body.get("reference"), "reference", problems)
    card = read_card_ref(body.get("card"), "card", problems)
    replacement = read_card_ref(body.get("replacement"), "replacement", problems)
    if problems.fields or game is None or games is None or card is None or replacement is None:
        raise RequestProblems(problems)
    return CardTestRequest(game, deck, reference, card, replacement, games, seed, chunk_size)


def _job_fields(
    body: Any, problems: Problems
) -> tuple[GameSpec | None, int | None, int | None, int | None]:
    if not isinstance(body, Mapping):
        problems.add("body", "must be a JSON object")
        raise RequestProblems(problems)
    return (
        read_engine_game(body.get("game"), problems),
        read_integer(body, "games", 1, MAX_GAMES, problems, required=True),
        read_integer(body, "seed", 0, MAX_SEED, problems),
        read_integer(body, "chunk_size", 1, MAX_CHUNK_SIZE, problems),
    )


def read_engine_game(value: Any, problems: Problems) -> GameSpec | None:
    if isinstance(value, str) and value in ENGINES:
        return GAMES[value]
    problems.add("game", f"must be a game with an engine ({', '.join(ENGINES)}); not {value!r}")
    return None


def read_integer(
    body: Mapping[str, Any],
    name: str,
    low: int,
    high: int,
    problems: Problems,
    *,
    required: bool = False,
    path: str = "",
) -> int | None:
    """body[name], an integer from low to high; None when absent (or null) and not required.
    A problem is named `path` (the field's place in a nested body), `name` by default."""
    value = body.get(name)
    if value is None and not required:
        return None
    if not is_integer(value) or not low <= value <= high:
        problems.add(path or name, f"must be an integer from {low} to {high}")
        return None
    return value


def _decks(game: GameSpec | None, value: Any, problems: Problems) -> list[DeckRequest]:
    """Two decks for a match; two to five for a game played at a table (its engine says)."""
    wanted = JOB_DECKS[decks_kind(ENGINES[game.slug])] if game is not None else range(2, 3)
    if not isinstance(value, list) or len(value) not in wanted:
        count = "two" if len(wanted) == 1 else f"{_WORDS[wanted.start]} to {_WORDS[wanted[-1]]}"
        problems.add(
            "decks", f'must be a list of {count} decks, each a deck id or {{"sections": …}}'
        )
        return []
    return [read_deck(game, deck, f"decks[{index}]", problems) for index, deck in enumerate(value)]


_WORDS = {2: "two", 3: "three", 4: "four", 5: "five"}


def read_deck(game: GameSpec | None, value: Any, path: str, problems: Problems) -> DeckRequest:
    if is_integer(value):
        return value
    empty = InlineDeck([], [])
    if not isinstance(value, Mapping):
        problems.add(path, "must be a stored deck's id or an object with sections or text")
        return empty
    if game is None:
        return empty  # the game's problem is already named; its sections cannot be read
    read = ("sections", "text", "cards")
    as_validated = {"game": game.slug, **{k: value[k] for k in read if k in value}}
    try:
        parsed = read_validate_request(as_validated, {})
        parsed.refuse_unreadable()  # a game is played with every card of the deck
        return InlineDeck(parsed.entries, parsed.cards)
    except RequestProblems as exc:
        for field, messages in exc.problems.fields.items():
            problems.fields.setdefault(f"{path}.{field}", []).extend(messages)
        problems.lines.extend({**line, "deck": path} for line in exc.problems.lines)
        return empty


def read_card_ref(value: Any, path: str, problems: Problems) -> EntryRef | None:
    """A card named as a deck entry names one: a name, or {"name"|"key"|"id": …}."""
    if isinstance(value, str) and value.strip():
        return EntryRef(section="", quantity=1, name=value.strip())
    if isinstance(value, Mapping):
        named = {k: value[k] for k in ("name", "key", "id") if value.get(k) is not None}
        if len(named) == 1:
            kind, given = next(iter(named.items()))
            if (kind == "id" and is_integer(given)) or (
                kind != "id" and isinstance(given, str) and given.strip()
            ):
                text = given.strip() if isinstance(given, str) else given
                return EntryRef(section="", quantity=1, **{kind: text})
    problems.add(path, 'must name one card: a name, or {"name"|"key"|"id": …}')
    return None
