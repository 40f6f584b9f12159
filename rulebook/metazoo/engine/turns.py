"""The Turn Steps (p. 16-17), on a game in progress (game.py hands itself in): Mulligans as the
game is set up, then each turn: start-of-turn effects, a priority window, Bookmark, Awaken, Aura
dissolving; the Actions (legal.py lists them, `act` takes one); a priority window, the end
effects in the order the active Caster chooses, Aura dissolving.
"""

from __future__ import annotations

from typing import Any

from rulebook.core.decisions import YES_NO
from rulebook.metazoo.cards import BEASTIE
from rulebook.metazoo.effects import END_OF_TURN, START_OF_TURN

from .aura import dissolve
from .chain import exchange, push_action, window
from .combat import Combat
from .contracts import move_trap
from .effects import trigger
from .legal import ActionOptions
from .state import ACTION, MULLIGAN, ORDER, REGEN, SPELLBOOK, Caster, log_id, present
from .statuses import SUFFERED, expire, remove_status, suffer, wake


def mulligan(game: Any, caster: Caster) -> None:
    """Mulligan (p. 16): any number of times, each one Page fewer: the Chapter back into
    the Spellbook, shuffle, Bookmark N-1."""
    while len(caster.chapter) > 0:
        if not game.ask(caster, MULLIGAN, YES_NO):
            return
        size = len(caster.chapter)
        for page in caster.chapter:
            page.zone = SPELLBOOK
        caster.spellbook.extend(caster.chapter)
        caster.chapter.clear()
        game.chance.shuffle(caster.spellbook)
        game.mulligans[caster.seat] += 1
        game.event("mulligan", caster.seat, returned=size)
        game.bookmark(caster, size - 1)


def take_turn(game: Any, me: Caster) -> None:
    """Turn Steps (p. 16): start effects, priority, Bookmark, Awaken, Aura dissolves; the
    Actions; priority, end effects, Aura dissolves."""
    if game.log is not None:
        game.event("turn", me.seat, turn=game.turn)
    me.aura_page_played = False
    if game.barred_until == me.seat:
        game.barred_until = None
        game.event("attacks_allowed", me.seat)
    start_effects(game, me)
    window(game, me)
    game.bookmark(me, 1)
    awaken(game, me)
    dissolve(game, me)
    while True:
        action = game.ask(me, ACTION, ActionOptions(game, me))
        if action is None:
            break
        act(game, me, action)
    window(game, me)
    end_effects(game, me)
    for caster in game.casters:
        dissolve(game, caster)
    for caster in game.casters:
        for page in caster.arena:
            if page.granted:
                page.granted.clear()


def start_effects(game: Any, me: Caster) -> None:
    """Start of turn: Sleep's coin (README), then "start of your turn" effects."""
    wake(game, me)
    for page in list(me.arena):
        if page.card.start_of_turn:
            trigger(game, me, page, page.card.start_of_turn, START_OF_TURN)
    game.sweep()


def awaken(game: Any, me: Caster) -> None:
    """Awaken the Fatigued Pages you control; a Frozen one stays Fatigued this once."""
    woken = []
    for page in me.arena:
        if not page.fatigued:
            continue
        if "frozen" in page.statuses:
            remove_status(game, page, "frozen")
            continue
        page.fatigued = False
        woken.append(page.uid)
    if game.log is not None:
        game.event("awaken", me.seat, pages=woken)


def end_effects(game: Any, me: Caster) -> None:
    """End of turn effects, simultaneous, in the order the active Caster chooses
    (Simultaneous Effects, p. 23): Burn, Poison, Regen and "end of your turn" effects of
    the Pages it controls and of itself; then status indicators that last a turn end."""
    items: list[tuple[str, Any]] = []
    for page in me.arena:
        if page.statuses:
            items.extend((status, page) for status in SUFFERED if status in page.statuses)
        # (only a Beastie gains Traits from other Pages: has() asked only where it may say yes)
        if (page.card.type == BEASTIE or page.card.traits or page.granted) and game.has(
            page, "Regen"
        ):
            items.append(("regen", page))
        if page.card.end_of_turn:
            items.extend(("effect", (page, i)) for i in range(len(page.card.end_of_turn)))
    items.extend((status, me) for status in SUFFERED if status in me.statuses)
    if len(items) > 1:
        items = list(game.choose(me, ORDER, items, least=len(items), most=len(items)))
    if game.log is not None:  # every turn's, so a judge sees each Burn and Poison owed
        game.event("end_of_turn", me.seat, order=[_end_item_id(kind, s) for kind, s in items])
    for kind, subject in items:
        if kind == "effect":
            page, index = subject
            if present(page):
                trigger(game, me, page, (page.card.end_of_turn[index],), END_OF_TURN)
        elif kind == "regen":
            if present(subject):
                game.recover(subject, REGEN, me)
        elif present(subject) and kind in subject.statuses:
            suffer(game, subject, kind)
        game.sweep()
    expire(game, me)


def _end_item_id(kind: str, subject: Any) -> list[Any]:
    """An end-of-turn item as the log names it: [kind, subject], an effect's with its index
    among the Page's "end of your turn" effects."""
    if kind == "effect":
        page, index = subject
        return [kind, page.uid, index]
    return [kind, log_id(subject)]


def act(game: Any, caster: Caster, action: tuple[Any, ...]) -> None:
    """Take an Action, then the exchange of priority and the chain's resolution."""
    if action[0] == "attack":
        _, beastie, index, target = action
        Combat(game, caster, beastie, beastie.card.attacks[index], target).fight()
        return
    if action[0] == "move":
        _, trap, host = action
        move_trap(game, caster, trap, host)
    else:
        push_action(game, caster, action)
    exchange(game, caster)
