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
"""

from __future__ import annotations

from .cards import KeeperAbility, KeeperCard
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


def legal_actions(game: GameView, me: Player) -> list[Action]:
    """Everything the rules allow in the Action Phase now (Turn Order 2)."""
    actions: list[Action] = []
    for card in {card.name: card for card in me.hand}.values():  # copies are one choice
        if card.is_creature:
            if game.can_summon(me, card):
                actions.append(("summon", card, None))
        elif card.abilities and card.cost <= me.unspent:
            ability = card.abilities[0]
            if ability.condition is None:
                actions.append(("cast", card, ability))
            actions.append(("set", card, ability))
    for creature in me.creatures:
        if game.can_use(me, creature):
            for ability in creature.card.abilities:
                if ability.condition is None and game.can_activate(me, ability, creature):
                    actions.append(("ability", creature, ability))
    for trap in me.traps:
        if not trap.exhausted and trap.card.abilities and trap.card.abilities[0].condition is None:
            actions.append(("trap", trap, trap.card.abilities[0]))
    return actions


def _sturdiest_first(team: list[Permanent]) -> list[Permanent]:
    return sorted(team, key=lambda c: -c.defense)


class HeuristicPolicy(Policy):
    def choose_reserves(self, game, me, cards, count):
        return sorted(cards, key=lambda card: (-card.cost, card.name))[:count]

    def swaps(self, game, me):
        soon = len(me.resources) + 2
        wanted = [card for card in me.reserves if card.cost <= soon]
        unaffordable = [card for card in me.hand if card.cost > soon + 2]
        if not wanted or not unaffordable:
            return []
        best = max(wanted, key=lambda card: (card.value, card.name))
        worst = max(unaffordable, key=lambda card: (card.cost, card.name))
        return [(worst, best)]

    def resources_to_place(self, game, me, limit):
        have = len(me.resources)
        count = 2 if have < 4 else 1 if have < 8 else 0
        if len(me.deck) <= 4:
            count = limit  # drawing would empty the deck, which loses
        by_distance = sorted(me.hand, key=lambda card: (-(card.cost - have), card.name))
        return by_distance[: min(count, limit, max(len(me.hand) - 1, 0))]

    def next_action(self, game, me):
        # The same choices as legal_actions, found lazily: this runs several times a turn.
        unspent = me.unspent
        best: KeeperCard | None = None
        for card in me.hand:
            if (
                card.is_creature
                and card.cost <= unspent
                and (best is None or (card.value, card.name) > (best.value, best.name))
                and game.can_summon(me, card)
                and self._summon_pays(me, card)
            ):
                best = card
        if best is not None:
            return ("summon", best, None)
        spells = [c for c in me.hand if not c.is_creature and c.abilities and c.cost <= unspent]
        for card in spells:
            ability = card.abilities[0]
            if ability.condition is None and self.worthwhile(game, me, ability, None):
                return ("cast", card, ability)
        for creature in me.creatures:
            if creature.exhausted or not creature.card.abilities or not game.can_use(me, creature):
                continue
            for ability in creature.card.abilities:
                if (
                    ability.condition is None
                    and self._acts(creature, ability)
                    and game.can_activate(me, ability, creature)
                    and self.worthwhile(game, me, ability, creature)
                ):
                    return ("ability", creature, ability)
        for trap in me.traps:
            ability = trap.card.abilities[0] if trap.card.abilities else None
            if (
                ability is not None
                and not trap.exhausted
                and ability.condition is None
                and self.worthwhile(game, me, ability, None)
            ):
                return ("trap", trap, ability)
        # Nothing worth doing now: bank the resources left in a trap (paid now, free later),
        # the dearest spell that fits first.
        for card in sorted(spells, key=lambda card: (-card.cost, card.name)):
            if card.cost <= me.unspent:
                return ("set", card, card.abilities[0])
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
        pool = self._pool(game, me, ability)
        scores = [score(me, target, ability.hostile) for target in pool]
        if selection.chooser == OPPONENT:
            return bool(scores) and min(scores) >= 0
        return any(value > 0 for value in scores)

    @staticmethod
    def _pool(game: GameView, me: Player, ability: KeeperAbility) -> list[Target]:
        selection = ability.selection
        assert selection is not None
        if selection.zone == "play":
            return [p for player in game.players for p in player.in_play()]
        owners = {"mine": [me], "theirs": [game.opponent(me)]}.get(selection.side, game.players)
        return [
            ZoneCard(owner, getattr(owner, selection.zone), card)
            for owner in owners
            for card in getattr(owner, selection.zone)
        ]

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

    def use_trigger(self, game, me, ability, source):
        return self.worthwhile(game, me, ability, source)

    def next_battle(self, game, me):
        opponent = game.opponent(me)
        attackers = [c for c in me.creatures if c.offense > 0 and game.can_attack(me, c)]
        if not attackers:
            return None
        expected = DIE * sum(c.offense for c in attackers)
        defenders = [c for c in opponent.creatures if game.can_defend(opponent, c)]
        wall = sum(max(c.defense, 0) for c in defenders)
        # Running out of cards first loses: then attack even when the dice do not favour it.
        racing = len(me.deck) <= min(len(opponent.deck), 8)
        if id(opponent) not in me.battle_targets and (
            not defenders or expected > 0.75 * wall or racing
        ):
            return _sturdiest_first(attackers), opponent
        for creature in sorted(opponent.creatures, key=lambda c: (-c.value, c.card.name)):
            if id(creature) in me.battle_targets:
                continue
            guard = wall + (0 if creature in defenders else max(creature.defense, 0))
            if expected >= guard:
                return _sturdiest_first(attackers), creature
        return None

    def defenders(self, game, me, attackers, target):
        return _sturdiest_first([c for c in me.creatures if game.can_defend(me, c)])

    def pick_targets(self, game, me, pool, count, hostile):
        # The targets that gain (see targets.score): the opponent's cards for a hostile effect,
        # one's own for a helpful one; the most valuable first.
        mine = me.index
        gaining = [
            target
            for target in pool
            if (
                (target.controller if isinstance(target, Permanent) else target.player.index)
                == mine
            )
            != hostile
        ]
        if len(gaining) > count:
            gaining.sort(key=lambda target: -target.value)
        return [target for target in gaining[:count] if target.value > 0]

    def choose_player(self, game, me, hostile):
        return game.opponent(me) if hostile else me

    def wants(self, game, me, card):
        return True


class RandomPolicy(Policy):
    """Every choice uniformly at random among the legal ones (a baseline to measure against)."""

    def choose_reserves(self, game, me, cards, count):
        return game.rng.sample(cards, count)

    def swaps(self, game, me):
        if me.hand and me.reserves and game.rng.random() < 0.5:
            return [(game.rng.choice(me.hand), game.rng.choice(me.reserves))]
        return []

    def resources_to_place(self, game, me, limit):
        count = game.rng.randint(0, min(limit, len(me.hand)))
        return game.rng.sample(me.hand, count)

    def next_action(self, game, me):
        actions: list[Action | None] = [*legal_actions(game, me), None]
        return game.rng.choice(actions)

    def use_trigger(self, game, me, ability, source):
        return game.rng.random() < 0.5

    def next_battle(self, game, me):
        opponent = game.opponent(me)
        attackers = [c for c in me.creatures if game.can_attack(me, c)]
        targets = [t for t in (opponent, *opponent.creatures) if id(t) not in me.battle_targets]
        if not attackers or not targets or game.rng.random() < 0.5:
            return None
        team = game.rng.sample(attackers, game.rng.randint(1, len(attackers)))
        return team, game.rng.choice(targets)

    def defenders(self, game, me, attackers, target):
        able = [c for c in me.creatures if game.can_defend(me, c)]
        return game.rng.sample(able, game.rng.randint(0, len(able)))

    def pick_targets(self, game, me, pool, count, hostile):
        return game.rng.sample(pool, game.rng.randint(0, min(count, len(pool))))

    def choose_player(self, game, me, hostile):
        return game.rng.choice(game.players)

    def wants(self, game, me, card):
        return game.rng.random() < 0.5
