"""The one game loop every test-game engine runs: set up, take turns until the game is over or
the turn cap, then the record. Each engine supplies only its hooks (its Game class and its
default players), so `play_game` is one function for every game.

    play_game = GameLoop(Game, HeuristicPolicy())     # in rules/<game>/engine/__init__.py
    record = play_game(deck_a, deck_b, seed=7)        # the same seed, the same game
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

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

    turn: int  # turns taken so far

    def begin(self) -> None:
        """Set the game up: who goes first, the opening hands."""

    def next_turn(self) -> bool:
        """Take the next player's turn; False once the game is over."""

    def finish(self, capped: bool) -> Any:
        """The game's record; `capped` when it stopped at TURN_CAP rather than by a rule."""


class GameLoop:
    """`play_game(deck_a, deck_b, seed, *, policies=None, record_log=False)` for one engine.

    `policies` are deck A's and deck B's players (the engine's default player for both unless
    given); `record_log=True` keeps the game's full JSON-able log of every state change in the
    record (off by default: it costs time, see docs/game-logs.md).
    """

    def __init__(self, new_game: Callable[..., TurnBasedGame], default_policy: object) -> None:
        self.new_game = new_game
        self.default_policies = (default_policy, default_policy)

    def __call__(
        self,
        deck_a: object,
        deck_b: object,
        seed: int,
        *,
        policies: tuple[Any, Any] | None = None,
        record_log: bool = False,
    ) -> Any:
        players = policies if policies is not None else self.default_policies
        game = self.new_game(deck_a, deck_b, seed, players, record_log)
        game.begin()
        going = True
        while going and game.turn < TURN_CAP:
            going = game.next_turn()
        return game.finish(capped=going)
