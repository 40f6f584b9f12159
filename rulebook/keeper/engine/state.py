"""The state of a Keeper game, at the bottom of the engine: players, the cards they have in
play and the cards targeted in other zones; and the two interfaces the layers above share: what
the rules' code may do to a game in progress (`GameView`) and the decisions a player makes
(`Policy`), each asked as a `Decision` (rulebook.core.decisions) of one of the kinds below, whose
options the game computes (legal.py for the Action Phase, battles and swaps).

The engine's modules import downwards only (import-linter's keeper-engine contract): the
component tables and cards; this state; targets, payments and the legal options; effects and
policies; the game on top.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from rulebook.core import views
from rulebook.core.chance import Chance
from rulebook.core.decisions import AnswersByKind, Decision

from .cards import KeeperAbility, KeeperCard

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
        "rerolls",
        "reserves",
        "resources",
        "spent",
        "traps",
    )

    def __init__(self, index: int) -> None:
        self.index = index
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

    # The Resource Zone: its first `spent` cards are the exhausted ones, the rest unexhausted,
    # so that each resource card is known to be exhausted or not (a card taken out of the zone
    # takes its own state with it) while paying stays a matter of counting.

    @property
    def unspent(self) -> int:
        return len(self.resources) - self.spent

    def unexhausted_resource(self, card: KeeperCard) -> bool:
        """Whether this very card is one of the player's unexhausted resources."""
        return card in self.resources[self.spent :]  # a card is equal only to itself

    def exhaust_resource(self, card: KeeperCard) -> None:
        """Exhaust one resource card (already exhausted: nothing changes)."""
        index = next(i for i, resource in enumerate(self.resources) if resource is card)
        if index >= self.spent:
            zone = self.resources
            zone[index], zone[self.spent] = zone[self.spent], zone[index]
            self.spent += 1

    def add_exhausted_resource(self, card: KeeperCard) -> None:
        self.resources.insert(self.spent, card)
        self.spent += 1

    def remove_resource(self, card: KeeperCard) -> None:
        """Take a card out of the Resource Zone, with its exhaustion."""
        index = next(i for i, resource in enumerate(self.resources) if resource is card)
        del self.resources[index]
        if index < self.spent:
            self.spent -= 1

    def in_play(self) -> list[Permanent]:
        return self.creatures + self.traps


class ZoneCard:
    """A targeted card outside play: which player's zone, the zone, the card."""

    __slots__ = ("card", "player", "zone")

    def __init__(self, player: Player, zone: list[KeeperCard], card: KeeperCard) -> None:
        self.player = player
        self.zone = zone
        self.card = card

    @property
    def value(self) -> float:
        return self.card.value

    @property
    def controller(self) -> int:
        """The player whose zone holds the card (as a Permanent's controller, for scoring)."""
        return self.player.index

    def __repr__(self) -> str:
        return f"<{self.card.name} in {self.player.index}>"


Target = Permanent | ZoneCard


class GameView(Protocol):
    """A game in progress as targets, payments, effects and policies use it (a Game is one)."""

    players: tuple[Player, ...]
    chance: Chance  # every chance step: dice, shuffles, cards at random
    switched: list[tuple[Permanent, int]]
    log: list[dict[str, Any]] | None  # the game's log when one is kept (docs/game-logs.md)

    def ask(self, decision: Decision) -> Any: ...
    def ref(self, card: KeeperCard) -> int: ...
    def refs(self, cards: Iterable[KeeperCard]) -> list[int]: ...
    def event(self, event: str, player: int | None, **data: object) -> None: ...
    def opponent(self, player: Player) -> Player: ...
    def view(self, seat: int) -> Any: ...
    def roll(self) -> int: ...
    def draw(self, player: Player, count: int) -> None: ...
    def take(self, zone: list[KeeperCard], card: KeeperCard) -> None: ...
    def leave_play(self, permanent: Permanent) -> None: ...
    def survives_explicit(self, creature: Permanent) -> bool: ...
    def destroy(self, permanent: Permanent, *, explicit: bool) -> None: ...
    def sacrifice(self, permanent: Permanent) -> None: ...
    def destroy_from(self, player: Player, zone: list[KeeperCard], card: KeeperCard) -> None: ...
    def damage_creature(
        self, creature: Permanent, amount: int, by: int | None, card: KeeperCard | None
    ) -> int: ...
    def damage_player(
        self, player: Player, amount: int, by: int | None = None, card: KeeperCard | None = None
    ) -> None: ...
    def can_summon(self, me: Player, card: KeeperCard) -> bool: ...
    def summon(
        self, me: Player, card: KeeperCard, zone: list[KeeperCard] | None = None
    ) -> None: ...
    def can_cast(self, me: Player, card: KeeperCard) -> bool: ...
    def cast(self, me: Player, card: KeeperCard, zone: list[KeeperCard] | None = None) -> None: ...
    def can_use(self, me: Player, creature: Permanent) -> bool: ...
    def can_activate(
        self, me: Player, ability: KeeperAbility, source: Permanent | None
    ) -> bool: ...
    def can_attack(self, me: Player, creature: Permanent) -> bool: ...
    def can_defend(self, me: Player, creature: Permanent) -> bool: ...


Action = tuple[str, Any, KeeperAbility | None]

# The kinds of decision a player makes, each answered by the Policy method named beside it.
RESERVES_CHOICE = "reserves"  # choose_reserves: exactly RESERVES of the deck's cards
SWAPS = "swaps"  # swaps: a list of (hand card, reserves card), each as the ones before left them
RESOURCES = "resources"  # resources_to_place: up to the turn's limit of the hand's cards
ACTION = "action"  # next_action: an action of the Action Phase (legal.ActionOptions), or pass
TRIGGER = "trigger"  # use_trigger: yes or no
BATTLE = "battle"  # next_battle: (team, target) (legal.BattleOptions), or no more battles
DEFENDERS = "defenders"  # defenders: the creatures able to defend, in defending order
TARGETS = "targets"  # pick_targets: up to `most` of the pool
PLAYER = "player"  # choose_player: one of the players
WANTS = "wants"  # wants: yes or no, to summon or cast a card an effect revealed

# Each kind of decision as the rulebook asks it, for people (GameState.words).
QUESTIONS = {
    RESERVES_CHOICE: "Which ten cards go to your reserves? (Setup and Deck Building)",
    SWAPS: "Which hand cards do you swap with your reserves? (Turn Order 1)",
    RESOURCES: "Which cards do you place as resources? (Turn Order 1)",
    ACTION: "What do you do next in your Action Phase? (Turn Order 2)",
    TRIGGER: "An ability's condition was met: use it?",
    BATTLE: "Which creatures attack, and whom? (Battles, step 1)",
    DEFENDERS: "Which creatures defend, in which order? (Battles, step 2)",
    TARGETS: "Which targets does the ability choose?",
    PLAYER: "Which player does the ability choose?",
    WANTS: "An effect revealed this card: summon or cast it?",
}


# Who answers each kind of decision: the Policy method named for it (rulebook.core.decisions).
ANSWERED_BY = {
    RESERVES_CHOICE: "choose_reserves",
    SWAPS: "swaps",
    RESOURCES: "resources_to_place",
    ACTION: "next_action",
    TRIGGER: "use_trigger",
    BATTLE: "next_battle",
    DEFENDERS: "defenders",
    TARGETS: "pick_targets",
    PLAYER: "choose_player",
    WANTS: "wants",
}


class Policy(AnswersByKind):
    """The choices of one player (rulebook.keeper.engine.policy implements them all). Each is
    a Decision the game built, whose `options` are the legal answers and whose `seat` is the
    player's index; the game refuses an answer the options do not allow."""

    ANSWERED_BY = ANSWERED_BY

    def choose_reserves(self, game: GameView, decision: Decision) -> Sequence[KeeperCard]:
        raise NotImplementedError

    def swaps(self, game: GameView, decision: Decision) -> Iterable[tuple[KeeperCard, KeeperCard]]:
        raise NotImplementedError

    def resources_to_place(self, game: GameView, decision: Decision) -> Sequence[KeeperCard]:
        raise NotImplementedError

    def next_action(self, game: GameView, decision: Decision) -> Action | None:
        raise NotImplementedError

    def use_trigger(
        self,
        game: GameView,
        decision: Decision,
        ability: KeeperAbility,
        source: Permanent | None,
    ) -> bool:
        raise NotImplementedError

    def next_battle(
        self, game: GameView, decision: Decision
    ) -> tuple[list[Permanent], object] | None:
        raise NotImplementedError

    def defenders(
        self, game: GameView, decision: Decision, attackers: list[Permanent], target: object
    ) -> Sequence[Permanent]:
        raise NotImplementedError

    def pick_targets(self, game: GameView, decision: Decision, hostile: bool) -> Sequence[Target]:
        raise NotImplementedError

    def choose_player(self, game: GameView, decision: Decision, hostile: bool) -> Player:
        raise NotImplementedError

    def wants(self, game: GameView, decision: Decision, card: KeeperCard) -> bool:
        raise NotImplementedError


# What one player may know of the other: hitpoints, the creatures in play, the traps set face
# down (rulebook, "Trap Zone": "not public knowledge"; "the identity of the card is not public
# knowledge"), how many resources are exhausted and how many not; of the hand, the deck, the
# reserves, the Resource Zone and the graveyard, how many cards (rulebook, "Resource Zone":
# "The contents of this zone are not public knowledge"; a resource "is always played
# face-down, as its identity is not public knowledge"; "Graveyard": "The contents of the
# graveyard are not public knowledge, but its owner may look through it at any time").
PUBLIC_PLAYER = frozenset(
    ("battle_targets", "creatures", "hp", "in_play", "index", "plays", "rerolls", "spent",
     "traps", "unspent")
)  # fmt: skip
HIDDEN_PLAYER = frozenset(("deck", "drawn", "graveyard", "hand", "reserves", "resources"))
# A set trap as the other player sees its back: whose it is, whether it is exhausted, and its
# value, which the policies' measures read (half its cost: known, as the cost paid to set it
# was; the card itself is not).
FACE_DOWN_TRAP = frozenset(("controller", "exhausted", "is_creature", "owner", "value"))


class SeatView(views.SeatView):
    """A game in progress as one player sees it (what a policy reads): its own zones whole
    (a Player opens no door onto another's), the other's through `Public`, and the rules'
    measures of what may attack and defend."""

    __slots__ = ("_backs", "players")
    PUBLIC = frozenset(("can_attack", "can_defend", "can_use", "turn", "active"))

    def __init__(self, game: GameView, seat: int) -> None:
        super().__init__(game, seat)
        self._backs: dict[Permanent, Any] = {}  # another's set traps, by their backs (`back`)
        shown = {"traps": self.backs, "in_play": self._in_play_face_down}
        self.players = tuple(
            player
            if player.index == seat
            else views.Public(player, PUBLIC_PLAYER, HIDDEN_PLAYER, shown)
            for player in game.players
        )

    def back(self, trap: Permanent) -> Any:
        """Another player's set trap as this one sees it (its back), made once a trap."""
        shown = self._backs.get(trap)
        if shown is None:
            shown = self._backs[trap] = views.face_down(trap, FACE_DOWN_TRAP)
        return shown

    def backs(self, traps: list[Permanent]) -> list[Any]:
        back = self.back
        return [back(trap) for trap in traps]

    def _in_play_face_down(self, in_play: Any) -> Any:
        """Another player's `in_play()`: its creatures, then its traps face down."""
        player = in_play.__self__
        return lambda: [*player.creatures, *self.backs(player.traps)]

    def shown_all(self, targets: list[Any]) -> list[Any]:
        """Each target as this player sees it: another's set trap face down, a card in
        another's zone with that player as this one sees it (the zone only as its size)."""
        seat = self.seat
        found = []
        for target in targets:
            kind = type(target)
            if kind is Permanent:
                if target.controller != seat and not target.is_creature:
                    target = self.back(target)
            elif kind is ZoneCard and target.player.index != seat:
                target = views.seen(
                    target,
                    {
                        "player": self.players[target.player.index],
                        "zone": views.HiddenZone(target.zone),
                    },
                )
            found.append(target)
        return found

    def opponent(self, player: Any) -> Any:
        return self.players[1 - player.index]
