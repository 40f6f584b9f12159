"""Contracts, on a game in progress (game.py hands itself in): an Aura Page a turn (Turn Steps,
p. 17), Terra into the shared slots (Terra Pages and Rotation, p. 13), Trap Pages placed
face-down and moved (Trap Pages), and How to Contract a Page (p. 18): revealed, its targets
chosen, its Aura Cost paid, onto the resolution chain (chain.py resolves it).
"""

from __future__ import annotations

from typing import Any

from rulebook.metazoo.effects import ENTER

from .aura import pay
from .effects import choose_targets, trigger
from .state import AFTERLIFE, ARENA, CHAPTER, TERRA_SLOT, TERRA_SLOTS, Caster, Page, log_targets


def contract_aura(game: Any, me: Caster, page: Page) -> None:
    """Once per turn, an Aura Page into the Arena Awakened (Turn Steps)."""
    me.aura_page_played = True
    game.leave_chapter(me, page)
    game.enter(me, page, fatigued=False)
    game.count(me, page)
    if page.card.enter:  # (not on the chain: its Damage destroys Pages now, as the chain's)
        trigger(game, me, page, page.card.enter, ENTER)
        game.sweep()


def contract_terra(game: Any, me: Caster, page: Page) -> None:
    """Terra Pages and Rotation (p. 13): the first empty slot; with all six full, the slot
    the rotation has reached (a 7th replaces slot 1, and so on); the replaced Terra goes to
    its owner's Afterlife."""
    game.leave_chapter(me, page)
    empty = [index for index, slot in enumerate(game.terra) if slot is None]
    replaced = None
    if empty:
        slot = empty[0]
    else:
        slot = game.rotation
        game.rotation = (game.rotation + 1) % TERRA_SLOTS
        replaced = game.terra[slot]
        assert replaced is not None
        game.leave_slot(replaced)
    game.terra[slot] = page
    if page.card.arena:
        game.statics.append(page)
    page.zone = TERRA_SLOT
    page.controller = me.seat
    game.event(
        "terra",
        me.seat,
        page=page.uid,
        name=page.card.name,
        slot=slot + 1,
        terra=page.card.terra,
        replaced=replaced.uid if replaced is not None else None,
    )
    if replaced is not None:
        game.to_zone(replaced, AFTERLIFE)
    game.count(me, page)
    if page.card.enter:  # (not on the chain: its Damage destroys Pages now, as the chain's)
        trigger(game, me, page, page.card.enter, ENTER)
        game.sweep()


def place_trap(game: Any, me: Caster, page: Page) -> None:
    """Place a Trap Page face-down into the Arena, without paying its Cost (Trap Pages)."""
    game.leave_chapter(me, page)
    page.zone = ARENA
    page.face_down = True
    me.traps.append(page)
    game.event("trap", me.seat, page=page.uid)


def move_trap(game: Any, me: Caster, trap: Page, host: Page) -> None:
    """Move a face-down Trap once, under a Beastie or Artifact you control without one."""
    trap.moved = True
    trap.host = host
    host.trap = trap
    game.event("trap_moved", me.seat, page=trap.uid, under=host.uid)


def contract(
    game: Any,
    me: Caster,
    page: Page,
    attacker: Page | None = None,
    effects: tuple[dict[str, Any], ...] | None = None,
) -> None:
    """How to Contract a Page (p. 18): reveal it, choose its targets, pay its Aura Cost;
    it goes on the chain and resolves when priority ends."""
    card = page.card
    if page.zone == CHAPTER:
        game.leave_chapter(me, page)
    else:  # a flipped Trap
        me.traps.remove(page)
        if page.host is not None:
            page.host.trap = None
            page.host = None
        page.face_down = False
    effects = effects if effects is not None else card.contract_effects
    targets = choose_targets(game, me, page, effects + card.enter, attacker)
    pay(game, me, card)
    page.zone = "chain"
    if game.log is not None:
        game.event(
            "contract",
            me.seat,
            page=page.uid,
            name=card.name,
            type=card.type,
            cost=dict(card.cost),
            targets=log_targets(targets),
        )
    game.count(me, page)
    game.chain.append(
        {"caster": me, "page": page, "effects": effects, "targets": targets, "kind": "contract"}
    )
