"""A tiny table game for the engine interface's tests: 2 to 5 seats take turns round the table,
each rolling two dice (the game's Chance) and keeping one (a Decision its policy answers); after
ROUNDS rounds the highest total places first, equal totals sharing a place. A "deck" is a number
added to the seat's total, so the tests can tilt the table."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rulebook.core.chance import Chance
from rulebook.core.decisions import Decision
from rulebook.core.outcome import Outcome, placements_by_score
from rulebook.core.stepping import GameLoop
from rulebook.simulation import Engine, JobKind

ROUNDS = 2
KEEP = "keep"


class DiceTable:
    seats = range(2, 6)

    def __init__(
        self, decks: Sequence[int], seed: int, ask: Callable[[Decision], Any], record_log: bool
    ) -> None:
        self.chance = Chance(seed)
        self.ask = ask
        self.scores = list(decks)
        self.turn = 0
        self.first = 0
        self.log: list[dict] | None = [] if record_log else None

    def begin(self) -> None:
        self.first = self.chance.first_player(len(self.scores))

    def next_turn(self) -> bool:
        seat = (self.first + self.turn) % len(self.scores)  # round the seats
        self.turn += 1
        decision = Decision(seat, KEEP, self.chance.dice(2))
        kept = self.ask(decision)
        self.scores[seat] += kept
        if self.log is not None:
            self.log.append({"turn": self.turn, "player": seat, "event": "keep", "face": kept})
        return self.turn < ROUNDS * len(self.scores)

    def view(self, seat: int) -> DiceTable:
        """Nothing at the table is hidden: every seat sees it all."""
        return self

    def finish(self, capped: bool) -> Outcome:
        return Outcome(
            placements=placements_by_score(self.scores),
            first=self.first,
            figures={"turns": self.turn, "rounds": ROUNDS},
            seats=tuple({"plays": {"die": ROUNDS}, "opening": {}} for _ in self.scores),
            unsupported={},
            simplifications=(),
            capped=capped,
            log=tuple(self.log) if self.log is not None else None,
        )


class KeepHigh:
    def begin(self, seed: int, player: int) -> None:
        pass

    def answer(self, game: DiceTable, decision: Decision) -> int:
        return max(decision.options)


class KeepSeven(KeepHigh):
    """Answers what no die shows."""

    def answer(self, game: DiceTable, decision: Decision) -> int:
        return 7


play_table = GameLoop(DiceTable, KeepHigh())

# The dice table as a simulation engine: a table of 2 to 5 decks (each deck its handicap).
DICE_ENGINE = Engine(
    prepare=lambda deck: deck,
    play=play_table,
    seats=play_table.seats,
    kinds=frozenset({JobKind.TABLE}),
)
