"""Players: a deterministic heuristic and a random one, for the decisions a game asks of a
policy (state.Policy).

A policy is called with a view of the game (state.GameView) and a Decision: its seat (the
player's index), its kind and the legal options, which the game computed; it answers with one
of the options (or a selection of them) and the game checks it. It may read its own side
(`game.sides[decision.seat]`) and the public parts of the other (CR 9.11.1: active Neopet,
stats, damage, cards in play, counts), never the opponent's deck or Inventory. Every decision
must be a function of what it is shown (and, for RandomPolicy, of its own seeded generator), so
games repeat.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Collection, Sequence
from typing import NamedTuple, cast

from rulebook.core.decisions import AnswersByKind, Decision
from rulebook.neopets.cards import (
    CODESTONE,
    EQUIPMENT,
    FAERIE,
    FOOD,
    HERO,
    LOCATION,
    MAP_PIECE,
    PAINT_BRUSH,
    VILLAIN,
)
from rulebook.neopets.effects import D3
from rulebook.neopets.odds import best_rerolls

from .cards import AGILITY, ATTACK, DEFENCE, HP, Effect, EngineCard
from .dice import CRITICAL, SUCCESS
from .state import ANSWERED_BY, BATTLE, RESPOND, GameView, Policy, QueueItem, Side

__all__ = ["HeuristicPolicy", "Policy", "RandomPolicy"]

# How much one point of a stat is worth to the heuristic.
_STAT_WEIGHT = {HP: 0.8, ATTACK: 1.2, DEFENCE: 0.9, AGILITY: 0.5}
_REFERENCE_OPPONENT = (8, 3, 3, 4)  # hp, attack, defence, agility of a typical Neopet
_UNSEEN_TRANSFORMATION = 2.0  # another side's Paint Brush, its target unseen: worth negating
_LASTING = {"end_of_turn": 0.5, "end_of_round": 1.5, "permanent": 1.5, "while_in_play": 1.5}


class HeuristicPolicy(AnswersByKind):
    """A deterministic player: keep a hand with a Codestone (else mulligan once), attach
    Codestones, play the most valuable affordable card, reroll failed dice, pick Neopets by
    matchup, negate the opponent's valuable cards and use dice-changing Food when it counts."""

    ANSWERED_BY = ANSWERED_BY

    def begin(self, seed: int, player: int) -> None:
        """The heuristic keeps no state between games."""

    def take_first_turn(self, game: GameView, decision: Decision) -> bool:
        """Defer: the first turn has no Battle Phase (CR 5.5.1), and in the sample decks' games
        the player who took it won less than half of them (48% of strong mirrors, 46% of weak
        mirrors, 4,000 games each)."""
        return False

    def mulligan(self, game: GameView, decision: Decision, inventory: list[EngineCard]) -> bool:
        return not any(card.type == CODESTONE for card in inventory)

    def choose_neopet(self, game: GameView, decision: Decision) -> EngineCard:
        rival = game.sides[1 - decision.seat].active
        against = rival.stats if rival is not None else _REFERENCE_OPPONENT
        neopets: Collection[EngineCard] = decision.options
        return max(neopets, key=lambda neopet: _matchup(neopet.stats, against))

    def choose_codestone(self, game: GameView, decision: Decision) -> EngineCard | None:
        options = _cards(decision)
        if len(options) == 1:
            return options[0]
        me = game.sides[decision.seat]
        return max(options, key=lambda stone: _boost_value(me, stone))

    def choose_play(self, game: GameView, decision: Decision) -> EngineCard | None:
        me = game.sides[decision.seat]
        best, best_value = None, 0.0
        for card in decision.options:
            value = self.play_value(game, me, card)
            if value > best_value:
                best, best_value = card, value
        return best

    def choose_equipment_slot(
        self, game: GameView, decision: Decision, equipped: list[EngineCard], new: EngineCard
    ) -> int:
        values = [_worth(card).passive for card in equipped]
        return values.index(min(values))

    def choose_rerolls(
        self, game: GameView, decision: Decision, dice: list[int], other: list[int], attacking: bool
    ) -> Sequence[int]:
        """The odds module's optimal rule (rulebook.neopets.odds.best_rerolls, REROLL_POLICY):
        failed dice first, then, for an attacker, the 4-5 hits worth rerolling by expected
        damage. Dice of one class are alike, so which of them is rerolled does not matter."""
        failed = [index for index, face in enumerate(dice) if face < SUCCESS]
        if attacking:
            hit_dice = [index for index, face in enumerate(dice) if SUCCESS <= face < CRITICAL]
            hits = len(hit_dice)
            blocks = len(other) - other.count(1) - other.count(2) - other.count(3)
        else:
            hit_dice = []
            hits, blocks = other.count(4) + other.count(5), len(dice) - len(failed)
        fails, extra = best_rerolls(attacking, len(failed), hits, blocks, decision.most)
        return failed[:fails] + hit_dice[:extra] if extra else failed[:fails]

    def choose_food(self, game: GameView, decision: Decision, window: str) -> EngineCard | None:
        player, options = decision.seat, decision.options
        if window == RESPOND:
            queue = game.queue
            top = queue[-1]
            if top.owner.index != player:
                # Negate a valuable card or ability, or a negation aimed at my own.
                negator = next((f for f in options if f.negates), None)
                if negator is None:
                    return None
                mine_below = len(queue) > 1 and queue[-2].owner.index == player
                negation = top.card.negates and not top.triggered
                target = queue[-2] if negation and mine_below else top
                return negator if self.item_value(game, target, player) >= 2.0 else None
            if top.dice and min(top.dice) < 4:
                return next((f for f in options if f.sets_die), None)
            return None
        if window == BATTLE and _die_change_helps(game, player):
            return next((f for f in options if f.sets_die), None)
        return None

    def choose_cards(
        self, game: GameView, decision: Decision, purpose: str
    ) -> Sequence[EngineCard]:
        me, count = game.sides[decision.seat], decision.most
        ranked = sorted(decision.options, key=lambda card: self.play_value(game, me, card))
        return ranked[:count] if purpose == "discard" else ranked[::-1][:count]

    def item_value(self, game: GameView, item: QueueItem, player: int) -> float:
        """How much an item on the queue is worth to its controller, as `player` sees it: a
        played card's value, or a triggered ability's effects (CR 8.16)."""
        if item.triggered:
            return sum(_nominal_value(effect) for effect in item.effects)
        if item.card.type == PAINT_BRUSH and item.owner.index != player:
            # Which Neopet it turns the active one into lies in the other side's Rainbow Pool,
            # private to it (CR 9.11.2): a transformation is counted as an upgrade.
            return _UNSEEN_TRANSFORMATION
        return self.play_value(game, item.owner, item.card)

    def play_value(self, game: GameView, me: Side, card: EngineCard) -> float:
        """How much playing this card now is worth; 0 or less means keep it."""
        kind = card.type
        if kind == MAP_PIECE:
            return 100.0  # collecting costs nothing (CR 7.10.6)
        if kind == PAINT_BRUSH:
            target = me.paint_target(card)
            if target is None:
                return 0.0
            return _stats_value(target.stats) - _stats_value(me.active.stats)  # type: ignore[union-attr]  # a target only for an active Neopet
        if kind == FOOD and (card.negates or card.sets_die):
            return 0.0  # held for a response or a battle
        worth = _worth(card)
        value = worth.lasting
        if worth.heal:
            value += 2.0 * min(worth.heal, me.damage)
        if worth.draw and me.deck:
            value += 2.0 * worth.draw
        replaced = _replaced(me, card)
        if replaced is not None:
            value -= _worth(replaced).passive
        return value


class RandomPolicy(HeuristicPolicy):
    """Decides at random where the heuristic chooses, from its own generator reseeded from
    (its seed, the game's seed, its player) every game, so games still repeat; proves the
    Policy interface takes any player."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def begin(self, seed: int, player: int) -> None:
        self.rng = random.Random(f"{self.seed}:{seed}:{player}")

    def take_first_turn(self, game: GameView, decision: Decision) -> bool:
        return self.rng.random() < 0.5

    def mulligan(self, game: GameView, decision: Decision, inventory: list[EngineCard]) -> bool:
        return self.rng.random() < 0.5

    def choose_neopet(self, game: GameView, decision: Decision) -> EngineCard:
        return self.rng.choice(_cards(decision))

    def choose_codestone(self, game: GameView, decision: Decision) -> EngineCard | None:
        return self.rng.choice([*_cards(decision), None])

    def choose_play(self, game: GameView, decision: Decision) -> EngineCard | None:
        return self.rng.choice([*_cards(decision), None])

    def choose_equipment_slot(
        self, game: GameView, decision: Decision, equipped: list[EngineCard], new: EngineCard
    ) -> int:
        return self.rng.randrange(len(decision.options))

    def choose_rerolls(
        self, game: GameView, decision: Decision, dice: list[int], other: list[int], attacking: bool
    ) -> Sequence[int]:
        options = cast("Sequence[int]", decision.options)  # the dice, by their index
        return self.rng.sample(options, min(decision.most or 0, len(options)))

    def choose_food(self, game: GameView, decision: Decision, window: str) -> EngineCard | None:
        return self.rng.choice([*_cards(decision), None, None])


def _cards(decision: Decision) -> Sequence[EngineCard]:
    """A decision's options where the game offers cards (always a list, in Neopets)."""
    return cast("Sequence[EngineCard]", decision.options)


def _stats_value(stats: Sequence[int]) -> float:
    return sum(_STAT_WEIGHT[index] * value for index, value in enumerate(stats))


def _expected_damage(attacker: Sequence[int], defender: Sequence[int]) -> float:
    """A quick estimate of one attack's damage: criticals 1/6 per die, hits 1/3, blocks 1/2;
    Agility rerolls turn failures into more of each."""
    attack, defence = attacker[ATTACK], defender[DEFENCE]
    edge = attacker[AGILITY] - defender[AGILITY]
    rerolled = min(max(edge, 0), attack / 2)
    criticals = (attack + rerolled / 2) / 6
    hits = (attack + rerolled / 2) / 3
    blocks = (defence + min(max(-edge, 0), defence / 2) / 2) / 2
    return criticals + max(0.0, hits - blocks)


@functools.lru_cache(maxsize=4096)
def _matchup(mine: tuple[int, ...], theirs: tuple[int, ...]) -> float:
    """Turns the opponent needs to knock mine out, minus turns mine needs."""
    dealt = _expected_damage(mine, theirs) or 0.01
    taken = _expected_damage(theirs, mine) or 0.01
    return mine[HP] / taken - theirs[HP] / dealt


def _boost_value(me: Side, stone: EngineCard) -> float:
    """A Codestone's printed boost, worth nothing on a stat already at the cap (CR 6.2.4)."""
    hp, attack, defence, agility = stone.boost
    return (
        _STAT_WEIGHT[HP] * hp
        + (_STAT_WEIGHT[ATTACK] * attack if me.attack < 10 else 0.0)
        + (_STAT_WEIGHT[DEFENCE] * defence if me.defence < 10 else 0.0)
        + (_STAT_WEIGHT[AGILITY] * agility if me.agility < 10 else 0.0)
    )


def _replaced(me: Side, card: EngineCard) -> EngineCard | None:
    """The card in play that playing this one would push out, if any."""
    kind = card.type
    if kind == EQUIPMENT and len(me.equipment) >= 3:
        return min(me.equipment, key=lambda old: _worth(old).passive)
    if kind in (FAERIE, HERO, VILLAIN):
        return me.faerie
    if kind == LOCATION:
        return me.location
    return None


class _Worth(NamedTuple):
    """What a card's effects are worth to the heuristic, worked out once per card."""

    lasting: float  # everything but the heals and draws it does when played
    passive: float  # its passive abilities alone: what is lost when it is replaced
    heal: int  # damage it heals when played (worth only as much as there is damage)
    draw: int  # cards it draws when played (worth nothing from an empty deck)


def _worth(card: EngineCard) -> _Worth:
    worth = card.memo.get(_MEMO_KEY)
    if worth is None:
        passive = sum(_nominal_value(effect) for effect in card.passive)
        triggered = card.on_turn_start + card.on_battle_start + card.on_end_of_turn
        lasting = passive + 2 * sum(_nominal_value(effect) for effect in triggered)
        heal = draw = 0
        for effect in card.played:
            amount = 2 if effect.n == D3 else effect.n
            if effect.do == "heal" and not effect.to_opponent:
                heal += amount  # type: ignore[operator]  # D3 read as 2 above
            elif effect.do == "draw" and not effect.to_opponent:
                draw += amount  # type: ignore[operator]  # D3 read as 2 above
            else:
                lasting += _nominal_value(effect)
        worth = card.memo[_MEMO_KEY] = _Worth(lasting, passive, heal, draw)
    return worth


def _nominal_value(effect: Effect) -> float:
    """A rough worth of one effect, whatever the state of the game."""
    action = effect.do
    amount = 2 if effect.n == D3 else effect.n
    if action == "damage" and effect.roll:
        value = effect.roll * (amount / 3 + effect.crit_n / 6) * 2.5  # type: ignore[operator]  # D3 read as 2 above
    elif action == "damage":
        value = 2.5 * amount  # type: ignore[operator]  # D3 read as 2 above
    elif action == "stat":
        value = effect.by * _STAT_WEIGHT[effect.stat] * _LASTING[effect.until]
    elif action in ("draw", "heal"):
        value = 2.0 * amount  # type: ignore[operator]  # D3 read as 2 above
    else:
        value = _FLAT_VALUES.get(action, 0.0) * amount  # type: ignore[operator]  # D3 read as 2 above
    good_for_me = (action in _HARMFUL) == effect.to_opponent
    return value if good_for_me else -value


_MEMO_KEY = "heuristic"
_HARMFUL = frozenset({"damage", "freeze", "scrap", "discard"})
_FLAT_VALUES = {
    "freeze": 3.0,
    "search": 2.0,
    "scrap": 0.3,
    "discard": 1.2,
    "extra_play": 2.0,
    "recover": 1.5,
    "replay": 2.5,
    "reroll": 1.0,
    "extra_dice": 1.5,
    "transform": 2.0,
    "halve_damage": 3.0,
}


def _die_change_helps(game: GameView, player: int) -> bool:
    """Would turning my lowest battle die into a 6 change the battle's damage?"""
    mine, theirs = game.rolls[player], game.rolls[1 - player]
    if not mine or theirs is None:
        return False
    if player == game.active:
        hits = mine.count(4) + mine.count(5)
        blocks = sum(face >= 4 for face in theirs)
        return min(mine) < 4 or (min(mine) < 6 and hits <= blocks)
    hits = theirs.count(4) + theirs.count(5)
    return min(mine) < 4 and hits > sum(face >= 4 for face in mine)
