"""What each effect of the vocabulary (rulebook.neopets.effects) does to a game.

Passive actions (stat changes while in play, extra dice, rerolls, halved damage, a Location's
Map Piece condition) are read by Side.refresh and Game.playable instead; the rest are here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from rulebook.core.chance import Chance
from rulebook.core.decisions import Decision
from rulebook.neopets.effects import STATS

from .cards import Effect, EngineCard
from .dice import CRITICAL, SUCCESS
from .state import CARDS, GameView, QueueItem, Side


class Game(GameView, Protocol):
    """What the actions need of the game loop (game.Game is one): its chance steps, the
    rules steps they set off, and its log."""

    chance: Chance
    plays_left: int
    log: list[dict[str, Any]] | None  # None when no log is asked for: build no event then
    ask: Callable[[Decision], Any]  # a player's checked answer (rulebook.core.stepping)

    def amount(self, value: int | str, me: Side) -> int: ...

    def roll(self, me: Side, dice: int, card: EngineCard | None) -> list[int]: ...

    def draw(self, side: Side, count: int) -> None: ...

    def deal(self, side: Side, amount: int) -> None: ...

    def heal(self, side: Side, amount: int) -> None: ...

    def check_knock_out(self, side: Side) -> None: ...

    def transform(self, me: Side, target: EngineCard) -> None: ...

    def play_card(self, me: Side, card: EngineCard, zone: list[EngineCard]) -> None: ...

    def event(self, event: str, player: int | None, **data: object) -> None: ...


def choose_cards(
    game: Game, side: Side, options: list[EngineCard], most: int, purpose: str, *, least: int = 0
) -> Sequence[EngineCard]:
    """The side's player picks from `least` to `most` of the options for an effect."""
    chosen: Sequence[EngineCard] = game.ask(
        Decision(side.index, CARDS, options, least=least, most=most, context=(purpose,))
    )
    return chosen


def apply(game: Game, me: Side, effect: Effect, item: QueueItem | None) -> None:
    """Carry out one effect controlled by `me`; `item` is its card on the queue, if any."""
    _ACTIONS[effect.do](game, me, effect, item)


def _target(me: Side, effect: Effect) -> Side:
    return me._opponent if effect.to_opponent else me


def _draw(game: Game, me: Side, effect: Effect, item: QueueItem | None) -> None:
    side = _target(me, effect)
    game.draw(side, game.amount(effect.n, me))


def _heal(game: Game, me: Side, effect: Effect, item: QueueItem | None) -> None:
    game.heal(_target(me, effect), game.amount(effect.n, me))


def _damage(game: Game, me: Side, effect: Effect, item: QueueItem | None) -> None:
    """Damage to a Neopet; with `roll`, each success deals n and each critical crit_n, read
    from the dice rolled as the card entered the queue (CR 7.7.4)."""
    if effect.roll:
        if item is not None and item.dice:
            dice = item.dice
        else:
            dice = game.roll(me, effect.roll, item.card if item is not None else None)
        amount = sum(
            effect.crit_n if face == CRITICAL else game.amount(effect.n, me)
            for face in dice
            if face >= SUCCESS
        )
    else:
        amount = game.amount(effect.n, me)
    if amount:
        game.deal(_target(me, effect), amount)


def _stat(game: Game, me: Side, effect: Effect, item: QueueItem | None) -> None:
    side = _target(me, effect)
    side.mods.append((effect.stat, effect.by, effect.until))
    side.refresh()
    if game.log is not None:
        game.event("stat", side.index, stat=STATS[effect.stat], by=effect.by, until=effect.until)
    game.check_knock_out(side)  # lowering Hit Points below the damage taken knocks it out


def _freeze(game: Game, me: Side, effect: Effect, item: QueueItem | None) -> None:
    side = _target(me, effect)
    side.frozen = True  # CR 8.20.4a
    if game.log is not None:
        game.event("freeze", side.index)


def _negate(game: Game, me: Side, effect: Effect, item: QueueItem | None) -> None:
    """CR 8.20.6a: the card this responded to (just below it on the queue) does not resolve."""
    queue = game.queue
    if len(queue) >= 2:
        queue[-2].negated = True


def _search(game: Game, me: Side, effect: Effect, item: QueueItem | None) -> None:
    """CR 8.20.9 / 9.9.1: find a card by a string in its name (ignoring punctuation and case)
    and add it to the Inventory. The deck needs no shuffle after (8.20.9d): its order is never
    fixed (see Side.top_card)."""
    options = [card for card in me.deck if _matches(card, effect)]
    chosen = choose_cards(game, me, options, 1, "search") if options else []
    for card in chosen:
        me.deck.remove(card)
        me.take(card)
        if game.log is not None:
            game.event("search", me.index, card=card.name)


def _scrap(game: Game, me: Side, effect: Effect, item: QueueItem | None) -> None:
    """CR 8.20.8a: the top cards of the deck go to its owner's Discard."""
    side = _target(me, effect)
    for _ in range(min(game.amount(effect.n, me), len(side.deck))):
        card = side.top_card(game.chance)
        side.discard.append(card)
        if game.log is not None:
            game.event("scrap", side.index, card=card.name)


def _discard(game: Game, me: Side, effect: Effect, item: QueueItem | None) -> None:
    """CR 8.20.3a: the player discarding chooses the cards from their own Inventory."""
    side = _target(me, effect)
    count = min(game.amount(effect.n, me), len(side.inventory))
    if not count:
        return
    chosen = choose_cards(game, side, list(side.inventory), count, "discard", least=count)
    for card in list(chosen):
        side.give(card)
        side.discard.append(card)
        if game.log is not None:
            game.event("discard", side.index, card=card.name)


def _extra_play(game: Game, me: Side, effect: Effect, item: QueueItem | None) -> None:
    game.plays_left += game.amount(effect.n, me)


def _set_die(game: Game, me: Side, effect: Effect, item: QueueItem | None) -> None:
    """Change the lowest of your own dice below `value` to `value`: the dice of your card
    just below on the queue (CR 7.7.4), else your dice in the current battle."""
    dice = next(
        (queued.dice for queued in reversed(game.queue[:-1]) if queued.owner is me and queued.dice),
        game.rolls[me.index],
    )
    if not dice:
        return
    lowest = min(range(len(dice)), key=dice.__getitem__)
    if dice[lowest] < effect.value:
        dice[lowest] = effect.value
        if game.log is not None:
            game.event("set_die", me.index, die=lowest, face=effect.value)


def _recover(game: Game, me: Side, effect: Effect, item: QueueItem | None) -> None:
    """Add up to n matching cards from your Discard to your Inventory."""
    options = [card for card in me.discard if _matches(card, effect)]
    if not options:
        return
    count = game.amount(effect.n, me)
    for card in list(choose_cards(game, me, options, count, "recover")):
        me.discard.remove(card)
        me.take(card)
        if game.log is not None:
            game.event("recover", me.index, card=card.name)


def _replay(game: Game, me: Side, effect: Effect, item: QueueItem | None) -> None:
    """Play a matching card from your Discard (CR 9.1: it does not use up the Preparation
    Phase's one card; its level requirement still applies)."""
    level = me.level
    options = [
        card
        for card in me.discard
        if _matches(card, effect) and (card.level is None or card.level <= level)
    ]
    chosen = choose_cards(game, me, options, 1, "replay") if options else []
    if chosen:
        game.play_card(me, chosen[0], me.discard)


def _transform(game: Game, me: Side, effect: Effect, item: QueueItem | None) -> None:
    """Transform the active Neopet into the Rainbow Pool Neopet of its species that names
    `via` as its Location (the Lab Ray), if the Rainbow Pool has one (CR 8.20.10a)."""
    species = me.active.species if me.active is not None else None
    for card in me.rainbow_pool:
        if card.location == effect.via and card.species == species:
            game.transform(me, card)
            return


def _matches(card: EngineCard, effect: Effect) -> bool:
    """CR 9.9.1: a name matches any card name containing it."""
    if effect.type is not None and card.type != effect.type:
        return False
    return effect.plain_name is None or effect.plain_name in card.plain_name


_ACTIONS: dict[str, Callable[[Game, Side, Effect, QueueItem | None], None]] = {
    "draw": _draw,
    "heal": _heal,
    "damage": _damage,
    "stat": _stat,
    "freeze": _freeze,
    "negate": _negate,
    "search": _search,
    "scrap": _scrap,
    "discard": _discard,
    "extra_play": _extra_play,
    "set_die": _set_die,
    "recover": _recover,
    "replay": _replay,
    "transform": _transform,
}
