"""Paying caveats' requirements and activation costs (rulebook, "Creatures", "Creature
Abilities"; guide, "Caveats" and "Activation Costs"). Who picks the cards is the payment's
`chooser`: the paying player takes their least valuable cards, an opponent of their choice the
most valuable ("chosen by an opponent of your choice"), chance a random one ("random cards")."""

from __future__ import annotations

from typing import TypeVar

from .cards import KeeperCard
from .plays import ME, OPPONENT, Payment
from .state import GameView, Permanent, Player

_Given = TypeVar("_Given", bound="Permanent | KeeperCard")  # what a payment gives up


def _creatures(me: Player, source: Permanent | None) -> list[Permanent]:
    """The creatures that can be exhausted to pay: never the creature paying to act, which is
    exhausted to attack, defend or use its ability anyway ("You must [do X] to attack with,
    defend with, or use an ability of this creature" ruling: "in addition to any usual
    requirement to exhaust the creature"; Creature Abilities, for activation costs)."""
    return [c for c in me.creatures if not c.exhausted and c is not source]


def _in_play(me: Player, source: Permanent | None, payment: Payment) -> list[Permanent]:
    return [c for c in me.in_play() if not (payment.others and c is source)]


def can_pay(me: Player, payment: Payment, x: int, source: Permanent | None) -> bool:
    """Whether `me` can fully pay x of it now (an unpayable cost cannot be paid in part)."""
    op = payment.op
    if op == "exhaust_creatures":
        return len(_creatures(me, source)) >= x
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


def _by_value(cards: list[_Given], payment: Payment) -> list[_Given]:
    """The cards in the order they are given up: cheapest first for the payer, dearest first
    when an opponent chooses."""
    return sorted(cards, key=lambda c: c.value, reverse=payment.chooser == OPPONENT)


def pay(game: GameView, me: Player, payment: Payment, x: int, source: Permanent | None) -> None:
    """Pay x of it; callers check can_pay first. The log names what was given up."""
    op = payment.op
    # the cards given up, or for exhausting resources and hitpoints nothing
    paid: list[KeeperCard] = []
    if op == "exhaust_creatures":
        for creature in _by_value(_creatures(me, source), payment)[:x]:
            creature.exhausted = True
            paid.append(creature.card)
    elif op in ("sacrifice_in_play", "destroy_in_play"):
        for permanent in _by_value(_in_play(me, source, payment), payment)[:x]:
            paid.append(permanent.card)
            if op == "sacrifice_in_play":
                game.sacrifice(permanent)
            else:
                game.destroy(permanent, explicit=False)  # a cost, not an effect
    elif op in ("sacrifice_hand", "destroy_hand"):
        for card in game.chance.pick(me.hand, x):
            paid.append(card)
            if op == "sacrifice_hand":
                me.hand.remove(card)
                me.graveyard.append(card)
            else:
                game.destroy_from(me, me.hand, card)
    elif op == "destroy_resources":
        # The payer gives up exhausted resources first; an opponent picks unexhausted ones.
        for _ in range(x):
            exhausted = me.spent and (payment.chooser == ME or not me.unspent)
            card = me.resources[0] if exhausted else me.resources[-1]
            me.remove_resource(card)
            paid.append(card)
            me.graveyard.append(card)
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
            paid.append(card)
            if op == "sacrifice_deck":
                me.deck.pop()
                me.graveyard.append(card)
            else:
                game.destroy_from(me, me.deck, card)
    if game.log is not None:
        game.event(
            "pay",
            me.index,
            op=op,
            x=x,
            source=game.ref(source.card) if source is not None else None,
            cards=game.refs(paid),
            hp=me.hp,
            resources=len(me.resources),
            spent=me.spent,
        )
