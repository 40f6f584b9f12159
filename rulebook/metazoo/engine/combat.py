"""Combat (p. 25-28), step by step, on a game in progress (game.py hands itself in).

1. The Attacker is Fatigued, its Attack and target chosen (the Action, game.py).
2. The targeted Caster gains priority; or a face-down Trap the Attack reaches flips, and its
   Caster Contracts it (a Beastie or Artifact joins as a Defender) or sends it to the Afterlife
   and keeps priority.
3. Defenders: any number of Awakened Beasties, Fatigued to defend; one Attack on one of them
   makes it the primary Defender; none declared: the original target is the primary Defender.
4. The attacking Caster gains priority.
5. Who attacks first (First Strike; both: a coin flip, heads the Attacker).
6. Each chosen Attack resolves: its effects (a target they name chosen by the striking
   Beastie's Caster, effects.trigger) and Status icon (on the primary Defender), the
   Damage modifiers, Damage in multiples of 5 allocated across the Defenders (at least 5 each
   if possible; once each has at least its current LP, the rest may go to the original
   target), dealt, DESTROYED effects. Combat ends early when either side is gone.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from typing import Any

from rulebook.core.asking import Answered, Step, chosen
from rulebook.metazoo.cards import BEASTIE

from .aura import to_hand
from .cards import Attack
from .chain import exchange, priority
from .contracts import contract
from .effects import trigger
from .legal import can_contract_trap
from .state import (
    ADVANTAGE_DAMAGE,
    AFTERLIFE,
    ALLOCATE,
    ARENA,
    CONTRACT_TRAP,
    DEFENDERS,
    PRIMARY,
    STONESKIN,
    STRONG_AGAINST,
    TRIBAL_BOOST,
    Caster,
    GameOver,
    Page,
    log_id,
    present,
)
from .statuses import disabled, inflict

FIRST_STRIKE, FLIGHT = "First Strike", "Flight"
UNABLE_TO_DEFEND = ("paralyze", "sleep", "scared")
UNABLE_TO_ATTACK = ("paralyze", "sleep")


class Allocation:
    """The legal allocations of an Attack's Damage (Resolving a chosen Attack, p. 28), as a rule
    the Decision checks an answer against, not a list (so a game's words give its options as
    None, as for Keeper's battles): one amount per Defender, then (when there is an original
    target to overflow to) one for it."""

    __slots__ = ("damage", "lps", "overflow")

    def __init__(self, damage: int, lps: Sequence[int], overflow: bool) -> None:
        self.damage = damage
        self.lps = tuple(lps)  # each Defender's current LP
        self.overflow = overflow

    def __contains__(self, answer: Any) -> bool:
        if not isinstance(answer, tuple) or len(answer) != len(self.lps) + self.overflow:
            return False
        if any(not isinstance(n, int) or n < 0 or n % 5 for n in answer):
            return False
        if sum(answer) != self.damage:
            return False
        defenders = answer[: len(self.lps)]
        if self.damage >= 5 * len(self.lps) and min(defenders) < 5:
            return False  # at least 5 to each Defender if possible
        # the rest to the original target only once each Defender has its current LP
        short = any(n < lp for n, lp in zip(defenders, self.lps, strict=True))
        return not (self.overflow and answer[-1] and short)

    def compose(self, picks: Sequence[int]) -> Step | Answered:
        """The spread asked of a person (rulebook.core.asking): each Defender's Damage, then
        the original target's, one step each, offering only amounts a legal spread can go on
        from."""
        places = len(self.lps) + self.overflow
        legal = [spread for spread in _spreads(self.damage, places) if spread in self]
        made: tuple[int, ...] = ()
        for place in range(places):
            amounts = sorted({spread[place] for spread in legal if spread[:place] == made})
            if len(picks) == place:
                whom = f"Defender {place + 1}" if place < len(self.lps) else "the original target"
                return Step(amounts, f"How much Damage to {whom}?", list(made))
            made = (*made, chosen(amounts, picks[place]))
        return Answered(made)


def _spreads(damage: int, places: int) -> Iterator[tuple[int, ...]]:
    """Every way to spread `damage` over `places` in fives (Damage is dealt in fives)."""
    if places == 1:
        yield (damage,)
        return
    for first in range(0, damage + 1, 5):
        for rest in _spreads(damage - first, places - 1):
            yield (first, *rest)


class Combat:
    """One Combat, from the declaration to its end."""

    __slots__ = ("attack", "attacker", "defenders", "game", "me", "target")

    def __init__(self, game: Any, me: Caster, attacker: Page, attack: Attack, target: Any):
        self.game = game
        self.me = me
        self.attacker = attacker
        self.attack = attack
        self.target = target  # the original target: a Caster or a Page
        self.defenders: list[Page] = []

    def left(self, page: Page) -> None:
        """A Page left the Arena during this Combat."""
        if page in self.defenders:
            self.defenders.remove(page)

    def fight(self) -> None:
        game, me = self.game, self.me
        game.attacks += 1
        self.attacker.fatigued = True
        if game.log is not None:
            game.event(
                "attack",
                me.seat,
                attacker=self.attacker.uid,
                attack=self.attack.name,
                target=log_id(self.target),
            )
        game.combat = self
        try:
            self.steps()
        finally:
            game.combat = None
        game.sweep()  # not after the game ended: a Caster at 0 LP ends it at once

    def steps(self) -> None:
        game, me, them = self.game, self.me, self.me._opponent
        if "confusion" in self.attacker.statuses and not game.flip(me, "confusion"):
            game.event("confused", me.seat, attacker=self.attacker.uid)
            return
        trap = self.target_trap()
        if trap is not None:
            self.spring(trap)
        else:
            priority(game, them)
        if self.attacker.zone != ARENA:
            return
        primary, answer = self.declare_defenders()
        priority(game, me)
        if self.attacker.zone != ARENA:
            return
        self.resolve(primary, answer)

    def target_trap(self) -> Page | None:
        target = self.target
        if not isinstance(target, Page):
            return None
        if target.face_down:
            return target
        return target.trap

    def spring(self, trap: Page) -> None:
        """Step 2 with a Trap: flip it face-up; Contract it (pay its Cost) or not."""
        game, them = self.game, self.me._opponent
        card = trap.card
        game.event("trap_flipped", them.seat, page=trap.uid, name=card.name)
        if self.target is trap:
            self.target = None  # no longer a face-down Page to hit
        if "Trap" not in card.traits:  # Trap Pages: the placer loses the game
            game.winner, game.end = self.me.seat, "not_a_trap"
            raise GameOver
        sources = to_hand(them.arena)
        if can_contract_trap(game, them, trap, sources) and game.ask(
            them, CONTRACT_TRAP, (True, False)
        ):
            contract(
                game, them, trap, attacker=self.attacker, effects=card.flipped + card.on_contract
            )
            if card.is_permanent:
                game.chain[-1]["defends"] = self.defenders
            exchange(game, them)
            return
        them.traps.remove(trap)
        if trap.host is not None:
            trap.host.trap = None
        game.to_zone(trap, AFTERLIFE)
        priority(game, them)

    def declare_defenders(self) -> tuple[Any, int | None]:
        """Step 3: Defenders, then the primary Defender and its Attack."""
        game, them = self.game, self.me._opponent
        able = [
            page
            for page in them.arena
            if page.card.type == BEASTIE
            and not page.fatigued
            and page is not self.target
            and page not in self.defenders
            and not (page.statuses and any(s in page.statuses for s in UNABLE_TO_DEFEND))
        ]
        if able and game.has(self.attacker, FLIGHT):  # (Flight asked only if anyone could defend)
            able = [page for page in able if game.has(page, FLIGHT)]
        if able:
            chosen = game.ask(them, DEFENDERS, able, least=0, most=len(able))
            for page in chosen:
                page.fatigued = True
                self.defenders.append(page)
        target = self.target
        if self.defenders:
            pool = self.defenders
        elif isinstance(target, Caster):
            pool = None
        elif target is not None and target.zone == ARENA:
            pool = [target]
        else:
            return None, None
        if pool is None:  # (the common case) the Caster alone, with no Attack to answer
            primary, answer = target, None
        else:
            pairs: list[tuple[Page, int | None]] = (
                [  # (the pool is of Pages: the Defenders, or the Page attacked)
                    (page, index)
                    for page in pool
                    if page.card.type == BEASTIE
                    and not (page.statuses and any(s in page.statuses for s in UNABLE_TO_ATTACK))
                    for index in range(len(page.card.attacks))
                ]
                or [(page, None) for page in pool]
            )
            primary, answer = game.ask(them, PRIMARY, pairs) if len(pairs) > 1 else pairs[0]
        if game.log is not None:
            game.event(
                "defend",
                them.seat,
                defenders=[p.uid for p in self.defenders],
                primary=log_id(primary),
                attack=answer,
            )
        return primary, answer

    def resolve(self, primary: Any, counter: int | None) -> None:
        """Steps 5 and 6: who attacks first, then each chosen Attack."""
        game = self.game
        if primary is None:
            game.event("combat_ends", self.me.seat, why="no target left")
            return
        if counter is None:  # (the common case) the Attacker's Attack alone
            if self.attacker.zone == ARENA:
                self.strike(self.attacker, self.attack, primary, self.receivers(primary))
            return
        strikers = [(self.attacker, self.attack), (primary, primary.card.attacks[counter])]
        first = game.has(self.attacker, FIRST_STRIKE)
        second = game.has(primary, FIRST_STRIKE)
        if second and (not first or not game.flip(self.me, "first_strike")):
            strikers.reverse()
        for number, (striker, attack) in enumerate(strikers):
            if number and not (self.attacker.zone == ARENA and present(primary)):
                return
            if striker.zone != ARENA:
                return
            if striker is self.attacker:
                self.strike(striker, attack, primary, self.receivers(primary))
            else:
                self.strike(striker, attack, self.attacker, [self.attacker])

    def receivers(self, primary: Any) -> list[Any]:
        """The Defenders still in the Arena, or else the primary Defender (`strike` keeps only
        the receivers still present as it deals the Damage)."""
        return [p for p in self.defenders if p.zone == ARENA] or [primary]

    def lps(self, receivers: list[Any]) -> list[int]:
        """The current LP of each receiver of an Attack's Damage (for an allocation, a log)."""
        game = self.game
        return [game.current_lp(r) if isinstance(r, Page) else r.lp for r in receivers]

    def strike(self, striker: Page, attack: Attack, primary: Any, receivers: list[Any]) -> None:
        """Resolving a chosen Attack (p. 28)."""
        game = self.game
        side = game.casters[striker.controller]
        if game.log is not None:
            game.event(
                "strike",
                side.seat,
                attacker=striker.uid,
                attack=attack.name,
                primary=log_id(primary),
            )
        if attack.effects:  # a target they name is chosen as for any effect no Action starts
            trigger(game, side, striker, attack.effects, "attack")
            # "Any Page that has its LP reduced to 0 is immediately Destroyed" (p. 28): a
            # Defender the effects destroyed receives no share of the Damage
            game.sweep()
        if attack.status and present(primary):
            inflict(game, [primary], attack.status, side, automatically=False)
        receivers = [r for r in receivers if present(r)]
        if not receivers or striker.zone != ARENA:
            return
        damage = attack_damage(game, striker, attack, primary)
        overflow = (
            striker is self.attacker
            and bool(self.defenders)
            and self.target is not None
            and present(self.target)
            and self.target not in receivers
        )
        if len(receivers) == 1 and not overflow:
            amounts: tuple[int, ...] = (damage,)
        else:
            amounts = game.ask(side, ALLOCATE, Allocation(damage, self.lps(receivers), overflow))
        hit = [*receivers, self.target] if overflow else receivers
        dealt = list(zip(hit, amounts, strict=True))
        if game.log is not None:
            game.event(
                "allocate",
                side.seat,
                damage=damage,
                to=[[log_id(r), n] for r, n in dealt],
                lps=self.lps(receivers),
            )
        for receiver, amount in dealt:
            if isinstance(receiver, Page) and game.has(receiver, "Stoneskin"):
                amount = max(amount - STONESKIN, 0)
            game.deal(receiver, amount, striker, "attack")
        game.sweep()


def attack_damage(game: Any, page: Page, attack: Attack, primary: Any) -> int:
    """Resolving a chosen Attack (p. 28): its Damage; Type Advantage and Aura Attack
    Advantage (+20 each); Terra Bonuses (each active one once); other Pages' effects
    (Equipment, ARENA damage bonuses, Tribal Boost)."""
    return attack_base(game, page, attack) + advantage(game, page, attack, primary)


def advantage(game: Any, page: Page, attack: Attack, primary: Any) -> int:
    """Type Advantage and Aura Attack Advantage against the primary Defender."""
    if not isinstance(primary, Page):
        return 0
    types = primary.card.aura_types
    bonus = ADVANTAGE_DAMAGE if type_advantage(page.card.aura_types, types) else 0
    if attack.advantage and attack.advantage in types:
        bonus += ADVANTAGE_DAMAGE
    return bonus


def attack_base(game: Any, page: Page, attack: Attack) -> int:
    """An Attack's Damage with every modifier that does not depend on its target."""
    card = page.card
    damage = attack.damage + page.bonus
    if attack.terra:
        damage += sum(bonus for terra, bonus in attack.terra.items() if game.terra_active(terra))
    if game.statics:
        for source in game.casters[page.controller].arena:
            if source.card.arena and not disabled(source):
                damage += sum(e["n"] for e in source.card.arena if e["do"] == "damage_bonus")
    if card.tribal_boost and card.tribe and not disabled(page):
        damage += TRIBAL_BOOST * game.tribe_count(page)
    return damage


@functools.cache
def type_advantage(attacking: frozenset[str], defending: frozenset[str]) -> bool:
    """Type Advantage (p. 11): one of the attacking types is strong against a defending one.
    Cached: it reads only the Aura Wheel and two Pages' printed types, and each Attack asks."""
    return any(defending & STRONG_AGAINST.get(kind, frozenset()) for kind in attacking)
