"""Small Millennium Blades cards, decks and scripted players for the engine's rule tests."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rulebook.core.cards import CardInfo, Deck, Entry
from rulebook.core.stepping import direct_game
from rulebook.millennium_blades.engine import Game, HeuristicPolicy, TournamentDeck
from rulebook.millennium_blades.store import Store


def single(name: str, stars: int = 1, *effects: dict, kind: str = "Knight", element: str = "Fire"):
    return CardInfo(
        name.lower().replace(" ", "-"),
        name,
        "Single",
        attributes={"stars": stars, "kind": kind, "element": element, "effects": list(effects)},
    )


def board(name: str, *effects: dict, card_type: str = "Accessory") -> CardInfo:
    return CardInfo(
        name.lower().replace(" ", "-"),
        name,
        card_type,
        attributes={"stars": 1, "effects": list(effects)},
    )


def deck(singles=(), deck_box=(), accessories=(), copies: int = 1) -> Deck:
    return Deck(
        game="millennium-blades",
        sections={
            "singles": tuple(Entry(card, copies) for card in singles),
            "deck_box": tuple(Entry(card, 1) for card in deck_box),
            "accessories": tuple(Entry(card, 1) for card in accessories),
        },
    )


def plain(prefix: str, count: int, stars: int = 1) -> list[CardInfo]:
    """`count` Singles with no effects."""
    return [single(f"{prefix} {n}", stars) for n in range(count)]


def store(*stars: int) -> Store:
    """A Store whose cards have these Star Ratings (revealed in a random order)."""
    return Store("test", tuple((f"Store card {n}", s, 1) for n, s in enumerate(stars)))


class Scripted(HeuristicPolicy):
    """The heuristic player, with some kinds of decision answered by a script:
    {kind: function(game, decision) -> answer}."""

    def __init__(self, **script: Callable[[Any, Any], Any]) -> None:
        self.script = script

    def answer(self, game: Any, decision: Any) -> Any:
        answer = self.script.get(decision.kind)
        return answer(game, decision) if answer else super().answer(game, decision)


def in_order(game: Any, decision: Any) -> Any:
    """Singles in the order they are in hand."""
    return decision.options[0]


def never(game: Any, decision: Any) -> Any:
    return None if decision.may_pass else False


def tournament(decks, seed: int = 0, policies=None, the_store: Store | None = None, first=None):
    """Play a whole tournament with a full log; the finished game and its outcome. `first`
    seats the first player (the draw replaced, for tests that need a given order)."""
    prepared = [TournamentDeck.from_deck(d) for d in decks]
    players = policies or (Scripted(single=in_order),) * len(decks)
    extra = {"store": the_store} if the_store is not None else {}
    game = direct_game(Game, prepared, seed, players, record_log=True, **extra)
    game.begin()
    if first is not None:
        game.first = game.current = first
    while game.next_turn():
        pass
    return game, game.finish(capped=False)


def events(outcome, kind: str) -> list[dict]:
    return [e for e in outcome.log if e["event"] == kind]
