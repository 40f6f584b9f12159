"""Target selections (guide, "Target Selections"; rulebook, "Target" and "Selected by an
opponent" rulings): who selects (you, an opponent, chance) and from where.

A target is a Permanent (a card in play) or a ZoneCard (a card in a hand, deck, graveyard or
Resource Zone). Targets stay targets for the whole ability, wherever effects move them.
"""

from __future__ import annotations

from rulebook.core.decisions import Decision

from .cards import KeeperAbility
from .plays import CHOSEN_PLAYER, ME, OPPONENT, RANDOM
from .state import PLAYER, TARGETS, GameView, Permanent, Player, Target, ZoneCard


def score(me: Player, target: Target, hostile: bool) -> float:
    """How much `me` gains from aiming the ability at this target: a hostile effect gains on
    the opponent's cards and loses on one's own, a helpful one the reverse."""
    theirs = target.controller != me.index
    return target.value if theirs == hostile else -target.value


def select_targets(
    game: GameView, me: Player, ability: KeeperAbility, source: Permanent | None
) -> list[Target] | None:
    """The ability's targets; None when an "exactly [x] cards" selection cannot be met."""
    selection = ability.selection
    if selection is None:
        return []
    x, hostile = ability.select_x, ability.hostile
    if selection.zone == "self":
        return [source] if source is not None else []  # a spell is never in play
    if selection.zone == "play":
        pool: list[Target] = [
            permanent
            for player in game.players
            for permanent in player.in_play()
            if (not selection.with_counters or permanent.all_counters() >= ability.select_y)
            and (not selection.exhausted_only or permanent.exhausted)
        ]
        return pick(game, me, pool, x, selection.chooser, hostile)
    other = game.opponent(me)
    if selection.side == "mine":
        owner = me
    elif selection.side == "theirs":
        owner = other
    else:  # "one player": the caster chooses
        owner = choose_player(game, me, hostile)
    zone = {
        "hand": owner.hand,
        "deck": owner.deck,
        "graveyard": owner.graveyard,
        "resources": owner.resources,
    }[selection.zone]
    if selection.zone == "deck":
        if selection.look:  # "look at exactly [x] cards ... target up to [y] of those"
            if len(zone) < x:
                return None
            top: list[Target] = [ZoneCard(owner, zone, card) for card in zone[-x:]]
            return pick(game, me, top, ability.select_y, OPPONENT, hostile)
        return [ZoneCard(owner, zone, card) for card in reversed(zone[-x:])]
    cards: list[Target] = [ZoneCard(owner, zone, card) for card in zone]
    return pick(game, me, cards, x, selection.chooser, hostile)


def pick(
    game: GameView, me: Player, pool: list[Target], count: int, chooser: str, hostile: bool
) -> list[Target]:
    """Up to `count` targets from the pool, by the caster's policy, by chance, or by an
    opponent, who must pick that many (the caster asks for all it can get) and picks the worst
    for the caster."""
    if chooser == CHOSEN_PLAYER:
        # "Show all cards in your hand to one player of your choice ... selected by that
        # player": "one player" can be any player, yourself included ("One player" ruling).
        chooser = ME if choose_player(game, me, False) is me else OPPONENT
    if chooser == RANDOM:
        return game.chance.pick(pool, min(count, len(pool)))
    if chooser == OPPONENT:
        ranked = sorted(pool, key=lambda target: score(me, target, hostile))
        return ranked[:count]
    shown = game.view(me.index).shown_all(pool)  # each target as the chooser sees it
    return list(game.ask(Decision(me.index, TARGETS, shown, most=count, context=(hostile,))))


def choose_player(game: GameView, me: Player, hostile: bool) -> Player:
    """ "One player" of the caster's choice, any player, the caster included."""
    players = game.view(me.index).players  # each as the chooser sees it
    player: Player = game.ask(Decision(me.index, PLAYER, players, context=(hostile,)))
    return player
