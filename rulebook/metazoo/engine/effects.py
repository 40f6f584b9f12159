"""What each effect of the vocabulary (rulebook.metazoo.effects) does, and whom it targets, on
a game in progress (game.py hands itself in).

A Page's effects name a kind of target; a targeting kind is chosen by its Caster as the Page
is Contracted or the effect used (How to Contract a Page, p. 18), and the effect reaches it as
it resolves only if it is still there; the other kinds reach every Page they name. An effect
no Action starts (`trigger`: ENTER of a Page not Contracted onto the chain, DESTROYED, start and
end of turn, an Attack's effect text) has its target chosen by its controller as it resolves.
ARENA effects (damage and LP bonuses, Traits granted) are static: read where they count
(game.py, combat.py).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rulebook.metazoo.cards import ARTIFACT, BEASTIE, SPELL
from rulebook.metazoo.effects import SINGLE_TARGETS as SINGLE

from .state import ARENA, TARGET, UNDER, Caster, Page, log_id, present
from .statuses import inflict


def choose_targets(
    game: Any,
    me: Caster,
    page: Page,
    effects: Iterable[dict[str, Any]],
    attacker: Page | None = None,
) -> dict[str, Any]:
    """The targets of a Page's effects, one per kind of target, chosen as it is
    Contracted or used (How to Contract a Page, p. 18)."""
    targets: dict[str, Any] = {}
    for effect in effects:
        kind = effect.get("target")
        if kind is None or kind in targets:
            continue
        if kind == "attacker":
            targets[kind] = attacker
        elif kind in SINGLE:
            options = valid_targets(game, me, page, kind)
            game.asking = effect["do"]
            targets[kind] = game.choose(me, TARGET, options) if options else None
    return targets


def trigger(
    game: Any, me: Caster, page: Page, effects: tuple[dict[str, Any], ...], when: str
) -> None:
    """Effects that resolve at a moment rather than through an Action (Keywords, p. 25: ENTER
    and DESTROYED "Effects that resolve when a Page ..."; Turn Steps, p. 16-17: "at the
    'start'/'end' of your turn ... happen right now"): their controller chooses each target
    now, among the legal ones (Targeting Defined, p. 23); with none, the effect reaches nothing.
    The log names the target chosen, or none, for each kind the effects target."""
    combat = game.combat
    attacker = combat.attacker if combat is not None and combat.me is not me else None
    targets = choose_targets(game, me, page, effects, attacker)
    if targets and game.log is not None:
        chosen = {kind: log_id(target) for kind, target in targets.items()}
        game.event(
            "trigger", me.seat, page=page.uid, name=page.card.name, when=when, targets=chosen
        )
    for effect in effects:
        apply_effect(game, effect, me, page, targets)


def effect_has_targets(
    game: Any, me: Caster, page: Page, effects: Iterable[dict[str, Any]]
) -> bool:
    for effect in effects:
        kind = effect.get("target")
        if kind in SINGLE and not valid_targets(game, me, page, kind):
            return False
    return True


def valid_targets(game: Any, me: Caster, page: Page, kind: str) -> list[Any]:
    """Pages a targeting effect may choose: face-up, in the Arena; Beasties not while
    shrouded; not an opposing Magiproof Page with a Spell or Potion (README)."""
    if kind == "spell":
        return [
            item["page"]
            for item in game.chain
            if item["kind"] == "contract"
            and item["page"].card.type == SPELL
            and item["caster"] is not me
            and not item.get("nullified")
        ]
    if kind in ("beastie", "opposing_beastie", "own_beastie"):
        if game.shrouded == game.turn:
            return []
        if kind == "beastie":
            found = [p for side in game.casters for p in side.arena if p.card.type == BEASTIE]
        else:
            side = me if kind == "own_beastie" else me._opponent
            found = [p for p in side.arena if p.card.type == BEASTIE]
    elif kind in ("artifact", "opposing_artifact"):
        sides = game.casters if kind == "artifact" else (me._opponent,)
        found = [p for side in sides for p in side.arena if p.card.type == ARTIFACT]
    else:
        return []
    if page.card.is_instant:
        found = [p for p in found if p.controller == me.seat or not game.has(p, "Magiproof")]
    return found


def reach(
    game: Any, me: Caster, page: Page, effect: dict[str, Any], targets: dict[str, Any]
) -> list[Any]:
    """Who an effect reaches as it resolves: its target if still there, or every Page it
    names without targeting."""
    kind = effect["target"]
    if kind == "self":
        return [page] if page.zone == ARENA else []
    if kind == "opposing_caster":
        return [me._opponent]
    if kind == "each_opposing_beastie":
        return [p for p in me._opponent.arena if p.card.type == BEASTIE]
    if kind == "every_beastie":
        aura = effect.get("aura")
        return [
            p
            for side in game.casters
            for p in side.arena
            if p.card.type == BEASTIE and (aura is None or aura in p.card.aura_types)
        ]
    target = targets.get(kind)
    if target is None:
        return []
    if kind == "spell":
        return [target]
    return [target] if target.zone == ARENA else []


def apply_effect(
    game: Any,
    effect: dict[str, Any],
    me: Caster,
    page: Page,
    targets: dict[str, Any],
) -> None:
    """One effect of the vocabulary (rulebook.metazoo.effects), resolving now."""
    do = effect["do"]
    if do == "bookmark":
        game.bookmark(me, effect["n"])
    elif do == "no_attacks":
        game.barred_until = me.seat
        game.event("attacks_barred", me.seat, until_turn_of=me.seat)
    elif do == "shroud":
        game.shrouded = game.turn
        game.event("shroud", me.seat)
    elif do == "redirect":
        redirect(game, me)
    elif do in ("damage_bonus", "lp_bonus", "generate_aura", "equip"):
        return  # static, or applied where it belongs (max_lp, damage, payment, resolve)
    else:
        reached = reach(game, me, page, effect, targets)
        if do == "inflict":
            inflict(game, reached, effect["status"], me, effect.get("automatically", False))
        for subject in reached:
            if do == "damage":
                game.deal(subject, effect["n"], page, "effect")
            elif do == "recover":
                game.recover(subject, effect["n"], me)
            elif do == "destroy" and isinstance(subject, Page) and present(subject):
                game.destroy(subject)
            elif do == "nullify":
                for other in game.chain:
                    if other["page"] is subject:
                        other["nullified"] = True
            elif do == "grant_trait":
                subject.granted.add(effect["trait"])
                game.event("trait", me.seat, page=subject.uid, trait=effect["trait"])
            elif do == "place_under" and isinstance(subject, Page) and present(subject):
                game.leave_arena(subject)
                subject.zone = UNDER
                page.carried.append(subject)
                game.event("placed_under", me.seat, page=subject.uid, under=page.uid)


def redirect(game: Any, me: Caster) -> None:
    """Reflection: the Spell beneath it on the chain, if it targets a Page of this Caster,
    targets a Page of its own Caster instead (chosen by this Caster). The opposing Caster's
    Spells only: never the Reflection itself, which is this Caster's."""
    below = [
        other
        for other in game.chain
        if other["kind"] == "contract"
        and other["page"].card.type == SPELL
        and other["caster"] is not me
    ]
    if not below:
        return
    spell = below[-1]
    for kind, target in list(spell["targets"].items()):
        if isinstance(target, Page) and target.controller == me.seat:
            options = [p for p in spell["caster"].arena if p.card.type == target.card.type]
            if options:
                game.asking = "redirect"
                chosen = game.choose(me, TARGET, options)
                spell["targets"][kind] = chosen
                game.event("redirected", me.seat, page=spell["page"].uid, target=chosen.uid)
