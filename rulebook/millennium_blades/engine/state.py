"""A tournament's state: each player's RP, hand, tableau and board, and what a policy answers.

A card in play is a Slot: the card, its owner, whether it is face-up and the stars effects gave
it. A face-down card "still counts as a card" (it holds its tableau slot) but has no Star Rating,
Element or Type and no text, and is never flipped face-up again (rules summary, "Face-Down
Cards").
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Protocol

from rulebook.core import views
from rulebook.core.decisions import Decision

from .cards import TournamentCard

# A tableau's slots: a Tournament Deck holds at most eight Singles (rules summary, "Tournament
# Phase"), so eight slots take every Single a legal deck can play.
TABLEAU_SLOTS = 8

# The kinds of decision a player is asked (Decision.kind).
SINGLE = "single"  # which Single to play (required when one can be played)
ACTION = "action"  # which Action to use now, or none (may pass)
DRAIN = "drain"  # which opponent loses the RP
FLIP_TARGET = "flip_target"  # which opponent's face-up Single to flip: (seat, slot index)
# Which face-up Reaction to use, or none (may pass), by what it answers to (effects.REACTIONS).
REACT_CLASHED = "react_clashed"  # another player started a clash: make it a tie?
REACT_REVEALED = "react_revealed"  # you revealed a card in a clash: reveal another instead?
REACT_DRAINED = "react_drained"  # an opponent would make you lose RP: lose none?
REACT = {"clashed": REACT_CLASHED, "revealed": REACT_REVEALED, "drained": REACT_DRAINED}

# Each kind of decision as the rulebook asks it, for people (GameState.words).
QUESTIONS = {
    SINGLE: "Which Single do you play into your tableau? (Tournament Phase)",
    ACTION: "Use a face-up Action now?",
    DRAIN: "Which opponent loses the RP?",
    FLIP_TARGET: "Which opponent's face-up Single do you flip?",
    REACT_CLASHED: "Another player started a clash: react to make it a tie?",
    REACT_REVEALED: "You revealed a card in a clash: react to reveal another instead?",
    REACT_DRAINED: "An opponent would make you lose RP: react to lose none?",
}


class Slot:
    """A card in play: in a tableau (a Single) or on the tournament board."""

    __slots__ = ("bonus", "card", "owner", "up")

    def __init__(self, card: TournamentCard, owner: int) -> None:
        self.card = card
        self.owner = owner
        self.up = True
        self.bonus = 0  # stars gained from Next effects

    def __repr__(self) -> str:
        return f"<{self.card.name}{'' if self.up else ' (face-down)'}>"


class Player:
    """One seat: its RP, the Singles in hand, the tableau (left to right), the board cards and
    the Singles whose Next effects wait for the next Single played."""

    __slots__ = ("board", "hand", "index", "plays", "removed", "rp", "tableau", "waiting")

    def __init__(self, index: int) -> None:
        self.index = index
        self.rp = 0  # Setup 2: "Set current RP to zero"
        self.hand: list[TournamentCard] = []
        self.tableau: list[Slot] = []
        self.board: list[Slot] = []
        self.waiting: list[Slot] = []
        self.plays: Counter[str] = Counter()
        self.removed: tuple[tuple[str, str, str], ...] = ()

    @property
    def can_play(self) -> bool:
        """ "You must play a Single in your tableau if you are able": a Single in hand and an
        open slot."""
        return bool(self.hand) and len(self.tableau) < TABLEAU_SLOTS

    def top(self) -> Slot | None:
        """The Top Card: the right-most face-up card of the tableau."""
        for slot in reversed(self.tableau):
            if slot.up:
                return slot
        return None

    def top_works(self) -> bool:
        """ "Top effects stop working when the player's tableau is full or their hand is
        empty." """
        return bool(self.hand) and len(self.tableau) < TABLEAU_SLOTS

    def face_up(self) -> list[Slot]:
        """The face-up cards whose Ongoing effects work: the tableau's, then the board's."""
        return [slot for slot in self.tableau if slot.up] + [s for s in self.board if s.up]


class Policy(Protocol):
    """A player: answers each decision with one of its options (the game checks it)."""

    def begin(self, seed: int, player: int) -> None:
        """A new tournament from this seat."""

    def answer(self, game: object, decision: Decision) -> object:
        """The answer to `decision`: one of its options (or None where it may pass)."""


# What one seat may know of another: its RP, its tableau and board (a face-down card only as
# its back: "Face-Down Cards"), what it played and what was removed from its deck; of its hand,
# how many Singles.
PUBLIC_PLAYER = frozenset(
    ("board", "can_play", "face_up", "index", "plays", "removed", "rp", "tableau", "top",
     "top_works", "waiting")
)  # fmt: skip
HIDDEN_PLAYER = frozenset(("hand",))
FACE_DOWN_SLOT = frozenset(("owner", "up"))  # a face-down card's back: whose it is


def face_down_slots(slots: list[Slot]) -> list[Any]:
    """Slots as another seat sees them: face-up ones as they are, face-down ones by their back."""
    return [slot if slot.up else views.face_down(slot, FACE_DOWN_SLOT) for slot in slots]


SHOWN = {"tableau": face_down_slots, "board": face_down_slots}


class SeatView(views.SeatView):
    """A tournament in progress as one seat sees it (what a policy reads): its own player
    whole, the others through `Public`, and the table's public facts and measures."""

    __slots__ = ("players",)
    PUBLIC = frozenset(("revealed", "clash_started_by", "action_does_something", "clash_strength"))

    def __init__(self, game: Any, seat: int) -> None:
        super().__init__(game, seat)
        self.players = tuple(
            player
            if player.index == seat
            else views.Public(player, PUBLIC_PLAYER, HIDDEN_PLAYER, SHOWN)
            for player in game.players
        )
