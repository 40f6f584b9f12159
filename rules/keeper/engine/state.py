"""The state of a Keeper game: players and the cards they have in play."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from .cards import KeeperCard

if TYPE_CHECKING:
    from .policy import Policy

STARTING_HITPOINTS = 20  # rulebook, "Setup and Deck Building"
HAND_SIZE = 5


class Permanent:
    """A card in play: a creature in a Creature Zone or a trap in a Trap Zone (rulebook, "The
    Field"). Its offense and defense are the current ones, reset in every Recovery Phase."""

    __slots__ = (
        "card",
        "controller",
        "counters",
        "defense",
        "exhausted",
        "is_creature",
        "marks",
        "offense",
        "owner",
        "stay_exhausted",
    )

    def __init__(self, card: KeeperCard, owner: int, controller: int) -> None:
        self.card = card
        self.owner = owner
        self.controller = controller
        self.is_creature = card.is_creature
        self.offense = card.offense
        self.defense = card.defense
        self.exhausted = True  # summoned and set exhausted (rulebook, "Creatures", "Traps")
        self.counters = 0  # plain counters ("Place [x] counters on each target.")
        # Named counters (offense, defense, ...): kind -> [placed by player 0, by player 1]; only
        # the player who placed one may remove it for its effect (rulebook, "Offense counter").
        self.marks: dict[str, list[int]] | None = None
        self.stay_exhausted = False

    def mark(self, kind: str, placer: int) -> int:
        marks = self.marks
        return marks[kind][placer] if marks and kind in marks else 0

    def add_marks(self, kind: str, placer: int, count: int) -> None:
        if self.marks is None:
            self.marks = {}
        self.marks.setdefault(kind, [0, 0])[placer] += count

    def take_mark(self, kind: str, placer: int) -> bool:
        """Remove one of `placer`'s counters of this kind; False when there is none."""
        pair = self.marks.get(kind) if self.marks else None
        if pair and pair[placer]:
            pair[placer] -= 1
            return True
        return False

    def all_counters(self) -> int:
        named = sum(sum(pair) for pair in self.marks.values()) if self.marks else 0
        return self.counters + named

    def remove_counters(self, count: int) -> int:
        """Remove up to `count` counters, plain ones first; how many were removed."""
        removed = min(count, self.counters)
        self.counters -= removed
        if self.marks:
            for pair in self.marks.values():
                for placer in (0, 1):
                    taken = min(count - removed, pair[placer])
                    pair[placer] -= taken
                    removed += taken
        return removed

    @property
    def value(self) -> float:
        if self.is_creature:
            return self.offense + max(self.defense, 0) / 5
        return self.card.cost / 2

    def __repr__(self) -> str:
        return f"<{self.card.name} {self.offense}/{self.defense}{' ex' if self.exhausted else ''}>"


class Player:
    """One player's hitpoints and zones (rulebook, "The Field")."""

    __slots__ = (
        "battle_targets",
        "creatures",
        "deck",
        "drawn",
        "graveyard",
        "hand",
        "hp",
        "index",
        "plays",
        "policy",
        "rerolls",
        "reserves",
        "resources",
        "spent",
        "traps",
    )

    def __init__(self, index: int, policy: Policy) -> None:
        self.index = index
        self.policy = policy
        self.hp = STARTING_HITPOINTS
        self.deck: list[KeeperCard] = []  # the top of the deck is the end of the list
        self.hand: list[KeeperCard] = []
        self.reserves: list[KeeperCard] = []
        self.resources: list[KeeperCard] = []
        self.spent = 0  # how many resources are exhausted
        self.creatures: list[Permanent] = []
        self.traps: list[Permanent] = []
        self.graveyard: list[KeeperCard] = []
        self.rerolls = (0, 0)  # (dice, times each) for the rest of this turn
        self.battle_targets: set[int] = set()  # ids of players/creatures targeted this phase
        self.plays: Counter[str] = Counter()
        self.drawn: set[str] = set()

    @property
    def unspent(self) -> int:
        return len(self.resources) - self.spent

    def in_play(self) -> list[Permanent]:
        return self.creatures + self.traps
