"""Paying caveats' requirements and activation costs (rulebook, "Creatures", "Creature
Abilities"; guide, "Caveats" and "Activation Costs"). Who picks the cards is the payment's
`chooser`: the paying player takes their least valuable cards, an opponent of their choice the
most valuable ("chosen by an opponent of your choice"), chance a random one ("random cards")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .plays import ME, OPPONENT, Payment
from .state import Permanent, Player

if TYPE_CHECKING:
    from .game import Game


def _creatures(me: Player, source: Permanent | None, payment: Payment) -> list[Permanent]:
    return [c for c in me.creatures if not c.exhausted and not (payment.others and c is source)]


def _in_play(me: Player, source: Permanent | None, payment: Payment) -> list[Permanent]:
    return [c for c in me.in_play() if not (payment.others and c is source)]


def can_pay(game: Game, me: Player, payment: Payment, x: int, source: Permanent | None) -> bool:
    """Whether `me` can fully pay x of it now (an unpayable cost cannot be paid in part)."""
    op = payment.op
    if op == "exhaust_creatures":
        return len(_creatures(me, source, payment)) >= x
    if op in ("sacrifice_in_play", "destroy_in_play"):
        return len(_in_play(me, source, payment)) >= x
    if op in ("sacrifice_hand", "destroy_hand"):
        return len(me.hand) >= x
    if op == "destroy_resources":
        return len(me.resources) >= x
    if op == "exhaust_resources":
        return me.unspent >= x
    if op == "remove_counters":
        return source is not None and source.all_counters() >= x
    if op == "pay_hitpoints":
        return me.hp > x  # paying down to 0 would lose the game at once
    return len(me.deck) > x  # sacrifice_deck, destroy_deck: an empty deck loses


def _by_value(cards: list, payment: Payment) -> list:
    """The cards in the order they are given up: cheapest first for the payer, dearest first
    when an opponent chooses."""
    return sorted(cards, key=lambda c: c.value, reverse=payment.chooser == OPPONENT)


def pay(game: Game, me: Player, payment: Payment, x: int, source: Permanent | None) -> None:
    """Pay x of it; callers check can_pay first."""
    op = payment.op
    if op == "exhaust_creatures":
        for creature in _by_value(_creatures(me, source, payment), payment)[:x]:
            creature.exhausted = True
    elif op in ("sacrifice_in_play", "destroy_in_play"):
        for permanent in _by_value(_in_play(me, source, payment), payment)[:x]:
            if op == "sacrifice_in_play":
                game.sacrifice(permanent)
            else:
                game.destroy(permanent, explicit=False)  # a cost, not an effect
    elif op in ("sacrifice_hand", "destroy_hand"):
        for card in game.rng.sample(me.hand, x):
            if op == "sacrifice_hand":
                me.hand.remove(card)
                me.graveyard.append(card)
            else:
                game.destroy_from(me, me.hand, card)
    elif op == "destroy_resources":
        # The payer gives up exhausted resources first; an opponent picks unexhausted ones.
        spent_first = payment.chooser == ME
        for _ in range(x):
            if spent_first and me.spent:
                me.spent -= 1
            me.graveyard.append(me.resources.pop())
            me.spent = min(me.spent, len(me.resources))
    elif op == "exhaust_resources":
        me.spent += x
    elif op == "remove_counters":
        assert source is not None
        source.remove_counters(x)
    elif op == "pay_hitpoints":
        me.hp -= x  # paid, not damage taken: no "when you take damage" trigger
    else:
        for _ in range(x):
            card = me.deck[-1]
            if op == "sacrifice_deck":
                me.deck.pop()
                me.graveyard.append(card)
            else:
                game.destroy_from(me, me.deck, card)
