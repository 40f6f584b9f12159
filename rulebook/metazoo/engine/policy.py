"""Who decides: a Policy makes every choice a Caster makes; the game enforces the rules.

HeuristicPolicy plays sensibly (README, "MetaZoo test games"):
- keeps an opening Chapter with both Aura and other Pages (else Mulligans, down to 5 Pages);
- each turn Contracts the Aura Page whose type its Chapter needs most, a Terra whose Bonus one
  of its Beasties' Attacks uses (when not active), its dearest affordable Beastie or Artifact,
  Spells and Potions only with a target worth it, places Trap Pages face-down and moves one
  under its sturdiest Beastie, uses Powers;
- then (its other Actions done for the turn) attacks with every Awakened Beastie, its strongest
  Attack, a Beastie it can Destroy if any, else the opposing Caster;
- defends with a Beastie that survives the blow when the blow would Destroy the target or take
  a tenth of its Caster's LP, allocates Damage to Destroy the most Defenders;
- responds in priority windows only with the listed responses (game.SIMPLIFICATIONS).
RandomPolicy makes every choice uniformly at random among the legal ones.
"""

from __future__ import annotations

import random
from operator import attrgetter
from typing import Any, cast

from rulebook.core.decisions import Decision
from rulebook.metazoo.cards import AURA, BEASTIE

from .legal import ActionOptions
from .state import (
    ACTION,
    ALLOCATE,
    CALL,
    CONTRACT_TRAP,
    DEFENDERS,
    GO_FIRST,
    MULLIGAN,
    ORDER,
    PRIMARY,
    RESPOND,
    TARGET,
    Caster,
    Page,
    Policy,
)

KEEP_AT_LEAST = 5  # Mulligan no smaller than this
HELPFUL = frozenset({"recover", "grant_trait", "equip"})  # effects aimed at your own Pages
# The dearest Page first: by total Aura Cost, then LP, then number (a key computed in C).
DEAREST = attrgetter("card.total_cost", "card.lp", "uid")


def fill(damage: int, lps: list[int], overflow: bool, order: list[int]) -> tuple[int, ...]:
    """A legal allocation (combat.Allocation): 5 to each Defender if possible, then each in
    `order` up to its current LP (rounded up to 5), the rest to the original target once every
    Defender has its LP, else to the first in `order`."""
    count = len(lps)
    amounts = [0] * (count + overflow)
    left = damage
    if damage >= 5 * count:
        amounts[:count] = [5] * count
        left -= 5 * count
    for index in order:
        want = -(-lps[index] // 5) * 5
        added = min(max(want - amounts[index], 0), left)
        amounts[index] += added
        left -= added
    if left:
        full = all(amounts[i] >= lps[i] for i in range(count))
        amounts[-1 if overflow and full else order[0]] += left
    return tuple(amounts)


class HeuristicPolicy(Policy):
    def answer(self, game: Any, decision: Any) -> Any:
        return getattr(self, decision.kind)(game, decision)

    # -- setting up -----------------------------------------------------------------------

    def call(self, game: Any, decision: Decision) -> str:
        return "heads"

    def go_first(self, game: Any, decision: Decision) -> bool:
        return True

    def mulligan(self, game: Any, decision: Decision) -> bool:
        chapter = game.casters[decision.seat].chapter
        auras = sum(page.card.type == AURA for page in chapter)
        return len(chapter) > KEEP_AT_LEAST and (auras == 0 or auras == len(chapter))

    # -- the turn ---------------------------------------------------------------------------

    def action(self, game: Any, decision: Decision) -> Any:
        me = game.casters[decision.seat]
        options = cast(ActionOptions, decision.options)  # the Action decision's own options
        memo = self.memos[decision.seat]
        if memo.get("attacking") == game.turn:  # its other Actions are done: only Attacks
            return self._attack(game, me, options) if options.attackers() else None
        of_kind = options.of_kind  # listed kind by kind, in the order preferred
        auras = of_kind("aura")
        if auras:
            return max(auras, key=lambda o: (self._aura_need(me, o[1]), o[1].uid))
        for option in of_kind("terra"):
            if self._wants_terra(game, me, option[1]):
                return option
        contract = self._dearest_contract(game, me, options)
        if contract is not None:
            return contract
        traps = of_kind("trap")
        if traps:
            return traps[0]
        moves = of_kind("move")
        if moves:
            return max(moves, key=lambda o: (o[2].card.lp, o[2].uid))
        for option in of_kind("power"):
            if option[1].card.powers[option[2]]["do"] != "generate_aura":
                return option
        for option in of_kind("any_time"):
            if self._any_time_worth(game, me, option[1]):
                return option
        if options.attackers():
            memo["attacking"] = game.turn
            return self._attack(game, me, options)
        return None

    def _dearest_contract(
        self, game: Any, me: Caster, options: ActionOptions
    ) -> tuple[Any, ...] | None:
        """The dearest Page worth Contracting that may be Contracted now: the candidates tried
        dearest first, so only the Costs up to the one chosen are counted."""
        for page in sorted(options.candidates(), key=DEAREST, reverse=True):
            if self._worth(game, me, page) and options.may_contract(page):
                return ("contract", page)
        return None

    def _aura_need(self, me: Caster, aura: Page) -> int:
        (kind,) = aura.card.aura_types or {"neutral"}
        need = 0  # (loops, not sums of generators: asked for each Aura Page, each turn)
        for page in me.chapter:
            for cost_kind, n in page.card.cost:
                if cost_kind == kind:
                    need += n
        for page in me.arena:
            if page.card.type == AURA and kind in page.card.aura_types:
                need -= 1
        return need

    def _wants_terra(self, game: Any, me: Caster, terra: Page) -> bool:
        kind = terra.card.terra
        if kind is None or game.terra_active(kind):
            return False
        return any(
            kind in attack.terra
            for page in (*me.arena, *me.chapter)
            if page.card.type == BEASTIE
            for attack in page.card.attacks
        )

    def _worth(self, game: Any, me: Caster, page: Page) -> bool:
        """Whether a Page is worth Contracting now: a Beastie or Artifact always; a Spell or
        Potion when its effects have a target worth hitting."""
        card = page.card
        if card.is_permanent and not any(e["do"] == "equip" for e in card.on_contract):
            return True
        for effect in card.on_contract:
            do = effect["do"]
            target = effect.get("target", "")
            if do in ("damage", "inflict", "destroy", "place_under"):
                if target == "every_beastie":
                    aura = effect.get("aura")
                    mine = sum(
                        1
                        for p in me.arena
                        if p.card.type == BEASTIE and (aura is None or aura in p.card.aura_types)
                    )
                    theirs = sum(
                        1
                        for p in game.casters[1 - me.seat].arena
                        if p.card.type == BEASTIE and (aura is None or aura in p.card.aura_types)
                    )
                    return theirs > mine
                if target == "opposing_caster":
                    return True
                return any(
                    p.card.type in (BEASTIE,) or do == "destroy"
                    for p in game.valid_targets(me, page, target)
                    if p.controller != me.seat
                )
            if do == "recover":
                return any(p.damage >= effect["n"] // 2 for p in me.arena if p.card.type == BEASTIE)
            if do == "bookmark":
                return len(me.chapter) <= 4
            if do == "equip":
                return any(p.card.type == BEASTIE for p in me.arena)
            if do == "no_attacks":
                return self._beasties(game.casters[1 - me.seat]) > self._beasties(me) + 1
        return False

    def _beasties(self, side: Caster) -> int:
        return sum(1 for p in side.arena if p.card.type == BEASTIE)

    def _any_time_worth(self, game: Any, me: Caster, page: Page) -> bool:
        effect = page.card.any_time[0]
        if effect["do"] == "recover":
            return any(p.damage >= 20 for p in me.arena if p.card.type == BEASTIE)
        return False

    def _attack(self, game: Any, me: Caster, options: ActionOptions) -> tuple[Any, ...]:
        attacker = max(
            options.attackers(),
            key=lambda p: (p.card.strongest_damage, p.uid),
        )
        index = attacker.card.strongest
        attack = attacker.card.attacks[index]
        base = game.attack_base(attacker, attack)
        them = game.casters[1 - me.seat]
        kills = [  # of the targets (game.attack_targets), the face-up Pages (not the Caster,
            target  # which has no face; a face-down Page shows it is one)
            for target in options.attack_targets()
            if target is not them
            and not target.face_down
            and game.current_lp(target) <= base + game.advantage(attacker, attack, target)
        ]
        if kills:
            best = max(kills, key=DEAREST)
            return ("attack", attacker, index, best)
        return ("attack", attacker, index, them)

    # -- priority windows -------------------------------------------------------------------

    def respond(self, game: Any, decision: Decision) -> Any:
        me = game.casters[decision.seat]
        for option in decision.options:
            kind, page = option[0], option[1]
            if kind == "any_time" and self._any_time_worth(game, me, page):
                return option
            if kind == "contract" and page.card.answers_chain and self._threat(game, me):
                return option
        return None

    def _threat(self, game: Any, me: Caster) -> bool:
        """An opposing Spell on the chain targeting a Page of mine."""
        return any(
            item["caster"] is not me
            and item["kind"] == "contract"
            and any(
                isinstance(t, Page) and t.controller == me.seat for t in item["targets"].values()
            )
            for item in game.chain
        )

    def target(self, game: Any, decision: Decision) -> Any:
        me = game.casters[decision.seat]
        options = list(decision.options)
        mine = [p for p in options if isinstance(p, Page) and p.controller == me.seat]
        theirs = [p for p in options if p not in mine]
        helpful = game.asking in HELPFUL
        pool = (mine or theirs) if helpful else (theirs or mine)
        if helpful:
            return max(pool, key=lambda p: (p.damage, p.card.lp, getattr(p, "uid", 0)))
        return max(pool, key=lambda p: (getattr(p.card, "total_cost", 0), p.card.lp, p.uid))

    def contract_trap(self, game: Any, decision: Decision) -> bool:
        return True

    # -- combat -----------------------------------------------------------------------------

    def defenders(self, game: Any, decision: Decision) -> list[Page]:
        me = game.casters[decision.seat]
        combat = game.combat
        target = combat.target
        blow = game.attack_damage(combat.attacker, combat.attack, target)
        if isinstance(target, Page):
            worried = game.current_lp(target) <= blow
        else:
            worried = blow * 10 >= me.lp or blow >= 60
        if not worried:
            return []
        survivors = [p for p in decision.options if game.current_lp(p) > blow]
        if not survivors:
            return []
        return [max(survivors, key=lambda p: (game.current_lp(p), p.uid))]

    def primary(self, game: Any, decision: Decision) -> Any:
        return max(
            decision.options,
            key=lambda o: (-1 if o[1] is None else o[0].card.attacks[o[1]].damage, -o[0].uid),
        )

    def allocate(self, game: Any, decision: Decision) -> Any:
        options: Any = decision.options  # combat's Allocation (a sibling layer: not imported)
        lps = list(options.lps)
        order = sorted(range(len(lps)), key=lambda i: lps[i])
        return fill(options.damage, lps, options.overflow, order)

    def order(self, game: Any, decision: Decision) -> list[Any]:
        return list(decision.options)


class RandomPolicy(Policy):
    """Every choice uniformly at random among the legal ones (its own generator, seeded from
    the game's seed and its seat, so a game stays a function of its seed)."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def begin(self, seed: int, seat: int) -> None:
        super().begin(seed, seat)
        self.rng = random.Random(f"{self.seed}/{seed}/{seat}")

    def answer(self, game: Any, decision: Any) -> Any:
        rng, kind = self.rng, decision.kind
        if kind == ALLOCATE:
            options = decision.options
            order = list(range(len(options.lps)))
            rng.shuffle(order)
            return fill(options.damage, list(options.lps), options.overflow, order)
        options = list(decision.options)
        if kind in (DEFENDERS, ORDER):
            chosen = rng.sample(options, rng.randint(decision.least, decision.most))
            return chosen
        if decision.may_pass and rng.randrange(len(options) + 1) == len(options):
            return None
        return rng.choice(options)


# Every kind a policy answers (state.py), for the checks that a policy answers them all.
KINDS = (
    ACTION,
    ALLOCATE,
    CALL,
    CONTRACT_TRAP,
    DEFENDERS,
    GO_FIRST,
    MULLIGAN,
    ORDER,
    PRIMARY,
    RESPOND,
    TARGET,
)
