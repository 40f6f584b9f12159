"""The state of a MetaZoo game: the Casters, their Pages and zones, and the decisions asked.

Every physical Page of a game is one `Page` object with a number (`uid`) for the whole game, so
the log (docs/game-logs.md) can follow it from zone to zone. Zones (The Battleground, p. 14):
each Caster's Spellbook, Chapter, Limbo, Cemetery and Afterlife; the Arena (each Caster's Pages
there, by controller) and the six shared Terra slots.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from rulebook.core import views

from .cards import PageCard

if TYPE_CHECKING:
    from rulebook.core.decisions import Decision

STARTING_LP = 1000  # Win Condition: "All Casters set their Life Points to 1,000"
OPENING_PAGES = 7  # "Bookmarks 7 Pages from its top"
TERRA_SLOTS = 6  # Terra Pages and Rotation
ADVANTAGE_DAMAGE = 20  # Type Advantage and Aura Attack Advantage: +20
TRIBAL_BOOST = 10  # Tribal Boost: +10 LP and +10 Damage for each other Beastie of its Tribe
STATUS_DAMAGE = 10  # Burn's Damage and Poison's LP Loss a turn (README: rules notes)
STONESKIN = 10  # Stoneskin: 10 less Damage from each Attack (README: rules notes)
REGEN = 10  # Regen: recover 10 LP at the end of your turn (README: rules notes)

# The Aura Wheel (Type Advantages, p. 11) was an image the seed lost; this is the wheel the
# README's rules notes decide: each type and the types it is strong against (+20 Damage).
STRONG_AGAINST: dict[str, frozenset[str]] = {
    "water": frozenset({"flame", "earth"}),
    "flame": frozenset({"forest", "frost"}),
    "forest": frozenset({"water"}),
    "frost": frozenset({"lightning"}),
    "lightning": frozenset({"water"}),
    "earth": frozenset({"lightning"}),
    "cosmic": frozenset({"spirit"}),
    "dark": frozenset({"light", "cosmic"}),
    "light": frozenset({"dark", "spirit"}),
    "spirit": frozenset({"cosmic"}),
}

# Decision kinds, as the log and the policies name them.
CALL = "call"  # the coin call for who goes first
GO_FIRST = "go_first"
MULLIGAN = "mulligan"
ACTION = "action"  # the next Action of the active Caster's turn; pass ends the turn's Actions
RESPOND = "respond"  # an "any time" Action in a priority window; pass takes none
CONTRACT_TRAP = "contract_trap"  # a Trap flipped face-up: Contract it (pay its cost) or not
DEFENDERS = "defenders"
PRIMARY = "primary"  # the primary Defender and its Attack
ALLOCATE = "allocate"  # Damage across the Defenders
ORDER = "order"  # simultaneous effects, ordered by the active Caster
TARGET = "target"  # the target of an effect used

# Each kind of decision as the rulebook asks it, for people (GameState.words).
QUESTIONS = {
    CALL: "Call the coin flip: heads or tails? (Win Condition, p. 16)",
    GO_FIRST: "You won the call: do you go first? (Win Condition, p. 16)",
    MULLIGAN: "Keep this opening Chapter? (Mulligans)",
    ACTION: "Your next Action this turn? (Turn Steps)",
    RESPOND: 'Respond with an "any time" effect? (Priority)',
    CONTRACT_TRAP: "A Trap was flipped face up: Contract it? (Traps)",
    DEFENDERS: "Which Beasties defend? (Combat)",
    PRIMARY: "Which Defender is primary, with which Attack? (Combat)",
    ALLOCATE: "How is the Damage spread across the Defenders? (Combat)",
    ORDER: "In which order do the simultaneous effects happen?",
    TARGET: "Which target does the effect take?",
}

SPELLBOOK, CHAPTER, ARENA, TERRA_SLOT = "spellbook", "chapter", "arena", "terra_slot"
LIMBO, CEMETERY, AFTERLIFE, UNDER = "limbo", "cemetery", "afterlife", "under"


class GameOver(Exception):
    """A Caster reached 0 LP, a face-down Page without the Trap Trait was revealed, or every
    Spellbook ran out: the game ends at once."""


class Page:
    """One physical Page of the game and its state wherever it is."""

    __slots__ = (
        "bonus",
        "card",
        "carried",
        "controller",
        "damage",
        "face_down",
        "fatigued",
        "granted",
        "host",
        "loss",
        "moved",
        "owner",
        "statuses",
        "trap",
        "uid",
        "used_any_time",
        "zone",
    )

    def __init__(self, uid: int, card: PageCard, owner: int) -> None:
        self.uid = uid
        self.card = card
        self.owner = owner
        self.controller = owner
        self.zone = SPELLBOOK
        self.reset()

    def reset(self) -> None:
        """As it leaves the Arena: no Damage, no indicators, nothing carried (Status Effects:
        "All Status Effect Indicators are removed from a Page when it leaves the Arena")."""
        self.damage = 0  # Damage received (Glossary: Damage)
        self.loss = 0  # LP Loss received (LP Loss vs LP Gain: not Damage)
        self.fatigued = False
        self.face_down = False
        self.statuses: dict[str, int] = {}
        self.granted: set[str] = set()  # Traits gained this turn
        self.bonus = 0  # +Damage on its Attacks from Pages equipped to it
        self.carried: list[Page] = []  # Pages underneath it (Equipment, placed under)
        self.trap: Page | None = None  # a face-down Trap Page underneath it
        self.host: Page | None = None  # the Page a face-down Trap is under
        self.moved = False  # a face-down Trap moved once already
        self.used_any_time = -1  # the turn its "any time" effect was last used

    def has(self, trait: str) -> bool:
        return trait in self.card.traits or trait in self.granted

    def __repr__(self) -> str:
        return f"<Page {self.uid} {self.card.name}>"


class Caster:
    """One player: Life Points, Status Effects, zones and Aura generated this turn."""

    __slots__ = (
        "_opponent",
        "afterlife",
        "answers",
        "arena",
        "aura",
        "aura_page_played",
        "cemetery",
        "chapter",
        "damage",
        "decisions",
        "limbo",
        "loss",
        "plays",
        "powers",
        "seat",
        "spellbook",
        "statuses",
        "traps",
    )

    def __init__(self, seat: int, pages: list[Page], answers: bool, powers: bool) -> None:
        self.seat = seat
        self.spellbook = pages  # the top is the end of the list
        self.chapter: list[Page] = []
        self.arena: list[Page] = []  # face-up Pages this Caster controls (Terra apart)
        self.traps: list[Page] = []  # face-down Pages this Caster placed
        self.limbo: list[Page] = []
        self.cemetery: list[Page] = []
        self.afterlife: list[Page] = []
        self.damage = 0
        self.loss = 0
        self.statuses: dict[str, int] = {}
        self.aura: dict[str, int] = {}  # Aura generated and not yet spent or dissolved
        self.aura_page_played = False
        self.plays: dict[str, int] = {}
        # private: a bot is handed its own Caster as it is, so no public door on it may lead
        # to the other Caster's hidden Pages (rulebook.core.views); bots reach the other
        # Caster through their view's `casters`
        self._opponent: Caster = self
        self.decisions: dict[str, Decision] = {}
        self.answers = answers  # any of its Pages has an "any time" effect (MetaZooDeck)
        self.powers = powers  # any of its Pages has a Power

    @property
    def lp(self) -> int:
        lp = STARTING_LP - self.damage - self.loss
        return lp if lp > 0 else 0

    def pile(self, name: str) -> list[Page]:
        """One of its zones by name (`spellbook`, `limbo`, ...). Not called `zone`: a Page's
        `zone` is where that Page is, and a Caster is in no zone (`present`)."""
        pages: list[Page] = getattr(self, name)
        return pages


Subject = Page | Caster
"""Whom Damage, LP Loss, Recover and Status Effects reach: a Page or a Caster."""

CASTER_STATUSES = frozenset({"burn", "poison"})  # README rules notes: a Caster suffers these only


def present(subject: Subject) -> bool:
    """Whether a subject is still there for an effect, an Attack or a Status Effect to reach:
    a Caster always (it is in no zone), a Page while in the Arena. The one reading of where a
    subject is, for Pages and Casters alike."""
    return isinstance(subject, Caster) or subject.zone == ARENA


def log_id(subject: Any) -> Any:
    """How the log names a subject: a Page by its number, a Caster as "caster:<seat>"."""
    if subject is None:
        return None
    return subject.uid if isinstance(subject, Page) else f"caster:{subject.seat}"


def log_targets(targets: dict[str, Any]) -> dict[str, Any]:
    """The targets chosen for a Page's effects, by kind of target, as the log names them."""
    return {kind: log_id(target) for kind, target in targets.items() if target is not None}


class Policy:
    """Who decides: every decision a Caster makes, answered from the options the game lists."""

    def begin(self, seed: int, seat: int) -> None:
        """A new game starts: the seat's scratch space is cleared (a random policy also seeds
        itself here)."""
        if "memos" not in self.__dict__:
            self.memos: dict[int, dict[str, Any]] = {}
        self.memos[seat] = {}

    def answer(self, game: Any, decision: Decision) -> Any:
        raise NotImplementedError


# What one Caster may know of the other: its LP, Status Effects, Aura and the face-up Pages
# (Arena, Cemetery, Afterlife, Limbo); of its Spellbook, Chapter (hand) and face-down Traps,
# how many Pages.
PUBLIC_CASTER = frozenset(
    ("afterlife", "answers", "arena", "aura", "aura_page_played", "cemetery", "damage",
     "limbo", "loss", "lp", "plays", "powers", "seat", "statuses")
)  # fmt: skip
HIDDEN_CASTER = frozenset(("chapter", "spellbook", "traps"))


# A face-down Page as the other Caster sees its back: whose it is and where (not its number,
# which follows the deck's order).
FACE_DOWN_PAGE = frozenset(("controller", "face_down", "owner", "zone"))


class SeatView(views.SeatView):
    """A game in progress as one Caster sees it (what a policy reads): its own Caster whole,
    the other through `Public`, and the game's public state and the rules' measures of it.
    Each door onto a Caster (the combat's or the chain's Caster) opens on that Caster as this
    one sees it (one's own Caster has none: its opponent is private to the game); the other's
    face-down Pages show their back."""

    __slots__ = ("_backs", "casters")
    # The turn, the combat under way and the Terra slots; an Attack's damage and targets, a
    # Page's LP, whether a Terra is active.
    PUBLIC = frozenset(
        ("active", "advantage", "asking", "attack_base", "attack_damage",
         "current_lp", "terra", "terra_active", "turn", "valid_targets")
    )  # fmt: skip

    def __init__(self, game: Any, seat: int) -> None:
        super().__init__(game, seat)
        # one's own Caster as it is (it has no public door); the other through `Public`
        mine = game.casters[seat]
        doors = {"arena": self.shown_all}
        other = views.Public(game.casters[1 - seat], PUBLIC_CASTER, HIDDEN_CASTER, doors)
        self.casters = (mine, other) if seat == 0 else (other, mine)
        self._backs: dict[Page, Any] = {}  # another's face-down Pages, by their backs (`back`)

    def shown(self, subject: Any) -> Any:
        """A subject of the game as this Caster sees it: a Caster as its view's, another's
        face-down Page by its back (and a face-up one with another's Trap under it, the Trap
        by its back), a tuple item by item; anything else as it is."""
        return self.shown_all((subject,))[0]

    def shown_all(self, subjects: Iterable[Any]) -> list[Any]:
        """`shown` of each subject, in one loop (a target list is shown every Attack)."""
        seat = self.seat
        found = []
        for subject in subjects:
            kind = type(subject)
            if kind is Page:
                if subject.face_down:
                    if subject.controller != seat:
                        subject = self.back(subject)
                else:
                    trap = subject.trap
                    if trap is not None and trap.controller != seat:
                        subject = views.seen(subject, {"trap": self.back(trap)})
            elif kind is Caster:
                subject = self.casters[subject.seat]
            elif kind is tuple:
                subject = tuple(self.shown_all(subject))
            found.append(subject)
        return found

    def back(self, page: Page) -> Any:
        """Another Caster's face-down Page as this one sees it (its back), made once a Page."""
        shown = self._backs.get(page)
        if shown is None:
            shown = self._backs[page] = views.face_down(page, FACE_DOWN_PAGE)
        return shown

    @property
    def chain(self) -> list[dict[str, Any]]:
        """The chain as it is now, each item's Caster and targets as this Caster sees them."""
        shown = self.shown
        return [
            {
                **item,
                "caster": shown(item["caster"]),
                "targets": {kind: shown(t) for kind, t in item["targets"].items()},
            }
            for item in self._game.chain
        ]

    @property
    def combat(self) -> Any:
        """The Combat under way (or None): its Casters as this one sees them."""
        combat = self._game.combat
        if combat is None:
            return None
        return views.seen(
            combat,
            {
                "game": self,
                "me": self.shown(combat.me),
                "attacker": self.shown(combat.attacker),
                "target": self.shown(combat.target),
                "defenders": self.shown_all(combat.defenders),
            },
        )
