"""Cards, decks and games built by hand for engine tests (no database)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from rulebook.cardfile import MemoryPool
from rulebook.core.cards import CardInfo, Deck, Entry
from rulebook.core.decisions import Decision
from rulebook.core.stepping import direct_game
from rulebook.neopets.engine import EngineDeck, HeuristicPolicy
from rulebook.neopets.engine.cards import EngineCard
from rulebook.neopets.engine.game import Game
from rulebook.samples import NEOPETS as NEOPETS_SAMPLES

SAMPLE_CARDS = NEOPETS_SAMPLES.cards_file


def sample_pool() -> MemoryPool:
    return NEOPETS_SAMPLES.pool


class SampleCardsByRole(NamedTuple):
    """The sample cards as a random deck builder picks them (CR 8.1: Neopets, the Rainbow Pool,
    the Main Deck's Codestones and the rest)."""

    neopets: list[CardInfo]
    rainbow_pool: list[CardInfo]
    codestones: list[CardInfo]
    others: list[CardInfo]


# Copies a deck may hold of each card type (CR 7.3.2, 7.10.2); every other type: 2.
COPIES = {"Faerie": 1, "Hero": 1, "Villain": 1, "Map Piece": 1}


def sample_cards_by_role() -> SampleCardsByRole:
    cards = sample_pool().cards
    return SampleCardsByRole(
        neopets=[c for c in cards if c.type == "Neopet"],
        rainbow_pool=[
            c for c in cards if c.type == "Rainbow Pool Neopet" or c.attr("begins_in_rainbow_pool")
        ],
        codestones=[c for c in cards if c.type == "Codestone"],
        others=[c for c in cards if c.type not in ("Neopet", "Rainbow Pool Neopet", "Codestone")],
    )


def sample_deck(name: str) -> EngineDeck:
    """A deck from rulebook/neopets/sample_decks/<name>.txt, resolved against the sample cards."""
    return EngineDeck.from_deck(NEOPETS_SAMPLES.deck(name))


def info(name: str, type_: str, text: str = "", **attributes: Any) -> CardInfo:
    return CardInfo(
        key=name.lower().replace(" ", "-"), name=name, type=type_, text=text, attributes=attributes
    )


def neopet(
    name: str,
    hp: int = 8,
    attack: int = 3,
    defence: int = 3,
    agility: int = 3,
    species: str | None = None,
    **extra: Any,
) -> CardInfo:
    return info(
        name,
        extra.pop("type_", "Neopet"),
        "",
        species=species or name.split()[-1],
        hp=hp,
        attack=attack,
        defence=defence,
        agility=agility,
        **extra,
    )


def codestone(name: str = "Mau Codestone", **boost: int) -> CardInfo:
    return info(name, "Codestone", stat_boost=boost or {"attack": 1}, effects=[])


def filler(count: int = 40) -> list[tuple[CardInfo, int]]:
    """Cards that do nothing: Map Pieces of a Location nobody plays."""
    return [
        (info(f"Filler Map Piece {i}", "Map Piece", map_location="Nowhere", effects=[]), 1)
        for i in range(count)
    ]


def deck_of(
    main: Iterable[tuple[CardInfo, int]] = (),
    neopets: Iterable[CardInfo] = (),
    rainbow_pool: Iterable[CardInfo] = (),
) -> EngineDeck:
    neopets = list(neopets) or [
        neopet("Blue Acara", 8, 3, 2, 6),
        neopet("Red Kau", 8, 4, 3, 3),
        neopet("Green Poogle", 7, 3, 5, 3),
    ]
    return EngineDeck.from_deck(
        Deck(
            game="neopets",
            sections={
                "main": tuple(Entry(card, quantity) for card, quantity in main),
                "neopets": tuple(Entry(card, 1) for card in neopets),
                "rainbow_pool": tuple(Entry(card, 1) for card in rainbow_pool),
            },
        )
    )


class Scripted(HeuristicPolicy):
    """The heuristic, except for the answers a test pins (a value, or a function called as the
    policy method is: game, decision, then the decision's context); records what it was
    asked."""

    def __init__(self, **answers: Any) -> None:
        self.answers = answers
        self.asked: list[tuple[str, Any]] = []

    def __getattribute__(self, name: str) -> Any:
        answers = object.__getattribute__(self, "answers")
        if name in answers:
            answer = answers[name]

            def pinned(game: Game, decision: Decision, *args: Any) -> Any:
                object.__getattribute__(self, "asked").append((name, args))
                return answer(game, decision, *args) if callable(answer) else answer

            return pinned
        return object.__getattribute__(self, name)


def faces(*values: int) -> Callable[[], float]:
    """A stand-in for random.random() that rolls these die faces, in order."""
    queue = list(values)

    def random() -> float:
        return (queue.pop(0) - 1) / 6 + 0.01

    return random


def game_between(
    deck_a: EngineDeck,
    deck_b: EngineDeck | None = None,
    *,
    seed: int = 0,
    policies: tuple[Any, Any] | None = None,
    first: int = 0,
) -> Game:
    """A game set up (Inventories drawn, starting Neopets in) with player `first` to move."""
    players = policies or (HeuristicPolicy(), HeuristicPolicy())
    game = direct_game(Game, [deck_a, deck_b or deck_a], seed, players, record_log=True)
    game.set_up(first)
    game.active = first
    return game


def battle_ready(
    attacker: tuple[int, int, int] = (3, 3, 3),
    defender: tuple[int, int, int] = (3, 3, 3),
    policies: tuple[Any, Any] | None = None,
) -> tuple[Game, Any, Any]:
    """A game on its second turn with both Neopets' (attack, defence, agility) set."""
    game = game_between(deck_of(filler()), policies=policies)
    game.turn = 2
    me, opponent = game.sides
    me.attack, me.defence, me.agility = attacker
    opponent.attack, opponent.defence, opponent.agility = defender
    return game, me, opponent


def engine_card(card: CardInfo) -> EngineCard:
    return EngineCard(card)


_SAMPLE_CARDS: dict[str, CardInfo] = {}


def sample_card(name: str) -> EngineCard:
    """An EngineCard of a sample card, by name."""
    if not _SAMPLE_CARDS:
        _SAMPLE_CARDS.update((card.name, card) for card in sample_pool().cards)
    return EngineCard(_SAMPLE_CARDS[name])


def empty_inventories(game: Game) -> None:
    """Take every card out of both Inventories (keeping the sides' Food and Codestone counts)."""
    for side in game.sides:
        for card in list(side.inventory):
            side.give(card)
