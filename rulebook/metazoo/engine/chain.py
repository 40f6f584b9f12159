"""Priority and the resolution chain (Actions vs. Game Mechanics, p. 20; Priority, p. 21;
Resolution Chains, p. 22), on a game in progress (game.py hands itself in).

Every Action passes priority to the other Caster, who may respond with an "any time" Action
(legal.py lists them); the first Caster to take none ends priority and the chain resolves, last
in first out. A priority window gives priority to the active Caster, then the opposing one.
"""

from __future__ import annotations

from typing import Any

from .contracts import contract, contract_aura, contract_terra, place_trap
from .effects import apply_effect, choose_targets
from .legal import responses
from .state import ARENA, CEMETERY, LIMBO, RESPOND, UNDER, Caster, log_targets


def window(game: Any, active: Caster) -> None:
    """A priority window (Priority, p. 21): the active Caster, then the opposing one."""
    for caster in (active, active._opponent):
        priority(game, caster)


def priority(game: Any, caster: Caster) -> None:
    """Give a Caster priority: an "any time" Action or none; after an Action priority passes
    to the other Caster, and so on, until one takes none: then the chain resolves."""
    if not caster.answers:  # (as `response` says: asked several times an Action)
        return
    answer = response(game, caster)
    if answer is None:
        return
    push_action(game, caster, answer)  # (a response always goes on the chain)
    exchange(game, caster)


def response(game: Any, caster: Caster) -> tuple[Any, ...] | None:
    """The "any time" Action a Caster with priority takes, or None: not asked at all when
    none of its Pages has an "any time" effect (most Spellbooks: most windows)."""
    if not caster.answers:
        return None
    options = responses(game, caster)
    if not options:
        return None
    answer: tuple[Any, ...] | None = game.ask(caster, RESPOND, options)
    if answer is None and game.log is not None:
        game.event("pass", caster.seat)
    return answer


def exchange(game: Any, acted: Caster) -> None:
    """After an Action: priority to the other Caster, back and forth until one passes;
    then the chain resolves, last in first out."""
    caster = acted._opponent
    while priority_in_chain(game, caster):
        caster = caster._opponent
    while game.chain:
        resolve(game, game.chain.pop())
        game.sweep()


def priority_in_chain(game: Any, caster: Caster) -> bool:
    """Priority while the chain builds: a response goes on the chain."""
    answer = response(game, caster)
    if answer is None:
        return False
    push_action(game, caster, answer)
    return True


def push_action(game: Any, caster: Caster, action: tuple[Any, ...]) -> None:
    """Start an Action that goes on the chain: Contract a Page, place a Trap, use a Power
    or an "any time" effect."""
    kind, page = action[0], action[1]
    if kind == "aura":
        contract_aura(game, caster, page)
    elif kind == "terra":
        contract_terra(game, caster, page)
    elif kind == "trap":
        place_trap(game, caster, page)
    elif kind == "contract":
        contract(game, caster, page)
    elif kind == "power":
        effect = page.card.powers[action[2]]
        page.fatigued = True
        targets = choose_targets(game, caster, page, (effect,))
        game.event(
            "power",
            caster.seat,
            page=page.uid,
            name=page.card.name,
            effect=action[2],
            targets=log_targets(targets),
        )
        game.chain.append(
            {
                "caster": caster,
                "page": page,
                "effects": (effect,),
                "targets": targets,
                "kind": "power",
            }
        )
    elif kind == "any_time":
        effect = page.card.any_time[0]
        page.used_any_time = game.turn
        targets = choose_targets(game, caster, page, (effect,))
        game.event(
            "any_time",
            caster.seat,
            page=page.uid,
            name=page.card.name,
            targets=log_targets(targets),
        )
        game.chain.append(
            {
                "caster": caster,
                "page": page,
                "effects": (effect,),
                "targets": targets,
                "kind": "any_time",
            }
        )


def resolve(game: Any, item: dict[str, Any]) -> None:
    """Resolve the top of the chain: a Contracted Page, or an effect used."""
    caster, page = item["caster"], item["page"]
    if item.get("nullified"):
        game.event("nullified", caster.seat, page=page.uid)
        if item["kind"] == "contract":
            game.to_zone(page, CEMETERY if page.card.is_instant else LIMBO)
        return
    if game.log is not None:
        game.event("resolve", caster.seat, page=page.uid, kind=item["kind"])
    if item["kind"] != "contract":
        for effect in item["effects"]:
            apply_effect(game, effect, caster, page, item["targets"])
        return
    card = page.card
    if card.is_instant:
        for effect in item["effects"]:
            apply_effect(game, effect, caster, page, item["targets"])
        game.to_zone(page, CEMETERY)
        return
    equip = next((e for e in item["effects"] if e["do"] == "equip"), None)
    for effect in item["effects"]:
        if effect["do"] != "equip":
            apply_effect(game, effect, caster, page, item["targets"])
    if equip is not None:
        host = item["targets"].get(equip["target"])
        if host is None or host.zone != ARENA:
            game.to_zone(page, LIMBO)  # its target left first (Equipment Pages, p. 38)
            return
        page.zone = UNDER
        page.controller = host.controller
        host.carried.append(page)
        host.bonus += equip["n"]
        game.event("equip", caster.seat, page=page.uid, to=host.uid, bonus=equip["n"])
        return
    game.enter(caster, page, fatigued=not page.has("Fleet"))
    if item.get("defends") is not None:
        item["defends"].append(page)
    for effect in card.enter:
        apply_effect(game, effect, caster, page, item["targets"])
