"""Effects (guide, "Effects"), each played from its operation and variables on its targets.

Rulings followed (rulebook, "Ability Clarifications/Rulings"): counters go only on creatures;
"a total of" is spread by the caster and never takes offense or defense below 0 (nor touches
spells); "each" acts on each target separately; targets stay targets wherever they move (each
effect finds its targets where the earlier ones left them).
"""

from __future__ import annotations

from collections.abc import Callable

from rulebook.core.decisions import YES_NO, Decision

from .cards import Effect, KeeperCard
from .state import WANTS, GameView, Permanent, Player, Target, ZoneCard

NAMED_COUNTERS = {
    "offense_counters": "offense",
    "defense_counters": "defense",
    "weakness_counters": "weakness",
    "damage_counters": "damage",
    "exhaustion_counters": "exhaustion",
    "dice_counters": "dice",
    "immortality_counters": "immortality",
}


def apply_effect(
    game: GameView, me: Player, effect: Effect, targets: list[Target], card: KeeperCard
) -> None:
    if targets:
        targets = [found for target in targets if (found := _follow(game, target)) is not None]
    op = effect.op
    if op in NAMED_COUNTERS:
        for creature in _creatures(game, targets):
            creature.add_marks(NAMED_COUNTERS[op], me.index, effect.x)
            if game.log is not None:
                game.event(
                    "counters",
                    me.index,
                    n=game.ref(creature.card),
                    kind=NAMED_COUNTERS[op],
                    placed=effect.x,
                )
        return
    _OPERATIONS[op](game, me, effect, targets, card)


def _follow(game: GameView, target: Target) -> Target | None:
    """The target where it is now ("Target" ruling: targets stay targets throughout the
    ability wherever earlier effects moved them): in play, or in a hand, deck, graveyard or
    Resource Zone; None while it is nowhere an effect reaches (a spell being cast)."""
    card = target.card
    if isinstance(target, Permanent):
        if target in game.players[target.controller].in_play():
            return target
    elif any(c is card for c in target.zone):
        return target
    for player in game.players:
        for permanent in player.in_play():
            if permanent.card is card:
                return permanent
        for zone in (player.hand, player.graveyard, player.resources, player.deck):
            if any(c is card for c in zone):
                return ZoneCard(player, zone, card)
    return None


def _creatures(game: GameView, targets: list[Target]) -> list[Permanent]:
    """The targets that are creatures still in play."""
    return [
        t
        for t in targets
        if isinstance(t, Permanent) and t.is_creature and t in game.players[t.controller].creatures
    ]


def _in_play(targets: list[Target]) -> list[Permanent]:
    """The targets in play: `apply_effect` has followed each (`_follow`), which keeps a
    Permanent only while it is in play; the effects that read this move nothing out of play."""
    return [t for t in targets if isinstance(t, Permanent)]


def counters(
    game: GameView, me: Player, effect: Effect, targets: list[Target], card: KeeperCard
) -> None:
    for creature in _creatures(game, targets):
        creature.counters += effect.x
        if game.log is not None:
            game.event(
                "counters", me.index, n=game.ref(creature.card), kind="plain", placed=effect.x
            )


def remove_counters(
    game: GameView, me: Player, effect: Effect, targets: list[Target], card: KeeperCard
) -> None:
    for creature in _creatures(game, targets):
        removed = creature.remove_counters(effect.x)
        if game.log is not None:
            game.event("counters", me.index, n=game.ref(creature.card), removed=removed)


def see(
    game: GameView, me: Player, effect: Effect, targets: list[Target], card: KeeperCard
) -> None:
    """Seeing cards changes nothing the engine keeps: its players know every card."""


def exhaust(
    game: GameView, me: Player, effect: Effect, targets: list[Target], card: KeeperCard
) -> None:
    for permanent in _in_play(targets):
        permanent.exhausted = True
        if game.log is not None:
            game.event("exhaust", me.index, n=game.ref(permanent.card), why="effect")
    for target in targets:
        if isinstance(target, ZoneCard) and target.zone is target.player.resources:
            target.player.exhaust_resource(target.card)
            if game.log is not None:
                game.event(
                    "exhaust_resource",
                    target.player.index,
                    n=game.ref(target.card),
                    spent=target.player.spent,
                    resources=len(target.player.resources),
                )


def _move(game: GameView, target: Target, to_resources: bool) -> None:
    """A target to its owner's Resource Zone (exhausted) or the top of its owner's deck."""
    if isinstance(target, Permanent):
        if target not in game.players[target.controller].in_play() or game.survives_explicit(
            target
        ):
            return
        game.leave_play(target)
        owner, moved = game.players[target.owner], target.card
    else:
        if target.card not in target.zone:
            return
        game.take(target.zone, target.card)
        owner, moved = target.player, target.card
    if to_resources:
        owner.add_exhausted_resource(moved)
    else:
        owner.deck.append(moved)
    if game.log is not None:
        game.event(
            "moved",
            owner.index,
            n=game.ref(moved),
            to="resources" if to_resources else "deck",
            resources=len(owner.resources),
            spent=owner.spent,
        )


def to_resources(
    game: GameView, me: Player, effect: Effect, targets: list[Target], card: KeeperCard
) -> None:
    for target in targets:
        _move(game, target, to_resources=True)


def to_deck(
    game: GameView, me: Player, effect: Effect, targets: list[Target], card: KeeperCard
) -> None:
    for target in targets:
        _move(game, target, to_resources=False)


def destroy(
    game: GameView, me: Player, effect: Effect, targets: list[Target], card: KeeperCard
) -> None:
    for target in targets:
        if isinstance(target, Permanent):
            if target in game.players[target.controller].in_play():
                game.destroy(target, explicit=True)
        elif target.zone is not target.player.graveyard:
            game.destroy_from(target.player, target.zone, target.card)


def _share(creatures: list[Permanent], total: int) -> list[tuple[Permanent, int]]:
    """ "A total of" spread evenly over the creatures, the first ones taking any remainder."""
    if not creatures:
        return []
    share, extra = divmod(total, len(creatures))
    return [(creature, share + (index < extra)) for index, creature in enumerate(creatures)]


def offense_up(
    game: GameView, me: Player, effect: Effect, targets: list[Target], card: KeeperCard
) -> None:
    for creature, amount in _share(_creatures(game, targets), effect.x):
        creature.offense += amount
        if game.log is not None:
            game.event("stat", me.index, n=game.ref(creature.card), offense=creature.offense)


def defense_up(
    game: GameView, me: Player, effect: Effect, targets: list[Target], card: KeeperCard
) -> None:
    for creature, amount in _share(_creatures(game, targets), effect.x):
        creature.defense += amount
        if game.log is not None:
            game.event("stat", me.index, n=game.ref(creature.card), defense=creature.defense)


def offense_down(
    game: GameView, me: Player, effect: Effect, targets: list[Target], card: KeeperCard
) -> None:
    remaining = effect.x
    for creature in sorted(_creatures(game, targets), key=lambda c: -c.offense):
        taken = min(remaining, creature.offense)
        creature.offense -= taken
        remaining -= taken
        if game.log is not None:
            game.event("stat", me.index, n=game.ref(creature.card), offense=creature.offense)


def dice_damage(
    game: GameView, me: Player, effect: Effect, targets: list[Target], card: KeeperCard
) -> None:
    """Each die's result to one target: the first target still standing."""
    for _ in range(effect.x):
        creatures = _creatures(game, targets)
        if not creatures:
            return
        value = game.roll()
        if game.log is not None:
            game.event("dice", None, dice=[value])
        game.damage_creature(creatures[0], value, me.index, card)


def total_damage(
    game: GameView, me: Player, effect: Effect, targets: list[Target], card: KeeperCard
) -> None:
    """ "A total of" damage: as much of it as the targets' defense can take, target by target."""
    remaining = effect.x
    for creature in _creatures(game, targets):
        dealt = min(remaining, max(creature.defense, 0))
        if dealt:
            game.damage_creature(creature, dealt, me.index, card)
            remaining -= dealt


def wants(game: GameView, me: Player, card: KeeperCard) -> bool:
    """Whether the player summons or casts a card an effect revealed (it may: "may")."""
    wanted: bool = game.ask(Decision(me.index, WANTS, YES_NO, context=(card,)))
    return wanted


def summon(
    game: GameView, me: Player, effect: Effect, targets: list[Target], card: KeeperCard
) -> None:
    """Reveal, then summon or cast the targets not in play, paying the usual costs (a spell with
    an activation condition only when it is met, so not here)."""
    for target in targets:
        if not isinstance(target, ZoneCard) or target.card not in target.zone:
            continue
        found = target.card
        if found.is_creature:
            if game.can_summon(me, found) and wants(game, me, found):
                game.summon(me, found, target.zone)
        elif (
            game.can_cast(me, found)
            and found.abilities[0].condition is None
            and wants(game, me, found)
        ):
            game.cast(me, found, target.zone)


def switch_control(
    game: GameView, me: Player, effect: Effect, targets: list[Target], card: KeeperCard
) -> None:
    """Each target creature to a different player (in two-player games, the other) until the
    end of this turn."""
    for creature in _creatures(game, targets):
        back = creature.controller
        game.players[back].creatures.remove(creature)
        creature.controller = 1 - back
        game.players[1 - back].creatures.append(creature)
        # At the end of the turn it returns to whoever controlled it before its first switch
        # this turn: switched twice, it is back with them, not given away.
        if all(switched is not creature for switched, _ in game.switched):
            game.switched.append((creature, back))
        if game.log is not None:
            game.event("control", 1 - back, n=game.ref(creature.card), why="effect")


def draw(
    game: GameView, me: Player, effect: Effect, targets: list[Target], card: KeeperCard
) -> None:
    game.draw(me, effect.x)


def all_draw(
    game: GameView, me: Player, effect: Effect, targets: list[Target], card: KeeperCard
) -> None:
    game.draw(me, effect.x)
    game.draw(game.opponent(me), effect.x)


def _dice(game: GameView, count: int) -> int:
    dice = [game.roll() for _ in range(count)]
    if game.log is not None:
        game.event("dice", None, dice=dice)
    return sum(dice)


def _heal(game: GameView, player: Player, amount: int) -> None:
    player.hp += amount
    if game.log is not None:
        game.event("hp", player.index, change=amount, hp=player.hp, why="heal")


def heal(
    game: GameView, me: Player, effect: Effect, targets: list[Target], card: KeeperCard
) -> None:
    _heal(game, me, effect.x)


def dice_heal(
    game: GameView, me: Player, effect: Effect, targets: list[Target], card: KeeperCard
) -> None:
    _heal(game, me, _dice(game, effect.x))


def dice_heal_both(
    game: GameView, me: Player, effect: Effect, targets: list[Target], card: KeeperCard
) -> None:
    _heal(game, me, _dice(game, effect.x))
    _heal(game, game.opponent(me), _dice(game, effect.x))


def dice_duel(
    game: GameView, me: Player, effect: Effect, targets: list[Target], card: KeeperCard
) -> None:
    """Damage to yourself, then to any one player: the opponent."""
    game.damage_player(me, _dice(game, effect.x))
    game.damage_player(game.opponent(me), _dice(game, effect.x), me.index, card)


def player_damage(
    game: GameView, me: Player, effect: Effect, targets: list[Target], card: KeeperCard
) -> None:
    game.damage_player(game.opponent(me), effect.x, me.index, card)


def rerolls(
    game: GameView, me: Player, effect: Effect, targets: list[Target], card: KeeperCard
) -> None:
    dice, times = me.rerolls
    me.rerolls = (max(dice, effect.x), max(times, effect.y))
    if game.log is not None:
        game.event("rerolls", me.index, dice=me.rerolls[0], times=me.rerolls[1])


def stay_exhausted(
    game: GameView, me: Player, effect: Effect, targets: list[Target], card: KeeperCard
) -> None:
    for permanent in _in_play(targets):
        permanent.stay_exhausted = True
        if game.log is not None:
            game.event("stays_exhausted", me.index, n=game.ref(permanent.card))


# Each operation of an effect, as apply_effect calls it.
Operation = Callable[[GameView, Player, Effect, list[Target], KeeperCard], None]

_OPERATIONS: dict[str, Operation] = {
    "counters": counters,
    "remove_counters": remove_counters,
    "see": see,
    "exhaust": exhaust,
    "to_resources": to_resources,
    "to_deck": to_deck,
    "destroy": destroy,
    "offense_up": offense_up,
    "defense_up": defense_up,
    "offense_down": offense_down,
    "dice_damage": dice_damage,
    "total_damage": total_damage,
    "summon": summon,
    "switch_control": switch_control,
    "draw": draw,
    "all_draw": all_draw,
    "heal": heal,
    "dice_heal": dice_heal,
    "dice_heal_both": dice_heal_both,
    "dice_duel": dice_duel,
    "player_damage": player_damage,
    "rerolls": rerolls,
    "stay_exhausted": stay_exhausted,
}
