"""Who decides: a Policy makes every choice a player makes; the game enforces the rules.

HeuristicPolicy plays sensibly (see the README, "Keeper test games"):
- keeps its 10 dearest cards in the reserves and swaps one in when it can afford it and holds a
  card it cannot afford soon; places two resources a turn until it has 4, then one until 8,
  then draws two, always resourcing the cards it is furthest from affording;
- summons its most valuable affordable creature first (not when a caveat would sacrifice or
  destroy more than the creature is worth), casts spells and uses abilities only when they have
  a target worth hitting (or heal when hurt, draw when the deck can spare it), and with the
  resources left sets its dearest spell that fits as a trap (paid now, sprung for free later:
  when its condition is met, or in a later Action Phase once it has a target);
- uses creature abilities (which exhaust the creature) only with creatures that cannot attack,
  have at most 1 offense, or whose ability is aimed at the opponent;
- attacks the player when its dice are expected to get through (3.5 a die against the defense
  of every creature that could defend) or when its deck would run out first, else a creature
  its dice are expected to destroy;
  sends no creature without offense (it adds no dice: it is kept back) and orders its team
  sturdiest first so defending dice are spent on the creature most likely to survive;
- defends with every creature able to, sturdiest first: defending costs nothing the next turn,
  since every creature recovers at the end of every turn (Recovery Phase).
RandomPolicy makes every choice uniformly at random among the legal ones.

Every choice answers a Decision whose options the game computed (legal.py, state.py's kinds): a
policy picks among them, and the game checks the pick. In the Action Phase the heuristic asks
the options for one kind of action at a time, in the order it prefers them, and whether each
creature it would rather summon can be summoned.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any, cast

from rulebook.core.decisions import Decision
from rulebook.core.views import HiddenZone

from .cards import KeeperAbility, KeeperCard
from .legal import ActionOptions, BattleOptions, Swaps
from .plays import OPPONENT
from .state import (
    STARTING_HITPOINTS,
    Action,
    GameView,
    Permanent,
    Player,
    Policy,
    Target,
    ZoneCard,
)
from .targets import score

DIE = 3.5  # the expected result of a six-sided die


def _sturdiest_first(team: list[Permanent]) -> list[Permanent]:
    return sorted(team, key=lambda c: -c.defense)


class HeuristicPolicy(Policy):
    def choose_reserves(self, game: GameView, decision: Decision) -> Sequence[KeeperCard]:
        ranked = sorted(decision.options, key=lambda card: (-card.cost, card.name))
        return ranked[: decision.most]

    def swaps(self, game: GameView, decision: Decision) -> Iterable[tuple[KeeperCard, KeeperCard]]:
        me = game.players[decision.seat]
        soon = len(me.resources) + 2
        wanted = [card for card in me.reserves if card.cost <= soon]
        unaffordable = [card for card in me.hand if card.cost > soon + 2]
        if not wanted or not unaffordable:
            return []
        best = max(wanted, key=lambda card: (card.value, card.name))
        worst = max(unaffordable, key=lambda card: (card.cost, card.name))
        return [(worst, best)]

    def resources_to_place(self, game: GameView, decision: Decision) -> Sequence[KeeperCard]:
        me, limit = game.players[decision.seat], cast(int, decision.most)  # a selection's
        have = len(me.resources)
        count = 2 if have < 4 else 1 if have < 8 else 0
        if len(me.deck) <= 4:
            count = limit  # drawing would empty the deck, which loses
        by_distance = sorted(me.hand, key=lambda card: (-(card.cost - have), card.name))
        return by_distance[: min(count, limit, max(len(me.hand) - 1, 0))]

    def next_action(self, game: GameView, decision: Decision) -> Action | None:
        # Found kind by kind, as it prefers them, from the options the game lists: this runs
        # several times a turn, and most kinds are never reached.
        me, options = game.players[decision.seat], cast(ActionOptions, decision.options)
        best: KeeperCard | None = None
        for card in options.affordable_creatures():
            if (
                (best is None or (card.value, card.name) > (best.value, best.name))
                and options.summonable(card)
                and self._summon_pays(me, card)
            ):
                best = card
        if best is not None:
            return ("summon", best, None)
        legal = options.by_kind()
        for action in legal:
            kind, subject, ability = action
            if kind == "set":
                # Nothing worth doing now: bank the resources left in a trap (paid now, free
                # later), the dearest spell that fits first.
                return min((action, *legal), key=lambda set_: (-set_[1].cost, set_[1].name))
            # (by kind, never a summon: every action listed here has its ability)
            if kind == "ability":
                if self._acts(subject, ability) and self.worthwhile(game, me, ability, subject):  # type: ignore[arg-type]  # see above
                    return action
            elif self.worthwhile(game, me, ability, None):  # type: ignore[arg-type]  # see above
                return action
        return None

    @staticmethod
    def _summon_pays(me: Player, card: KeeperCard) -> bool:
        payment = card.summon_payment
        if payment is None or payment.op not in ("sacrifice_in_play", "destroy_in_play"):
            return True
        cheapest = sorted(p.value for p in me.in_play())[: card.summon_x]
        return sum(cheapest) < card.value

    @staticmethod
    def _acts(creature: Permanent, ability: KeeperAbility) -> bool:
        card = creature.card
        return card.restriction.cannot_attack or creature.offense <= 1 or ability.hostile

    def worthwhile(
        self, game: GameView, me: Player, ability: KeeperAbility, source: Permanent | None
    ) -> bool:
        """Whether an ability does the player any good now."""
        selection = ability.selection
        if selection is None:
            return all(
                self._untargeted_helps(game, me, effect.op, effect.x) for effect in ability.effects
            )
        if selection.zone == "self":
            return source is not None
        if selection.zone == "deck":
            return True
        if (
            selection.zone == "play"
            and not selection.with_counters
            and not selection.exhausted_only
        ):
            # Every card in play scores its value (> 0 but for 0/0 creatures): hostile effects
            # gain on the opponent's cards, helpful ones on one's own.
            gaining, losing = (
                (game.opponent(me), me) if ability.hostile else (me, game.opponent(me))
            )
            if selection.chooser == OPPONENT:
                return not losing.creatures and not losing.traps and bool(gaining.in_play())
            return bool(gaining.creatures or gaining.traps)
        pool, unseen = self._pool(game, me, ability)
        scores = [score(me, target, ability.hostile) for target in pool]
        if selection.chooser == OPPONENT:
            return bool(scores) and min(scores) >= 0
        # The opponent's hand or deck it cannot see: a hostile effect finds something there.
        return any(value > 0 for value in scores) or (ability.hostile and unseen > 0)

    @staticmethod
    def _pool(game: GameView, me: Player, ability: KeeperAbility) -> tuple[list[Target], int]:
        """The targets the player can see, and how many more cards the selection reaches in
        zones hidden from it (another player's hand, deck or reserves)."""
        selection = ability.selection
        assert selection is not None
        if selection.zone == "play":
            return [p for player in game.players for p in player.in_play()], 0
        owners = {"mine": [me], "theirs": [game.opponent(me)]}.get(selection.side, game.players)
        zones = [(owner, getattr(owner, selection.zone)) for owner in owners]
        seen = [(owner, zone) for owner, zone in zones if not isinstance(zone, HiddenZone)]
        pool: list[Target] = [ZoneCard(owner, zone, card) for owner, zone in seen for card in zone]
        return pool, sum(len(zone) for _, zone in zones if isinstance(zone, HiddenZone))

    @staticmethod
    def _untargeted_helps(game: GameView, me: Player, op: str, x: int) -> bool:
        if op in ("heal", "dice_heal", "dice_heal_both"):
            return me.hp < STARTING_HITPOINTS
        if op == "draw":
            return len(me.deck) > x + 6
        if op == "all_draw":
            return len(me.deck) > len(game.opponent(me).deck)
        if op == "dice_duel":
            return me.hp > game.opponent(me).hp
        if op == "rerolls":
            return any(not c.exhausted and c.offense > 0 for c in me.creatures)
        return True

    def use_trigger(
        self, game: GameView, decision: Decision, ability: KeeperAbility, source: Permanent | None
    ) -> bool:
        return self.worthwhile(game, game.players[decision.seat], ability, source)

    def next_battle(
        self, game: GameView, decision: Decision
    ) -> tuple[list[Permanent], object] | None:
        me, options = game.players[decision.seat], cast(BattleOptions, decision.options)
        opponent = game.opponent(me)
        attackers = [c for c in options.attackers() if c.offense > 0]
        if not attackers:
            return None
        expected = DIE * sum(c.offense for c in attackers)
        defenders = [c for c in opponent.creatures if game.can_defend(opponent, c)]
        wall = sum(max(c.defense, 0) for c in defenders)
        # Running out of cards first loses: then attack even when the dice do not favour it.
        racing = len(me.deck) <= min(len(opponent.deck), 8)
        targets = options.targets()
        if opponent in targets and (not defenders or expected > 0.75 * wall or racing):
            return _sturdiest_first(attackers), opponent
        # (!=, not `is not`: the view's opponent stands for the game's player in the targets)
        creatures = [target for target in targets if target != opponent]
        for creature in sorted(creatures, key=lambda c: (-c.value, c.card.name)):
            guard = wall + (0 if creature in defenders else max(creature.defense, 0))
            if expected >= guard:
                return _sturdiest_first(attackers), creature
        return None

    def defenders(
        self, game: GameView, decision: Decision, attackers: list[Permanent], target: object
    ) -> Sequence[Permanent]:
        return _sturdiest_first(list(decision.options))

    def pick_targets(self, game: GameView, decision: Decision, hostile: bool) -> Sequence[Target]:
        # The targets that gain (see targets.score): the opponent's cards for a hostile effect,
        # one's own for a helpful one; the most valuable first.
        mine, count = decision.seat, cast(int, decision.most)  # a selection's
        gaining = [target for target in decision.options if (target.controller == mine) != hostile]
        if len(gaining) > count:
            gaining.sort(key=lambda target: -target.value)
        return [target for target in gaining[:count] if target.value > 0]

    def choose_player(self, game: GameView, decision: Decision, hostile: bool) -> Player:
        me = game.players[decision.seat]
        return game.opponent(me) if hostile else me

    def wants(self, game: GameView, decision: Decision, card: KeeperCard) -> bool:
        return True


class RandomPolicy(Policy):
    """Every choice uniformly at random among the legal ones (a baseline to measure against).

    It draws on its own generator, seeded from the game's seed and its seat: its draws are its
    choices, not chance steps of the game, so a game against it is a function of the decks,
    the seed and its answers, and replays from them (rulebook.core.stepping)."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def begin(self, seed: int, player: int) -> None:
        self.rng = random.Random(f"{self.seed}/{seed}/{player}")

    def choose_reserves(self, game: GameView, decision: Decision) -> Sequence[KeeperCard]:
        return self.rng.sample(_listed(decision), cast(int, decision.most))

    def swaps(self, game: GameView, decision: Decision) -> Iterable[tuple[KeeperCard, KeeperCard]]:
        rng, options = self.rng, cast(Swaps, decision.options)
        if options.hand and options.reserves and rng.random() < 0.5:
            return [(rng.choice(options.hand), rng.choice(options.reserves))]
        return []

    def resources_to_place(self, game: GameView, decision: Decision) -> Sequence[KeeperCard]:
        rng, hand = self.rng, _listed(decision)
        count = rng.randint(0, min(cast(int, decision.most), len(hand)))
        return rng.sample(hand, count)

    def next_action(self, game: GameView, decision: Decision) -> Action | None:
        actions: list[Action | None] = [*decision.options, None]
        return self.rng.choice(actions)

    def use_trigger(
        self, game: GameView, decision: Decision, ability: KeeperAbility, source: Permanent | None
    ) -> bool:
        return self.rng.random() < 0.5

    def next_battle(
        self, game: GameView, decision: Decision
    ) -> tuple[list[Permanent], object] | None:
        rng, options = self.rng, cast(BattleOptions, decision.options)
        attackers, targets = options.attackers(), options.targets()
        if not attackers or not targets or rng.random() < 0.5:
            return None
        team = rng.sample(attackers, rng.randint(1, len(attackers)))
        return team, rng.choice(targets)

    def defenders(
        self, game: GameView, decision: Decision, attackers: list[Permanent], target: object
    ) -> Sequence[Permanent]:
        rng, able = self.rng, _listed(decision)
        return rng.sample(able, rng.randint(0, len(able)))

    def pick_targets(self, game: GameView, decision: Decision, hostile: bool) -> Sequence[Target]:
        rng, pool = self.rng, _listed(decision)
        return rng.sample(pool, rng.randint(0, min(cast(int, decision.most), len(pool))))

    def choose_player(self, game: GameView, decision: Decision, hostile: bool) -> Player:
        player: Player = self.rng.choice(_listed(decision))
        return player

    def wants(self, game: GameView, decision: Decision, card: KeeperCard) -> bool:
        return self.rng.random() < 0.5


def _listed(decision: Decision) -> Sequence[Any]:
    """A decision's options where the game lists them (a list or tuple, not a live view)."""
    return cast("Sequence[Any]", decision.options)
