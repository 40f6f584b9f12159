"""What a Caster may do now, read from a game in progress (game.py hands itself in): the
Actions of a turn's Take Actions step (p. 17) as a Decision's options, the "any time" Actions
of a priority window (Priority, p. 21), whether a Page may be Contracted, and which Beasties
may attack what (Combat step 1, p. 25). Nothing here changes the game.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rulebook.metazoo.cards import AURA, BEASTIE, TERRA

from .aura import Budget, budget, can_pay
from .cards import PageCard
from .effects import effect_has_targets
from .state import Caster, Page
from .statuses import disabled

TRAP_TRAIT = "Trap"


def actions(game: Any, me: Caster) -> ActionOptions:
    """The Actions of the active Caster's turn (Turn Steps: Take Actions, p. 17), listed
    kind by kind as a policy asks for them."""
    return ActionOptions(game, me)


def chapter_actions(me: Caster) -> tuple[dict[str, list[tuple[Any, ...]]], list[Page]]:
    """In one pass over the Chapter (copies of one Page are one option, its first copy):
    Contract an Aura Page (once a turn) or a Terra, or place a Trap Page face-down; and the
    Beasties, Artifacts, Spells and Potions a Contract Action may name, payable or not."""
    options: dict[str, list[tuple[Any, ...]]] = {"aura": [], "terra": [], "trap": []}
    candidates: list[Page] = []
    seen: set[PageCard] = set()
    for page in me.chapter:
        card = page.card
        if card in seen:
            continue
        seen.add(card)
        if card.type == AURA:
            if not me.aura_page_played:
                options["aura"].append(("aura", page))
        elif card.type == TERRA:
            options["terra"].append(("terra", page))
        else:
            candidates.append(page)
        if TRAP_TRAIT in card.traits:
            options["trap"].append(("trap", page))
    return options, candidates


def trap_moves(me: Caster) -> list[tuple[Any, ...]]:
    """Move a face-down Trap once, under a Beastie or Artifact you control without one."""
    return [
        ("move", trap, host)
        for trap in me.traps
        if not trap.moved and trap.host is None
        for host in me.arena
        if host.card.is_permanent and host.trap is None
    ]


def arena_actions(game: Any, me: Caster, kind: str) -> list[tuple[Any, ...]]:
    """Use a Power or an "any time" effect."""
    options: list[tuple[Any, ...]] = []
    if not (me.powers if kind == "power" else me.answers):
        return options
    for page in me.arena:
        if kind == "power":
            if page.fatigued or disabled(page):
                continue  # "A Beastie must be Awakened to use a Power" (Use Powers, p. 17)
            for index, effect in enumerate(page.card.powers):
                if effect_has_targets(game, me, page, (effect,)):
                    options.append(("power", page, index))
        elif any_time_ready(game, me, page):
            options.append(("any_time", page))
    return options


def responses(game: Any, caster: Caster) -> list[tuple[Any, ...]]:
    """The "any time" Actions a Caster may take with priority: Contract an "any time"
    Spell, or use a Page's "any time" effect (Priority, p. 21)."""
    options: list[tuple[Any, ...]] = []
    if not caster.answers:
        return options
    funds = None
    for page in caster.chapter:
        if page.card.is_any_time:
            funds = funds if funds is not None else budget(caster)
            if contractable(game, caster, page, funds):
                options.append(("contract", page))
    for page in caster.arena:
        if page.card.any_time and any_time_ready(game, caster, page):
            options.append(("any_time", page))
    return options


def any_time_ready(game: Any, caster: Caster, page: Page) -> bool:
    """A Page's "any time" effect: once a turn (README), while it is not Paralyzed; Awakened
    or Fatigued alike, as an Action of the turn or in a priority window ("Any Time: the
    ability to take an Action on your turn or during a generated priority window", Glossary;
    only a Power asks the Page to be Awakened, p. 17)."""
    return (
        bool(page.card.any_time)
        and page.used_any_time != game.turn
        and not disabled(page)
        and effect_has_targets(game, caster, page, page.card.any_time)
    )


def contractable(game: Any, me: Caster, page: Page, budget: Budget) -> bool:
    """Whether a Page of the Chapter may be Contracted now: its Cost can be paid, it has
    the target it needs, and an answer to the chain has a chain to answer."""
    card = page.card
    if card.answers_chain and not game.chain:
        return False
    if not budget.covers(card.cost):
        return False
    return not card.needs_target or effect_has_targets(game, me, page, card.contract_effects)


def can_contract_trap(game: Any, me: Caster, trap: Page, sources: list[Page]) -> bool:
    """A flipped Trap may be Contracted if its Cost can be paid and the targets its effects
    choose are there (the Attacker, which some name, is not chosen: it is there)."""
    card = trap.card
    return effect_has_targets(game, me, trap, card.flipped + card.on_contract) and can_pay(
        me.aura, sources, card.cost
    )


def attackers(game: Any, me: Caster) -> list[Page]:
    """The Beasties that may declare an Attack: Awakened, with an Attack, not kept from
    attacking (Earth's Binding, Paralyze, Sleep)."""
    if game.barred_until is not None:
        return []
    return [
        page
        for page in me.arena
        if not page.fatigued
        and page.card.type == BEASTIE
        and page.card.attacks
        and not (page.statuses and ("paralyze" in page.statuses or "sleep" in page.statuses))
    ]


def attack_targets(game: Any, me: Caster) -> list[Any]:
    """Combat step 1: the opposing Caster, their Beasties and Artifacts, and their
    face-down Traps not under a Page (Face up Pages without LP are no target); no Beastie in a
    turn Beasties cannot be targeted (`targetable`). Listed as `me` sees them (its view's
    `shown`): the opposing Caster as its view's, a face-down Trap by its back."""
    view = game.view(me.seat)
    them = me._opponent
    targets: list[Any] = [view.casters[them.seat]]
    for page in them.arena:  # face up: only a Trap under one is shown otherwise
        if page.card.is_permanent and targetable(game, page):
            targets.append(page if page.trap is None else view.shown(page))
    for trap in them.traps:
        if trap.host is None:
            targets.append(view.back(trap))
    return targets


def targetable(game: Any, page: Page) -> bool:
    """Whether an Attack may target this face-up Page: not a Beastie in the turn "Beasties
    cannot be targeted" (Bottled Fog). An Attack targets: its Caster "is being targeted for an
    Attack" (Combat step 2, p. 26) and a Trap flips when "targeted for an Attack" (Flipping a
    Trap Page Face-Up, p. 39), so the fog keeps Attacks off Beasties as it keeps effects off
    them (README rules notes). A face-down Trap shows no Page type, so it stays a target."""
    return not (game.shrouded == game.turn and page.card.type == BEASTIE)


def is_attack_target(game: Any, me: Caster, target: Any) -> bool:
    """Whether `target` is among `attack_targets(me)`, checked without listing them."""
    them = me._opponent
    if target is them:
        return True
    if not isinstance(target, Page):
        return False
    if target.face_down:
        return target.host is None and target in them.traps
    return target.card.is_permanent and target in them.arena and targetable(game, target)


ACTION_KINDS = ("aura", "terra", "contract", "trap", "move", "power", "any_time", "attack")


class ActionOptions:
    """The legal Actions of a turn's step as a Decision's options, listed kind by kind only
    when asked (`of_kind`): a policy that wants an Aura Page never has every Attack listed."""

    __slots__ = ("_attackers", "_budget", "_candidates", "_game", "_legal", "_lists", "_me")

    def __init__(self, game: Any, me: Caster) -> None:
        # private, as the lists are: the game and its Casters are no part of what a policy
        # reads (it lists the Actions by `of_kind`, its targets as its seat sees them)
        self._game = game
        self._me = me
        self._lists: dict[str, list[tuple[Any, ...]]] = {}
        self._attackers: list[Page] | None = None
        self._candidates: list[Page] | None = None
        self._budget: Budget | None = None
        self._legal: dict[Page, bool] | None = None  # may_contract's answers, once asked

    def of_kind(self, kind: str) -> list[tuple[Any, ...]]:
        found = self._lists.get(kind)
        if found is None:
            game, me = self._game, self._me
            if kind in ("aura", "terra", "trap"):
                self.read_chapter()
                found = self._lists[kind]
            elif kind == "contract":
                found = [("contract", p) for p in self.candidates() if self.may_contract(p)]
            elif kind == "move":
                found = trap_moves(me)
            elif kind == "attack":
                targets = self.attack_targets()
                found = [
                    ("attack", page, index, target)
                    for page in self.attackers()
                    for index in range(len(page.card.attacks))
                    for target in targets
                ]
            else:
                found = arena_actions(game, me, kind)
            self._lists[kind] = found
        return found

    def attackers(self) -> list[Page]:
        """The Beasties that may declare an Attack now."""
        found = self._attackers
        if found is None:
            found = self._attackers = attackers(self._game, self._me)
        return found

    def read_chapter(self) -> None:
        """The Chapter's options, every kind in one pass (chapter_actions)."""
        options, self._candidates = chapter_actions(self._me)
        self._lists.update(options)

    def candidates(self) -> list[Page]:
        """The Pages a Contract Action may name, payable or not."""
        if self._candidates is None:
            self.read_chapter()
        return self._candidates  # type: ignore[return-value]  # read_chapter set it

    def may_contract(self, page: Page) -> bool:
        """Whether Contracting this candidate is legal now: one Page checked, so a policy that
        tries its favourites first never has every Cost in the Chapter counted. Each answer
        is kept: the Decision asks again of the Page the policy chose."""
        legal = self._legal
        if legal is None:
            legal = self._legal = {}
        known = legal.get(page)
        if known is None:
            if self._budget is None:
                self._budget = budget(self._me)
            known = legal[page] = contractable(self._game, self._me, page, self._budget)
        return known

    def attack_targets(self) -> list[Any]:
        found = self._lists.get("targets")
        if found is None:
            found = self._lists["targets"] = attack_targets(self._game, self._me)
        return found

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, tuple) or not action:
            return False
        kind = action[0]
        if kind == "attack":  # checked without listing every Attack and target (the most asked)
            if len(action) != 4 or action[1] not in self.attackers():
                return False
            index = action[2]
            return (
                isinstance(index, int)
                and 0 <= index < len(action[1].card.attacks)
                and is_attack_target(self._game, self._me, action[3])
            )
        if kind == "contract":  # checked without counting every Cost in the Chapter
            found = self._lists.get("contract")
            if found is not None:
                return action in found
            return (
                len(action) == 2 and action[1] in self.candidates() and self.may_contract(action[1])
            )
        return kind in ACTION_KINDS and action in self.of_kind(kind)

    def __iter__(self) -> Iterator[tuple[Any, ...]]:
        for kind in ACTION_KINDS:
            yield from self.of_kind(kind)

    def __len__(self) -> int:
        return sum(len(self.of_kind(kind)) for kind in ACTION_KINDS)
