"""The dice game's engine, on the interface every engine shares (rulebook.core.stepping): a
Game class with begin, next_turn and finish that asks a Decision at each choice through the
`ask` it is made with, every chance step a draw of the game's Chance, and a view of what each
seat may know."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from rulebook.core.cards import Deck
from rulebook.core.chance import Chance
from rulebook.core.decisions import Decision
from rulebook.core.outcome import Outcome, two_seat_placements
from rulebook.core.stepping import GameLoop
from rulebook.core.views import Public, SeatView

TARGET = 15
KEEP_OR_ROLL = "keep_or_roll"
KEEP, ROLL = "keep", "roll"


class DiceDeck:
    """A deck as the engine plays it: (name, value) for every copy, in deck order."""

    def __init__(self, cards: Sequence[tuple[str, int]]) -> None:
        self.cards = tuple(cards)

    @classmethod
    def from_deck(cls, deck: Deck) -> DiceDeck:
        return cls(
            [
                (entry.card.name, entry.card.attributes["value"])
                for entry in deck.sections.get("deck", ())
                for _ in range(entry.quantity)
            ]
        )


class Player:
    def __init__(self, seat: int, deck: DiceDeck) -> None:
        self.seat = seat
        self.pile = list(deck.cards)
        self.score = 0
        self.card: tuple[str, int] | None = None  # the card drawn this turn
        self.kept: Counter[str] = Counter()
        self.drawn: set[str] = set()


class Game:
    seats = range(2, 3)
    QUESTIONS = {KEEP_OR_ROLL: "Keep the card you drew, or roll a die instead?"}

    def __init__(
        self,
        decks: Sequence[DiceDeck],
        seed: int,
        ask: Callable[[Decision], Any],
        record_log: bool,
    ) -> None:
        self.chance = Chance(seed)
        self.ask = ask
        self.players = [Player(seat, deck) for seat, deck in enumerate(decks)]
        self.log: list[dict] | None = [] if record_log else None
        self.turn = 0
        self.rolls = 0
        self.first = 0
        self.active = 0

    def begin(self) -> None:
        self.first = self.active = self.chance.first_player(len(self.players))
        for player in self.players:
            self.chance.shuffle(player.pile)

    def next_turn(self) -> bool:
        player = self.players[self.active]
        if not player.pile:
            return False
        self.turn += 1
        player.card = name, value = player.pile.pop()
        player.drawn.add(name)
        decision = Decision(player.seat, KEEP_OR_ROLL, (KEEP, ROLL))
        if self.ask(decision) == ROLL:
            self.rolls += 1
            value = self.chance.die()
        else:
            player.kept[name] += 1
        player.score += value
        if self.log is not None:
            self.log.append({"turn": self.turn, "seat": player.seat, "card": name, "got": value})
        self.active = 1 - self.active
        return player.score < TARGET

    @property
    def winner(self) -> int | None:
        first, second = (player.score for player in self.players)
        return None if first == second else (0 if first > second else 1)

    def finish(self, capped: bool) -> Outcome:
        return Outcome(
            placements=two_seat_placements(self.winner),
            first=self.first,
            figures={"turns": self.turn, "rolls": self.rolls},
            seats=tuple(
                {"plays": dict(player.kept), "drawn": frozenset(player.drawn), "opening": {}}
                for player in self.players
            ),
            unsupported={},
            simplifications=(),
            capped=capped,
            log=tuple(self.log) if self.log is not None else None,
        )

    def view(self, seat: int) -> DiceView:
        return DiceView(self, seat)


class DiceView(SeatView):
    """One seat's view: its own pile and card; of the other, the score and what it kept."""

    PUBLIC = frozenset(("turn", "active"))

    def __init__(self, game: Game, seat: int) -> None:
        super().__init__(game, seat)
        self.players = [
            player
            if player.seat == seat
            else Public(player, frozenset(("seat", "score", "kept")), frozenset(("pile",)))
            for player in game.players
        ]


class HigherThanAverage:
    """Keep a card that shows more than a die's average (3.5), else roll."""

    def begin(self, seed: int, player: int) -> None:
        """No state between games."""

    def answer(self, game: Game, decision: Decision) -> str:
        _, value = game.players[decision.seat].card  # type: ignore[misc]  # drawn this turn
        return KEEP if value > 3 else ROLL


play_game = GameLoop(Game, HigherThanAverage())
