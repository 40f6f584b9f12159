"""Cards and games built by hand for Keeper engine tests (no database)."""

from __future__ import annotations

from collections.abc import Iterable

from rulebook.core.stepping import direct_game
from rulebook.keeper.engine import HeuristicPolicy, KeeperCard, KeeperDeck
from rulebook.keeper.engine.game import Game
from rulebook.keeper.engine.state import Permanent, Player
from rulebook.samples import KEEPER as SAMPLES

NO_ABILITIES = "This card has no abilities."


def creature(name: str, offense: int, defense: int, text: str = NO_ABILITIES, cost: int = 1):
    return KeeperCard(
        name, "Creature", text, {"cost": cost, "offense": offense, "defense": defense}
    )


# Three creatures as (name, offense, defense), each worth another amount by the engine's stated
# valuation (offense + defense / 5): Striker 5.0, Wall 4.0, Middling 3.6. A defense counted
# five times over, or a sixth of it, orders them otherwise.
VALUED = (("Middling", 3, 3), ("Wall", 0, 20), ("Striker", 4, 5))


def spell(name: str, text: str, cost: int = 1) -> KeeperCard:
    return KeeperCard(name, "Spell", text, {"cost": cost})


# Built by each test that uses it, never once at import: mutmut switches a mutant on only
# after the test modules are imported, so a card compiled at import is never mutated
# (docs/testing/mutants.md).
def filler_card() -> KeeperCard:
    return creature("Filler", 1, 5)


def deck(cards: Iterable[KeeperCard] = ()) -> KeeperDeck:
    """40 cards: the given ones, then filler creatures."""
    given = list(cards)
    return KeeperDeck(given + [filler_card()] * (40 - len(given)))


def sample(name: str) -> KeeperDeck:
    return KeeperDeck.from_deck(SAMPLES.deck(name))


def new_game(seed: int = 1, policies=None) -> Game:
    """A game after setup: filler decks (so nobody runs out), empty hands, player 0 active."""
    policy = HeuristicPolicy()
    players = policies or (policy, policy)
    game = direct_game(Game, [deck(), deck()], seed, players, record_log=True)
    filler = filler_card()
    for player in game.players:
        player.deck = [filler] * 20
    return game


class Willing(HeuristicPolicy):
    """The heuristic, except that it uses every trigger it is offered."""

    def use_trigger(self, game, decision, ability, source):
        return True


class PlacesResources(HeuristicPolicy):
    """The heuristic, except that it places `count` resources in the Resource Phase (all it is
    offered when None)."""

    def __init__(self, count: int | None = None) -> None:
        self.count = count

    def resources_to_place(self, game, decision):
        return decision.options[: decision.most if self.count is None else self.count]


def in_play(game: Game, player: int, card: KeeperCard, *, exhausted: bool = False) -> Permanent:
    permanent = Permanent(card, owner=player, controller=player)
    permanent.exhausted = exhausted
    zone = game.players[player].creatures if card.is_creature else game.players[player].traps
    zone.append(permanent)
    return permanent


def give_resources(player: Player, count: int) -> None:
    player.resources.extend([filler_card()] * count)


def fix_dice(game: Game, values: Iterable[int]) -> None:
    """The dice the game rolls next, in order."""
    rolls = iter(values)
    # loaded dice for a test: the game's own roll method replaced on this one game
    game.roll = lambda: next(rolls)  # type: ignore[method-assign]
