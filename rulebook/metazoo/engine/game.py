"""One game of MetaZoo between two Casters, played to the end by two policies.

The rules are the 2023 rulebook (shared/seeds/metazoo-rulebook-2023.txt), cited by its headings
and the pages its revision notes give them; where the seed lost a table (Traits, the Aura Wheel,
the Status Effects' amounts, 4th Wall Effects) or leaves a point open, the README's rules notes
say what is decided, and SIMPLIFICATIONS lists what is played simpler than it reads.

The Game holds what every part of the rules reads and changes (the Casters and their zones,
the Terra slots, the resolution chain, the turn) and the steps they share: Pages moving between
zones; Damage, LP Loss and Destroying; coin flips; decisions and the log. Each part of the
rulebook is a module of functions that take the game: turns.py (the Turn Steps), chain.py
(priority and the resolution chain), combat.py, contracts.py, aura.py (paying Aura Costs),
effects.py (the effects and their targets), statuses.py (Status Effects) and legal.py (what a
Caster may do now). Every random step is a named draw of the game's one `Chance(seed)`; every
choice is a `Decision` asked by `ask`, answered by the deciding Caster's policy and checked
before the game acts on it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rulebook.core.chance import Chance
from rulebook.core.decisions import YES_NO, Decision
from rulebook.core.outcome import Outcome, two_seat_placements
from rulebook.core.stepping import TURN_CAP_RULE, Ref, each_part
from rulebook.metazoo.cards import AURA, BEASTIE
from rulebook.metazoo.effects import DESTROYED

from .cards import MetaZooDeck
from .combat import Combat, advantage, attack_base, attack_damage
from .contracts import contract_terra, move_trap, place_trap
from .effects import trigger, valid_targets
from .legal import actions
from .state import (
    ACTION,
    AFTERLIFE,
    ARENA,
    CALL,
    CEMETERY,
    CHAPTER,
    CONTRACT_TRAP,
    GO_FIRST,
    LIMBO,
    MULLIGAN,
    OPENING_PAGES,
    PRIMARY,
    QUESTIONS,
    RESPOND,
    TARGET,
    TERRA_SLOT,
    TERRA_SLOTS,
    TRIBAL_BOOST,
    Caster,
    GameOver,
    Page,
    SeatView,
    log_id,
)
from .statuses import disabled, inflict
from .turns import act, awaken, end_effects, mulligan, take_turn

HEADS, TAILS = "heads", "tails"


def _page_or_caster_ref(part: Any) -> Any:
    if isinstance(part, Page):
        return Ref(("page", part.uid))
    if isinstance(part, Caster):
        return Ref(("caster", part.seat))
    return part


# The rules this engine plays simpler than the rulebook reads, stated in every result.
SIMPLIFICATIONS = (
    TURN_CAP_RULE,
    "Two Casters: the rules for more (priority clockwise, several opposing Casters) are not "
    "played.",
    "4th Wall: no surroundings. A Terra Bonus is active only while a Terra Page of its Terra is "
    "in a Terra slot, and 4th Wall Effects never apply (a job declares no environment).",
    "Aura is generated only as a Cost is paid, from the Aura Pages the engine picks (the Aura "
    "already generated this turn first, then Basic Aura Pages of the Cost's type, then Special "
    "ones); a Caster never Fatigues an Aura Page for nothing.",
    'The bots respond in priority windows only with these Actions: Contracting an "any time" '
    "Spell that nullifies or redirects an opposing Spell targeting their Page, and using an "
    '"any time" recover on their own damaged Beastie; the random bot with any legal one.',
    "Casters place face-down only Pages with the Trap Trait (no bluffing with other Pages).",
    "The Archive is not used: a test game is one game, and the Archive only changes a "
    "Spellbook between games.",
    "Tokens, copies, control changes and Changing Page Types are not played (no sample Page "
    "makes them; a Page that would is listed in `unsupported`).",
    "The primary Defender is one with a usable Attack whenever a Defender has one (Combat step "
    '4, p. 27: "select only one Attack on one of the Defenders to use (if any are available)"); '
    "a Beastie without Attacks, which the Glossary lets be primary, is primary only when no "
    "Defender has a usable Attack.",
    "Sleep keeps a Page from attacking and defending only: a sleeping Page's Powers and "
    '"any time" effects stay usable (the seed lost the Status Effects\' table; README rules '
    "notes).",
    "A Spell already nullified on the chain is no target for another nullify: the rulebook does "
    'not say whether it may be targeted again (Glossary, Nullify: "to not resolve the Effects '
    'or Traits of a Page"), and a second nullify would change nothing, so a nullify whose only '
    "Spells to target are nullified cannot be Contracted.",
    "Simultaneous Effects (p. 23) are put in order by the active Caster only at the end of a "
    "turn; elsewhere the engine orders them: a Page's CONTRACT Effects (p. 21) and a Spell's "
    "Damage and Status Effect (which its Caster may order) in the order they are written; "
    'several "start of your turn" effects in the order of the Arena; the DESTROYED effects of '
    "Pages Destroyed at once seat by seat from the first seat, each in the order of the Arena "
    "(not the active Caster's first, in an order they choose).",
)


class Game:
    """The state of one game in progress; the game loop (rulebook.core.stepping) plays it."""

    seats = range(2, 3)  # two Casters
    QUESTIONS = QUESTIONS  # each kind of decision in the rulebook's words
    # Answers that name a Page the other Caster may not see (rulebook.simulation.person): a
    # Trap set face down (Traps).
    PRIVATE_ANSWERS = frozenset((f"{ACTION}:trap",))

    def __init__(
        self,
        decks: Sequence[MetaZooDeck],
        seed: int,
        ask: Callable[[Decision], Any],
        record_log: bool,
    ) -> None:
        self.answer = ask  # a player's answer to a decision (rulebook.core.stepping), checked
        self.chance = Chance(seed)
        self.log: list[dict[str, Any]] | None = [] if record_log else None
        self.unsupported = {**decks[0].unsupported, **decks[1].unsupported}
        uid = 0
        casters = []
        self.pages: list[Page] = []  # every Page of the game, by its uid
        for seat, deck in enumerate(decks):
            pages = [Page(number, card, seat) for number, card in enumerate(deck.spellbook, uid)]
            uid += len(pages)
            self.pages += pages
            casters.append(Caster(seat, pages, deck.answers, deck.powers))
        a, b = casters
        a._opponent, b._opponent = b, a
        self.casters = (a, b)
        self.seat_views: dict[int, SeatView] = {}  # each seat's view, once asked (SeatView.of)
        for caster in self.casters:
            caster.decisions = {
                kind: Decision(caster.seat, kind, (), may_pass=kind in (ACTION, RESPOND))
                for kind in (ACTION, RESPOND, TARGET, PRIMARY, CONTRACT_TRAP, MULLIGAN)
            }
        self.terra: list[Page | None] = [None] * TERRA_SLOTS
        self.rotation = 0  # the slot a Terra Contracted into full slots replaces
        self.chain: list[dict[str, Any]] = []  # the resolution chain, last in first out
        self.turn = 0
        self.active = 0
        self.first = 0
        self.winner: int | None = None
        self.end = ""
        self.attacks = self.damage_dealt = 0
        self.barred_until: int | None = None  # Earth's Binding: the Caster whose turn lifts it
        self.shrouded = -1  # the turn in which Beasties cannot be targeted
        self.mulligans = [0, 0]
        self.combat: Combat | None = None
        self.dirty = False  # since the last sweep: Damage, LP Loss, or a maximum LP lowered
        self.statics: list[Page] = []  # Pages with ARENA effects, in the Arena or a Terra slot
        self.asking = ""  # the effect a target is being chosen for (policies read it)

    # -- what the state asks of its game (rulebook.core.stepping.SteppedGame) --------------

    def view(self, seat: int) -> SeatView:
        return SeatView.of(self, seat)  # type: ignore[no-any-return]  # the engine's SeatView

    def portable(self, decision: Decision, answer: Any) -> Any:
        """Each Page by its number in the game, each Caster by its seat; the rest (an Attack,
        a Power's index, an Aura's element) is the same in every replay."""
        return each_part(answer, _page_or_caster_ref)

    def restore(self, decision: Decision, ref: Any) -> Any:
        return each_part(ref, self._page_or_caster)

    def _page_or_caster(self, part: Any) -> Any:
        if isinstance(part, Ref):
            kind, number = part
            return self.pages[number] if kind == "page" else self.casters[number]
        return part

    # Steps of the rules' parts (their own modules) that policies and tests call on a game: a
    # module function takes the game first, so it serves as the method itself.
    act = act
    actions = actions
    advantage = advantage
    attack_base = attack_base
    attack_damage = attack_damage
    awaken = awaken
    contract_terra = contract_terra
    end_effects = end_effects
    inflict = inflict
    move_trap = move_trap
    place_trap = place_trap
    take_turn = take_turn
    valid_targets = valid_targets

    # -- the game loop's hooks ------------------------------------------------------------

    def begin(self) -> None:
        """Setting up (Win Condition, p. 16): 1,000 LP each; the opponent calls a coin flip and
        the winner of the call chooses who goes first; shuffle, Bookmark 7, Mulligans."""
        if self.log is not None:  # (every Page named: built only for a log)
            self.event("setup", None, lp=[c.lp for c in self.casters], pages=self._spellbooks())
        caller = self.casters[1]  # seat 0 is "you", seat 1 "the opponent" who calls
        call = self.ask(caller, CALL, (HEADS, TAILS))
        flip = HEADS if self.chance.coin() else TAILS
        chooser = caller if call == flip else caller._opponent
        goes_first = self.ask(chooser, GO_FIRST, YES_NO)
        self.first = chooser.seat if goes_first else chooser._opponent.seat
        self.event("first", self.first, caller=1, call=call, flip=flip, chooser=chooser.seat)
        self.active = self.first
        order = (self.casters[self.first], self.casters[1 - self.first])
        for caster in order:
            self.chance.shuffle(caster.spellbook)
            self.bookmark(caster, OPENING_PAGES)
        for caster in order:
            mulligan(self, caster)

    def next_turn(self) -> bool:
        """The active Caster's turn; False once the game is over."""
        me = self.casters[self.active]
        self.turn += 1
        try:
            take_turn(self, me)
        except GameOver:
            return False
        self.active = me._opponent.seat
        return True

    def finish(self, capped: bool) -> Outcome:
        self.event("game_over", self.winner, turns=self.turn, capped=capped, reason=self.end)
        outcome = Outcome(
            placements=two_seat_placements(self.winner),
            first=self.first,
            figures={
                "turns": self.turn,
                "attacks": self.attacks,
                "damage": self.damage_dealt,  # Damage dealt to Casters and Pages
                "end": self.end or "turn_cap",
            },
            seats=tuple(
                {
                    "plays": caster.plays,
                    "opening": {"mulligans": self.mulligans[caster.seat]},
                }
                for caster in self.casters
            ),
            unsupported=self.unsupported,
            simplifications=SIMPLIFICATIONS,
            capped=capped,
            log=tuple(self.log) if self.log is not None else None,
        )
        # The game is over: its reference cycles are broken (each Caster names the other, and
        # each kept Decision its last options, which name the game) so that refcounting frees
        # it as it is dropped. Left to the cycle collector, every game's Pages and zones made
        # it run about once a game, some 5% of the time a game takes.
        for caster in self.casters:
            caster.decisions.clear()
            del caster._opponent
        return outcome

    # -- coins ----------------------------------------------------------------------------

    def flip(self, caster: Caster, why: str) -> bool:
        """A coin flip (Rolling A Die: a die's even faces are heads): True on heads."""
        heads = bool(self.chance.coin())
        if self.log is not None:
            self.event("coin", caster.seat, why=why, result=HEADS if heads else TAILS)
        return heads

    # -- Damage, LP, Destroying, and a Page into a zone --------------------------------------

    def max_lp(self, page: Page) -> int:
        """Maximum LP: printed, plus Tribal Boost (+10 for each other Beastie of its Tribe in
        the Arena, p. 28), plus every LP bonus in the Arena and the Terra slots (Special Terra
        stack, p. 13)."""
        card = page.card
        lp = card.lp
        if card.type != BEASTIE:
            return lp
        if card.tribal_boost and card.tribe and not disabled(page):
            lp += TRIBAL_BOOST * self.tribe_count(page)
        for source in self.statics:
            if disabled(source):
                continue
            for effect in source.card.arena:
                if effect["do"] == "lp_bonus" and (
                    effect.get("aura") is None or effect["aura"] in card.aura_types
                ):
                    lp += effect["n"]
        return lp

    def current_lp(self, page: Page) -> int:
        lp = self.max_lp(page) - page.damage - page.loss
        return lp if lp > 0 else 0

    def tribe_count(self, page: Page) -> int:
        tribe = page.card.tribe
        return sum(
            1
            for side in self.casters
            for p in side.arena
            if p is not page and p.card.type == BEASTIE and p.card.tribe == tribe
        )

    def has(self, page: Page, trait: str) -> bool:
        """A Trait the Page has, gained this turn, or granted by an ARENA effect of a Page its
        controller controls (Lantern of Wards)."""
        if trait in page.card.traits or trait in page.granted:  # (Page.has, inlined: hot)
            return True
        return (
            bool(self.statics)
            and page.card.type == BEASTIE
            and any(
                effect["do"] == "grant_trait" and effect["trait"] == trait
                for source in self.statics
                if source.controller == page.controller and not disabled(source)
                for effect in source.card.arena
            )
        )

    def terra_active(self, terra: str) -> bool:
        return any(p is not None and p.card.terra == terra for p in self.terra)

    def deal(self, subject: Any, amount: int, source: Page | None, why: str) -> None:
        """Damage to a Page or a Caster (Glossary: Damage); a Page at 0 LP is Destroyed, a
        Caster at 0 LP loses."""
        if amount <= 0:
            return
        self.damage_dealt += amount
        subject.damage += amount
        caster = isinstance(subject, Caster)
        if not caster:
            self.dirty = True  # a Page may be at 0 LP: the next sweep looks
        if self.log is not None:
            self.event(
                "damage",
                subject.seat if caster else subject.controller,
                target=log_id(subject),
                amount=amount,
                lp=subject.lp if caster else self.current_lp(subject),
                why=why,
                source=source.uid if source is not None else None,
            )
        if caster and subject.lp == 0:  # (the other Caster's LP is checked as it changes)
            self.check_loss()

    def lose_lp(self, subject: Any, amount: int, why: str) -> None:
        """LP Loss (LP Loss vs LP Gain, p. 24): like Damage, but not Damage."""
        subject.loss += amount
        self.dirty = True
        if self.log is not None:
            lp = subject.lp if isinstance(subject, Caster) else self.current_lp(subject)
            self.event("lp_loss", None, target=log_id(subject), amount=amount, lp=lp, why=why)
        self.check_loss()

    def recover(self, subject: Any, amount: int, me: Caster) -> None:
        """Recover: remove Damage (Glossary: Recover), never below none."""
        removed = min(amount, subject.damage)
        if removed:
            subject.damage -= removed
            if self.log is not None:
                lp = subject.lp if isinstance(subject, Caster) else self.current_lp(subject)
                self.event("recover", me.seat, target=log_id(subject), amount=removed, lp=lp)

    def check_loss(self) -> None:
        """A Caster at 0 LP loses the game; both at once: a draw."""
        out = [caster for caster in self.casters if caster.lp == 0]
        if out:
            self.winner = None if len(out) == 2 else out[0]._opponent.seat
            self.end = "lp"
            raise GameOver

    def sweep(self) -> None:
        """Pages with Damage and LP Loss equal to their maximum LP are Destroyed (Glossary: Life
        Points); again, since a Beastie leaving may lower another's Tribal Boost."""
        if not self.dirty:
            return
        self.dirty = False
        while True:
            doomed = [
                p
                for side in self.casters
                for p in side.arena
                if p.card.is_permanent  # (first: most of an Arena is Aura Pages, with no LP)
                and (p.damage or p.loss or p.card.lp <= 0)
                and self.current_lp(p) <= 0
            ]
            if not doomed:
                return
            for page in doomed:
                if page.zone == ARENA:
                    self.destroy(page)

    def destroy(self, page: Page) -> None:
        """Destroyed (Glossary): out of the Arena into its owner's Limbo (Beastie, Artifact) or
        Afterlife (Aura, Terra); its DESTROYED effects resolve."""
        controller = self.casters[page.controller]
        if page.zone == TERRA_SLOT:
            self.leave_slot(page)
            self.terra[self.terra.index(page)] = None
            self.to_zone(page, AFTERLIFE)
        else:
            self.leave_arena(page)
            if self.log is not None:
                self.event("destroyed", controller.seat, page=page.uid, name=page.card.name)
            self.to_zone(page, AFTERLIFE if page.card.type == AURA else LIMBO)
        if page.card.destroyed:
            trigger(self, controller, page, page.card.destroyed, DESTROYED)

    def leave_slot(self, terra: Page) -> None:
        if terra in self.statics:
            self.statics.remove(terra)
            self.dirty = True  # its LP bonuses end: a Page may be at 0 LP

    def leave_arena(self, page: Page) -> None:
        """Out of the Arena: what was under it goes to its owner's zones (without DESTROYED
        effects); a face-down Trap under it stays face-down in the Arena (p. 39-40)."""
        side = self.casters[page.controller]
        side.arena.remove(page)
        self.dirty = True
        if page in self.statics:
            self.statics.remove(page)
        for carried in page.carried:  # Equipment and Beasties placed under: none is Aura or Terra
            self.to_zone(carried, CEMETERY if carried.card.is_instant else LIMBO)
        if page.trap is not None:
            page.trap.host = None
            self.event("trap_uncovered", side.seat, page=page.trap.uid)
        if self.combat is not None:
            self.combat.left(page)

    def to_zone(self, page: Page, zone: str) -> None:
        """Into its owner's zone ("Casters always place that Page into its owner's respective
        zone", Ownership vs. Control, p. 23)."""
        page.reset()
        page.zone = zone
        page.controller = page.owner
        self.casters[page.owner].pile(zone).append(page)
        if self.log is not None:
            self.event("zone", page.owner, page=page.uid, name=page.card.name, zone=zone)

    def enter(self, me: Caster, page: Page, fatigued: bool) -> None:
        """Into the Arena: Pages enter Fatigued, Aura and Terra Awakened (The Battleground)."""
        page.zone = ARENA
        page.controller = me.seat
        page.fatigued = fatigued
        me.arena.append(page)
        if page.card.arena:
            self.statics.append(page)
        if page.card.is_permanent and page.card.lp <= 0:
            self.dirty = True  # printed with 0 LP: Destroyed at the next sweep, as it entered
        if self.log is not None:  # (its maximum LP: computed only for a log)
            self.event(
                "enter",
                me.seat,
                page=page.uid,
                name=page.card.name,
                type=page.card.type,
                lp=self.max_lp(page) if page.card.is_permanent else None,
                fatigued=fatigued,
            )

    # -- Pages moving -----------------------------------------------------------------------

    def bookmark(self, caster: Caster, count: int) -> None:
        """Bookmark: the top Page of the Spellbook into the Chapter; with none left, nothing
        (Running out of Pages); every Spellbook empty: a draw."""
        for _ in range(count):
            if not caster.spellbook:
                break
            page = caster.spellbook.pop()
            page.zone = CHAPTER
            caster.chapter.append(page)
            if self.log is not None:
                self.event(
                    "bookmark",
                    caster.seat,
                    page=page.uid,
                    name=page.card.name,
                    left=len(caster.spellbook),
                )
        first, second = self.casters
        if self.turn and not first.spellbook and not second.spellbook:
            self.winner = None
            self.end = "out_of_pages"
            raise GameOver

    def leave_chapter(self, me: Caster, page: Page) -> None:
        me.chapter.remove(page)

    # -- decisions, counts and the log ----------------------------------------------------

    def ask(
        self, caster: Caster, kind: str, options: Any, least: int = 0, most: int | None = None
    ) -> Any:
        decision = caster.decisions.get(kind)
        if decision is None or most is not None:
            decision = Decision(caster.seat, kind, options, least=least, most=most)
        else:
            decision.options = options  # (Decision.offer of one option: asked every Action)
        return self.answer(decision)

    def choose(
        self, caster: Caster, kind: str, options: list[Any], least: int = 0, most: int | None = None
    ) -> Any:
        """`ask` a choice among parts of the game (a target, an order of effects), each offered
        as the Caster sees it (SeatView.shown_all); the answer is the game's own."""
        return self.ask(caster, kind, self.view(caster.seat).shown_all(options), least, most)

    def count(self, me: Caster, page: Page) -> None:
        me.plays[page.card.name] = me.plays.get(page.card.name, 0) + 1

    def event(self, event: str, player: int | None, **data: object) -> None:
        if self.log is not None:
            self.log.append({"turn": self.turn, "player": player, "event": event, **data})

    def _spellbooks(self) -> list[dict[str, Any]]:
        return [
            {str(p.uid): {"name": p.card.name, "type": p.card.type} for p in c.spellbook}
            for c in self.casters
        ]
