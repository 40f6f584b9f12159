"""Reading POST /deck-doctor/ bodies into plain values, naming every field they cannot read.

Decks are read exactly as /simulations/ reads them (a stored deck's id or an inline deck); a
card is named as a card test names one (a name, or {"name"|"key"|"id": …}).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from api.entries import Problems, RequestProblems, is_integer
from api.simulations.requests import (
    DeckRequest,
    read_card_ref,
    read_deck,
    read_engine_game,
    read_integer,
)
from api.validation.requests import read_format
from jobs.services.admission import MAX_GAMES
from jobs.services.doctor import MAX_CANDIDATES, SwapRequest
from rulebook.core.game import GameSpec
from rulebook.core.resolve import EntryRef
from rulebook.simulation.seeds import MAX_SEED

MAX_OPPONENTS = 8
MAX_COPIES = 60
MAX_POOL = 200


@dataclass(frozen=True)
class FormatRef:
    """A pool's format: every card of the game it does not ban (jobs.services.doctor)."""

    slug: str


@dataclass
class DoctorRequest:
    game: GameSpec
    deck: DeckRequest
    opponents: list[DeckRequest]
    weights: list[float] | None
    swaps: list[SwapRequest] | None
    pool: list[EntryRef | int | FormatRef] | None  # cards, stored decks' ids, a format
    budget: int
    seed: int | None
    format: str | None  # the format every deck and swap is judged in


def read_doctor_request(body: Any) -> DoctorRequest:
    """The request's values; RequestProblems naming every bad field otherwise."""
    problems = Problems()
    if not isinstance(body, Mapping):
        problems.add("body", "must be a JSON object")
        raise RequestProblems(problems)
    game = read_engine_game(body.get("game"), problems)
    budget = read_integer(body, "budget", 1, MAX_GAMES, problems, required=True)
    seed = read_integer(body, "seed", 0, MAX_SEED, problems)
    deck = read_deck(game, body.get("deck"), "deck", problems)
    opponents, weights = _opponents(game, body.get("opponents"), problems)
    swaps, pool = body.get("swaps"), body.get("pool")
    if (swaps is None) == (pool is None):
        problems.add("swaps", "give swaps, or a pool of cards to draw swaps from (not both)")
    read_swaps = None if swaps is None else _swaps(swaps, problems)
    read_pool = None if pool is None else _pool(pool, problems)
    format = read_format(body.get("format"), problems)
    if format is None:  # a pool of a format's cards is built for that format
        format = next((item.slug for item in read_pool or () if isinstance(item, FormatRef)), None)
    if problems.fields or game is None or budget is None:
        raise RequestProblems(problems)
    return DoctorRequest(
        game, deck, opponents, weights, read_swaps, read_pool, budget, seed, format
    )


def _opponents(
    game: GameSpec | None, value: Any, problems: Problems
) -> tuple[list[DeckRequest], list[float] | None]:
    """Each opponent: a deck (id or inline), or {"deck": …, "weight": w}."""
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_OPPONENTS:
        problems.add("opponents", f"must be a list of 1 to {MAX_OPPONENTS} decks")
        return [], None
    decks, weights = [], []
    for index, item in enumerate(value):
        path = f"opponents[{index}]"
        weight: Any = 1
        if isinstance(item, Mapping) and "deck" in item:
            weight = item.get("weight", 1)
            item = item["deck"]
            if not (is_integer(weight) or isinstance(weight, float)) or not 0 < weight <= 1000:
                problems.add(f"{path}.weight", "must be a number above 0, at most 1000")
                weight = 1
        decks.append(read_deck(game, item, path, problems))
        weights.append(float(weight))
    weighted = any(isinstance(o, Mapping) and "weight" in o for o in value)
    return decks, weights if weighted else None


def _swaps(value: Any, problems: Problems) -> list[SwapRequest]:
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_CANDIDATES:
        problems.add("swaps", f'must be a list of 1 to {MAX_CANDIDATES} {{"out", "in", "count"}}')
        return []
    swaps = []
    for index, item in enumerate(value):
        path = f"swaps[{index}]"
        if not isinstance(item, Mapping):
            problems.add(path, 'must be {"out": card, "in": card, "count": n}')
            continue
        out = read_card_ref(item.get("out"), f"{path}.out", problems)
        into = read_card_ref(item.get("in"), f"{path}.in", problems)
        count = 1  # the default; a count given must be one (null is not "one copy")
        if "count" in item:
            where = f"{path}.count"
            count = read_integer(item, "count", 1, MAX_COPIES, problems, required=True, path=where)
        if out and into and count:
            swaps.append(SwapRequest(out, into, count))
    return swaps


def _pool(value: Any, problems: Problems) -> list[EntryRef | int | FormatRef]:
    """A pool of cards: any of {"cards": [card, …]}, {"decks": [stored deck id, …]} (their
    cards) and {"format": slug} (every card of the game that format does not ban)."""
    if not isinstance(value, Mapping) or not ({"cards", "decks", "format"} & set(value)):
        problems.add(
            "pool", 'must be {"cards": [card, …]}, {"decks": [deck id, …]} or {"format": slug}'
        )
        return []
    cards, decks = value.get("cards", []), value.get("decks", [])
    if not isinstance(cards, list) or len(cards) > MAX_POOL:
        problems.add("pool.cards", f"must be a list of at most {MAX_POOL} cards")
        cards = []
    if not isinstance(decks, list) or len(decks) > MAX_OPPONENTS or not all(map(is_integer, decks)):
        problems.add("pool.decks", f"must be a list of at most {MAX_OPPONENTS} deck ids")
        decks = []
    slug = read_format(value.get("format"), problems, "pool.format")
    formats = [FormatRef(slug)] if slug is not None else []
    refs = [read_card_ref(card, f"pool.cards[{i}]", problems) for i, card in enumerate(cards)]
    return [ref for ref in refs if ref is not None] + list(decks) + formats
