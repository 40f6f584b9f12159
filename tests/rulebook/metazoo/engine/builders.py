"""Pages, Spellbooks and games in a chosen state, for the engine's rule tests."""

from __future__ import annotations

import itertools
from typing import Any

from rulebook.core.cards import CardInfo
from rulebook.core.stepping import direct_game
from rulebook.metazoo.engine import HeuristicPolicy, MetaZooDeck, PageCard
from rulebook.metazoo.engine.game import Game
from rulebook.metazoo.engine.state import Page

_UIDS = itertools.count(1000)  # Pages made by a test, numbered apart from the Spellbooks'


def card(name: str, type_: str = "Beastie", text: str = "", **attributes: Any) -> PageCard:
    return PageCard(
        CardInfo(key=name.lower(), name=name, type=type_, text=text, attributes=attributes)
    )


def beastie(name: str, lp: int = 50, damage: int = 20, aura: str = "flame", **more: Any):
    attacks = more.pop("attacks", [{"name": f"{name} Bite", "damage": damage}])
    return card(name, "Beastie", aura_cost={aura: 1}, lp=lp, attacks=attacks, **more)


# Built by each test that uses them, never once at import: mutmut switches a mutant on only
# after the test modules are imported, so a Page compiled at import is never mutated
# (docs/testing/mutants.md).
def flame_aura() -> PageCard:
    return card("Flame Aura", "Aura", aura_type="flame", basic=True)


def water_aura() -> PageCard:
    return card("Water Aura", "Aura", aura_type="water", basic=True)


# A Beastie with an "any time" effect: its Caster is asked in every priority window.
def healer_card() -> PageCard:
    return card(
        "Healer",
        "Beastie",
        aura_cost={"forest": 1},
        lp=50,
        attacks=[{"name": "Tap", "damage": 10}],
        effects=[{"when": "any_time", "do": "recover", "n": 20, "target": "own_beastie"}],
    )


class Scripted(HeuristicPolicy):
    """The heuristic, except for the answers given per decision kind (first given, first
    used); `asked` records every decision kind it was asked."""

    def __init__(self, **answers: list) -> None:
        self.answers = {kind: list(values) for kind, values in answers.items()}
        self.asked: list[str] = []

    def answer(self, game, decision):
        self.asked.append(decision.kind)
        queued = self.answers.get(decision.kind)
        if queued:
            answer = queued.pop(0)
            return answer(game, decision) if callable(answer) else answer
        return super().answer(game, decision)


def spellbook(*cards: PageCard, filler: PageCard | None = None, size: int = 40) -> MetaZooDeck:
    pages = list(cards) + [filler or flame_aura()] * max(size - len(cards), 0)
    return MetaZooDeck(tuple(pages))


def new_game(deck_a=None, deck_b=None, seed: int = 1, policies=None) -> Game:
    policies = policies or (HeuristicPolicy(), HeuristicPolicy())
    decks = [deck_a or spellbook(), deck_b or spellbook()]
    return direct_game(Game, decks, seed, policies, record_log=True)


def put(game: Game, seat: int, page_card: PageCard, fatigued: bool = False) -> Page:
    """A Page of this Caster straight into the Arena."""
    page = Page(next(_UIDS), page_card, seat)
    game.enter(game.casters[seat], page, fatigued=fatigued)
    return page


def in_chapter(game: Game, seat: int, page_card: PageCard) -> Page:
    caster = game.casters[seat]
    page = Page(next(_UIDS), page_card, seat)
    page.zone = "chapter"
    caster.chapter.append(page)
    return page


def events(game: Game, kind: str) -> list[dict]:
    return [e for e in game.log if e["event"] == kind]


def started(*policies) -> Game:
    """A game set up (Win Condition, p. 16) and at its first turn, before any Page is played."""
    game = new_game(policies=policies or None)
    game.begin()
    game.turn = 1
    return game


def coins(game: Game, *results: bool) -> None:
    """Every coin of the game from now on comes up as given, in order (heads: True)."""
    queued = list(results)

    def flip(caster, why):
        heads = queued.pop(0)
        game.event("coin", caster.seat, why=why, result="heads" if heads else "tails")
        return heads

    game.flip = flip
