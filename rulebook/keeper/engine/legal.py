"""The legal options of a player's decisions that are more than a list: what the rules allow in
the Action Phase, in battle, and in swaps with the reserves (rulebook, "Turn Order").

Each is a view over the game in progress, built by the game for one Decision
(rulebook.core.decisions): `action in options` checks one answer by the rules, and iterating
lists the options. A policy answers with one of them and the game checks it. Checking the one
answer a player chose costs far less than listing every option, which a player needs only when
it chooses among them all (RandomPolicy): the Action Phase is asked dozens of times a game.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, cast

from rulebook.core.asking import DONE, Answered, Step, chosen

from .cards import KeeperCard
from .state import Action, GameView, Permanent, Player


class ActionOptions:
    """The Action Phase (Turn Order 2): summon a creature, cast a spell or set it as a trap,
    use a creature's ability, or spring a trap, as ("summon", card, None),
    ("cast" | "set", card, its ability), ("ability", creature, ability), ("trap", trap, its
    ability); or pass (None).

    Besides `in` and the whole list, it lists the actions kind by kind (`by_kind()`, but for
    summons) and answers for one creature (`summonable`), so a player that looks for the
    summon it prefers asks only about the creatures it would rather summon.

    Any copy of a card in the hand answers for it; listed, copies of a card are one choice (the
    hand's cards by name, each as its last copy, where the first stood). Listing has no length
    to ask first: asking whether a creature can be summoned moves it in the hand (Game.can_summon
    takes it out and puts it back last), so the list is made once, by whoever needs it.
    """

    __slots__ = ("_game", "player", "vouched")

    def __init__(self, game: GameView, player: Player) -> None:
        self._game = game  # private: the game itself is no part of what a player may read
        self.player = player
        # The creature `summonable` last said yes to in this ask (the game clears it before each
        # ask): summoning it needs no second look, as nothing changes while a player chooses.
        self.vouched: KeeperCard | None = None

    def affordable_creatures(self) -> Iterator[KeeperCard]:
        """The hand's creatures whose cost the unexhausted resources cover, in hand order, read
        from the hand as it is: whether one can be summoned is `summonable`."""
        unspent = self.player.unspent
        for card in self.player.hand:
            if card.is_creature and card.cost <= unspent:
                yield card

    def summonable(self, card: KeeperCard) -> bool:
        """Whether this card of the hand is a creature that can be summoned now (its cost and
        any caveat)."""
        me = self.player
        if card.is_creature and card in me.hand and self._game.can_summon(me, card):
            self.vouched = card
            return True
        return False

    def by_kind(self) -> Iterator[Action]:
        """Every legal action but summons (see `summonable`), kind by kind: the spells to cast,
        the creatures' abilities to use, the traps to spring, then the spells to set as traps;
        each kind in the order of the hand, the creatures, the traps. Found as they are asked
        for, so a player that takes the first it likes looks no further."""
        me, game = self.player, self._game
        unspent, hand = me.unspent, me.hand
        for card in hand:
            if _spell_paid_for(card, unspent) and card.abilities[0].condition is None:
                yield ("cast", card, card.abilities[0])
        for creature in me.creatures:
            # unexhausted and with abilities: a cheap look before can_use, which asks the same
            if not creature.exhausted and creature.card.abilities and game.can_use(me, creature):
                for ability in creature.card.abilities:
                    if _activatable(game, me, creature, ability):
                        yield ("ability", creature, ability)
        for trap in me.traps:
            if _springable(trap):
                yield ("trap", trap, trap.card.abilities[0])
        for card in hand:
            if _spell_paid_for(card, unspent):
                yield ("set", card, card.abilities[0])

    def __contains__(self, action: object) -> bool:
        try:
            kind, subject, ability = cast("tuple[Any, Any, Any]", action)  # any answer
            me = self.player
            if kind == "summon":
                return ability is None and (
                    subject is self.vouched
                    or (
                        subject.is_creature
                        and subject in me.hand
                        and self._game.can_summon(me, subject)
                    )
                )
            if kind == "cast" or kind == "set":
                return (
                    _spell_paid_for(subject, me.unspent)
                    and ability is subject.abilities[0]
                    and (kind == "set" or ability.condition is None)
                    and subject in me.hand
                )
            if kind == "ability":
                return (
                    ability in subject.card.abilities
                    and subject in me.creatures
                    and self._game.can_use(me, subject)
                    and _activatable(self._game, me, subject, ability)
                )
            if kind == "trap":
                return (
                    _springable(subject)
                    and ability is subject.card.abilities[0]
                    and subject in me.traps
                )
        except (AttributeError, TypeError, ValueError):  # not an action at all
            pass
        return False

    def __iter__(self) -> Iterator[Action]:
        me, game = self.player, self._game
        for card in {card.name: card for card in me.hand}.values():  # copies are one choice
            if card.is_creature:
                if game.can_summon(me, card):
                    yield ("summon", card, None)
            elif _spell_paid_for(card, me.unspent):
                ability = card.abilities[0]
                if ability.condition is None:
                    yield ("cast", card, ability)
                yield ("set", card, ability)
        for creature in me.creatures:
            if game.can_use(me, creature):
                for ability in creature.card.abilities:
                    if _activatable(game, me, creature, ability):
                        yield ("ability", creature, ability)
        for trap in me.traps:
            if _springable(trap):
                yield ("trap", trap, trap.card.abilities[0])


# The Action Phase's rules, each once, for listing the actions and for checking one.


def _spell_paid_for(card: KeeperCard, unspent: int) -> bool:
    """A spell in hand the unexhausted resources pay for: it may be set as a trap, and cast if
    its ability has no activation condition (Card Types: Spells)."""
    return not card.is_creature and bool(card.abilities) and card.cost <= unspent


def _activatable(game: GameView, me: Player, creature: Permanent, ability: Any) -> bool:
    """An ability a creature that may act can use now: no activation condition, its cost paid."""
    return ability.condition is None and game.can_activate(me, ability, creature)


def _springable(trap: Permanent) -> bool:
    """A set trap that may be sprung now: unexhausted, its ability without a condition."""
    abilities = trap.card.abilities
    return not trap.exhausted and bool(abilities) and abilities[0].condition is None


class BattleOptions:
    """A battle (Battles, step 1): a team of the creatures able to attack (at least one, each
    once, in the order the dice go) and a target not yet battled this phase, the opponent or one
    of their creatures, as (team, target); or no more battles (None)."""

    __slots__ = ("_game", "player")

    def __init__(self, game: GameView, player: Player) -> None:
        self._game = game
        self.player = player

    def attackers(self) -> list[Permanent]:
        """The creatures able to attack (unexhausted, allowed to, their caveat payable)."""
        me, game = self.player, self._game
        return [creature for creature in me.creatures if game.can_attack(me, creature)]

    def targets(self) -> list[Any]:
        """The opponent, then their creatures, less those already battled this phase: the
        opponent as the player sees it (its view's, rulebook.core.views)."""
        me, opponent = self.player, self._game.opponent(self.player)
        return [
            self._game.view(me.index).players[opponent.index] if t is opponent else t
            for t in (opponent, *opponent.creatures)
            if id(t) not in me.battle_targets
        ]

    def __contains__(self, battle: object) -> bool:
        try:
            team, target = cast("tuple[Any, Any]", battle)  # any answer
            if not team or len(set(map(id, team))) != len(team):
                return False
        except (TypeError, ValueError):  # not a battle at all
            return False
        me, game = self.player, self._game
        opponent = game.opponent(me)
        if id(target) in me.battle_targets or not (
            target is opponent or target in opponent.creatures
        ):
            return False
        for creature in team:
            if creature not in me.creatures or not game.can_attack(me, creature):
                return False
        return True

    def compose(self, picks: Sequence[int]) -> Step | Answered:
        """A battle asked of a person (rulebook.core.asking): the team one creature a pick, in
        the order its dice go, then its target; "pass" before any is no more battles."""
        attackers, picks = self.attackers(), list(picks)
        team: list[Permanent] = []
        while True:
            left = [creature for creature in attackers if creature not in team]
            if team and not left:
                break
            options = [DONE if team else None, *left]
            if not picks:
                return Step(options, "Which creature attacks next?", team)
            option = chosen(options, picks.pop(0))
            if option is None:
                return Answered(None)
            if option is DONE:
                break
            team.append(option)
        targets = self.targets()
        if not picks:
            return Step(targets, "Whom does the team attack?", team)
        return Answered((team, chosen(targets, picks.pop(0))))


class Swaps:
    """Swaps with the reserves (Turn Order 1: "exchange any number of cards in your hand for
    any of the same number of cards in your reserves"), answered at once as a list of (a hand
    card, a reserves card), each legal as the swaps before it left the hand and reserves. The
    list is the one option: `swaps in options` checks it swap by swap."""

    __slots__ = ("player",)

    def __init__(self, player: Player) -> None:
        self.player = player

    @property
    def hand(self) -> list[KeeperCard]:
        return self.player.hand

    @property
    def reserves(self) -> list[KeeperCard]:
        return self.player.reserves

    def __contains__(self, swaps: object) -> bool:
        if not isinstance(swaps, list | tuple):
            return False
        hand, reserves = list(self.player.hand), list(self.player.reserves)
        for swap in swaps:
            if not isinstance(swap, tuple) or len(swap) != 2:
                return False
            given, taken = swap
            # found and taken as the game takes them (list.remove)
            if given not in hand or taken not in reserves:
                return False
            hand.remove(given)
            reserves.remove(taken)
            hand.append(taken)
            reserves.append(given)
        return True

    def compose(self, picks: Sequence[int]) -> Step | Answered:
        """Swaps asked of a person (rulebook.core.asking): a hand card, then the reserves card
        that takes its place, swap by swap, until "done"."""
        hand, reserves = list(self.player.hand), list(self.player.reserves)
        swaps: list[tuple[KeeperCard, KeeperCard]] = []
        picks = list(picks)
        while True:
            options = [DONE, *(hand if reserves else ())]
            if not picks:
                return Step(options, "Which hand card do you swap next?", swaps)
            given = chosen(options, picks.pop(0))
            if given is DONE:
                return Answered(swaps)
            if not picks:
                return Step(reserves, f"Which reserves card takes {given.name}'s place?", swaps)
            taken = chosen(reserves, picks.pop(0))
            hand.remove(given)
            reserves.remove(taken)
            hand.append(taken)
            reserves.append(given)
            swaps.append((given, taken))
