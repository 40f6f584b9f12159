"""The one game loop every test-game engine runs: seat the players, take turns round the seats
until the game is over or the turn cap, then the outcome. Each engine supplies only its Game
class (which declares its `seats`) and its default player, so `play_game` is one function for
every game.

    play_game = GameLoop(Game, HeuristicPolicy())     # in rulebook/<game>/engine/__init__.py
    outcome = play_game([deck_a, deck_b], seed=7)     # the same seed, the same game

The interface a game is built on (rulebook.core): a Game declares its `seats`; its chance steps
come from one `Chance` (chance.py); at each decision the Game builds a `Decision` with the legal
options and checks its policy's answer (decisions.py); it ends with an `Outcome`, a placement
per seat and its figures (outcome.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Protocol

from .outcome import Outcome

# No rulebook ends a game that never reaches a loss; a game still going after this many turns
# ends as a draw, and its record says so (`capped`), since that is the engine's rule, not the
# game's.
TURN_CAP = 200
TURN_CAP_RULE = (
    f"A game still going after {TURN_CAP} turns ends as a draw (no rule ends it; the result "
    "counts these draws as draws_at_turn_cap)."
)


class TurnBasedGame(Protocol):
    """The hooks the loop calls on one game in progress."""

    seats: ClassVar[range]  # how many players the game seats (Neopets and Keeper: exactly 2)
    turn: int  # turns taken so far

    def begin(self) -> None:
        """Set the game up: who goes first, the opening hands."""

    def next_turn(self) -> bool:
        """Take the next seat's turn (round the seats, unless a rule says otherwise); False once
        the game is over."""

    def finish(self, capped: bool) -> Outcome:
        """The game's outcome; `capped` when it stopped at TURN_CAP rather than by a rule."""


class GameClass(Protocol):
    """A Game class: it declares its seats and is made from the seated decks and players."""

    seats: range

    def __call__(
        self, decks: Sequence[Any], seed: int, policies: tuple[Any, ...], record_log: bool
    ) -> TurnBasedGame: ...


class GameLoop:
    """`play_game(decks, seed, *, policies=None, record_log=False)` for one engine.

    `decks` are the seats' decks in seat order, as many as the game seats (else ValueError);
    `policies` their players, one a seat (the engine's default player for every seat unless
    given); `record_log=True` keeps the game's full JSON-able log of every state change in the
    outcome (off by default: it costs time, see docs/game-logs.md); `options` are the game's
    own (rulebook.simulation.engines, `Engine.options`: the Millennium Blades Store).
    """

    def __init__(self, new_game: Callable[..., TurnBasedGame], default_policy: object) -> None:
        self.new_game = new_game
        self.seats: range = new_game.seats  # type: ignore[attr-defined]
        self.default_policy = default_policy

    def __call__(
        self,
        decks: Sequence[Any],
        seed: int,
        *,
        policies: Sequence[Any] | None = None,
        record_log: bool = False,
        **options: Any,
    ) -> Outcome:
        seated = len(decks)
        if seated not in self.seats:
            raise ValueError(f"{describe_seats(self.seats)}, not {seated} decks")
        players = tuple(policies) if policies is not None else (self.default_policy,) * seated
        if len(players) != seated:
            raise ValueError(f"{seated} decks need {seated} policies, not {len(players)}")
        game = self.new_game(decks, seed, players, record_log, **options)
        game.begin()
        going = True
        while going and game.turn < TURN_CAP:
            going = game.next_turn()
        return game.finish(capped=going)


def describe_seats(seats: range) -> str:
    """ "the game seats 2 players", "the game seats 2 to 5 players"."""
    low, high = seats.start, seats.stop - 1
    players = f"{low}" if low == high else f"{low} to {high}"
    return f"the game seats {players} players"
