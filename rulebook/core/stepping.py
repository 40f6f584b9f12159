"""A game as a state you step, in OpenSpiel's shape, and the loop that asks the bots.

    state = GameState(Game, decks, seed)           # set up, stopped at the first decision
    while not state.is_terminal():
        seat = state.current_seat                  # whose decision it is
        decision = state.decision                  # its kind and legal options (`words()`)
        state.apply(answer)                        # checked first: an illegal one changes nothing
    state.outcome                                  # the game's Outcome

    copy = state.clone()                           # the same game, stepped on independently
    GameState.replay(Game, decks, seed, state.history)   # the same game, from its record

A Game (rulebook/<game>/engine/game.py) is written as the rulebook reads: it plays its turns
top to bottom and, wherever a player decides, calls the `ask` it was made with, which returns
the answer. The state runs that code in a greenlet of its own: `ask` suspends it, handing the
Decision out, and `apply` resumes it with the answer. So the rules stay one readable function
while nothing outside the game is ever called from inside it: the bots are asked by the loop
(`play`), with the view their seat may see, never the game itself.

Chance is the game's own `Chance(seed)` (chance.py), drawn by name inside the game, never by a
bot: a game is a function of its decks, seed and the answers given, so its history (one
portable answer a decision) replays it, and `clone` is such a replay. A state is stepped in the
thread that made it (a greenlet's rule); elsewhere, replay it from its seed and history.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar, Protocol

from greenlet import getcurrent, greenlet

from .chance import Chance
from .decisions import Decision
from .outcome import Outcome
from .views import VIEW_TYPES, game_objects
from .wording import option_words

# No rulebook ends a game that never reaches a loss; a game still going after this many turns
# ends as a draw, and its record says so (`capped`), since that is the engine's rule, not the
# game's.
TURN_CAP = 200
TURN_CAP_RULE = (
    f"A game still going after {TURN_CAP} turns ends as a draw (no rule ends it; the result "
    "counts these draws as draws_at_turn_cap)."
)


class GameOverError(RuntimeError):
    """A finished game was asked for a decision or given an answer."""


class SteppedGame(Protocol):
    """What a Game offers its state (each engine's game.py).

    It is made as `Game(decks, seed, ask, record_log, **options)` and calls `ask(decision)`
    wherever a player decides; the answer comes back checked by `Decision.check`."""

    seats: ClassVar[range]  # how many players the game seats (Neopets and Keeper: exactly 2)
    QUESTIONS: ClassVar[Mapping[str, str]]  # each kind of decision in the rulebook's words
    turn: int  # turns taken so far
    chance: Chance  # every chance step, drawn by name
    log: list[dict[str, Any]] | None  # its events, when made with record_log

    def begin(self) -> None:
        """Set the game up: who goes first, the opening hands."""

    def next_turn(self) -> bool:
        """Take the next seat's turn; False once the game is over."""

    def finish(self, capped: bool) -> Outcome:
        """The game's outcome; `capped` when it stopped at TURN_CAP rather than by a rule."""

    def view(self, seat: int) -> Any:
        """What this seat may know of the game: its own hidden cards, everyone's public ones."""

    # A game whose answers hold parts of its own (a creature in play, a Page) names them
    # portably; one whose answers are the same in every replay (numbers, the decks' own cards)
    # has neither method:
    #
    # def portable(self, decision: Decision, answer: Any) -> Any:
    #     """The answer as a value naming the same answer in a replay of this game: each of its
    #     cards, creatures, players... by a `Ref` (`each_part`)."""
    #
    # def restore(self, decision: Decision, ref: Any) -> Any:
    #     """The answer to `decision` that a `portable` value names, in this game."""


class GameState:
    """One game in progress, stopped at a decision (or over). See the module's docstring."""

    __slots__ = (
        "_bots",
        "_caller",
        "_game",
        "_portable",
        "_runner",
        "chance_observer",
        "decision",
        "decks",
        "game_class",
        "history",
        "options",
        "outcome",
        "record_log",
        "seed",
    )

    def __init__(
        self,
        game_class: Callable[..., Any],
        decks: Sequence[Any],
        seed: int,
        *,
        record_log: bool = False,
        chance_observer: Callable[[str, object], None] | None = None,
        **options: Any,
    ) -> None:
        seats: range = game_class.seats  # type: ignore[attr-defined]  # a Game class's seats
        if len(decks) not in seats:
            raise ValueError(f"{describe_seats(seats)}, not {len(decks)} decks")
        self.game_class, self.decks, self.seed = game_class, tuple(decks), seed
        self.record_log, self.options = record_log, options
        self.chance_observer = chance_observer  # told each chance draw (a playthrough's)
        # The answers given, each as `portable` made it: the game's record, with its seed.
        self.history: list[Any] = []
        self.decision: Decision | None = None  # the decision the game waits on; None once over
        self.outcome: Outcome | None = None
        self._game: Any = None  # made in its greenlet (a Game may ask as it is set up)
        # The game's `portable`; None where its answers are portable as they are.
        self._portable: Callable[[Decision, Any], Any] | None = None
        # While `play` plays every seat by bots: each seat's view and its bot's answer.
        self._bots: tuple[list[Any], list[Answerer]] | None = None
        self._runner = greenlet(self._play)
        self._caller = getcurrent()
        self._resume(None)

    @classmethod
    def replay(
        cls,
        game_class: Callable[..., Any],
        decks: Sequence[Any],
        seed: int,
        history: Iterable[Any],
        *,
        record_log: bool = False,
        **options: Any,
    ) -> GameState:
        """The game these decks and seed play with these answers (a history), stopped where
        the history ends. Each answer is checked as it is given: a history this game does not
        allow is an IllegalAnswer, naming the decision."""
        state = cls(game_class, decks, seed, record_log=record_log, **options)
        for ref in history:
            decision = state.decision
            if decision is None:
                raise GameOverError("the history goes on after the game is over")
            restore = getattr(state._game, "restore", None)
            state.apply(ref if restore is None else restore(decision, ref))
        return state

    # -- OpenSpiel's State ----------------------------------------------------------------

    @property
    def current_seat(self) -> int | None:
        """The seat that decides next; None once the game is over."""
        decision = self.decision
        return None if decision is None else decision.seat

    def is_terminal(self) -> bool:
        return self.decision is None

    def apply(self, answer: Any) -> None:
        """Answer the pending decision: checked against its options first (IllegalAnswer, and
        nothing changes), recorded in the history, then the game plays on to its next
        decision or its end."""
        decision = self.decision
        if decision is None:
            raise GameOverError("the game is over: no decision waits for an answer")
        self._resume(self._accepted(decision, answer))

    def _accepted(self, decision: Decision, answer: Any) -> Any:
        """The answer checked (a part of another seat a bot names from its view is the game's
        own) and recorded in the history."""
        kind = type(answer)
        if kind is list or kind is tuple or kind in VIEW_TYPES:
            answer = game_objects(answer)
        answer = decision.check(answer)
        portable = self._portable
        self.history.append(answer if portable is None else portable(decision, answer))
        return answer

    def clone(self) -> GameState:
        """An independent copy of this game as it stands (replayed from its seed and history:
        a game is a function of them)."""
        return GameState.replay(
            self.game_class,
            self.decks,
            self.seed,
            self.history,
            record_log=self.record_log,
            **self.options,
        )

    def words(self) -> dict[str, Any] | None:
        """The pending decision as a person reads it: whose it is, the question in the
        rulebook's words, each option's words (None where the options are a rule to check an
        answer by rather than a list), how many to choose, whether passing is allowed."""
        decision = self.decision
        if decision is None:
            return None
        try:
            # worded as the game holds them (a face-down card by its name: the record's words)
            options: list[str] | None = [
                option_words(game_objects(option)) for option in decision.options
            ]
        except TypeError:  # options that only check an answer (a team and its target)
            options = None
        return {
            "seat": decision.seat,
            "kind": decision.kind,
            "question": self._game.QUESTIONS.get(decision.kind, decision.kind),
            "options": options,
            "choose": None if decision.most is None else [decision.least, decision.most],
            "may_pass": decision.may_pass,
        }

    def view(self, seat: int) -> Any:
        """What `seat` may know of the game now (the engine's view: its own hidden cards,
        everyone's public ones, counts of the hidden zones)."""
        return self._game.view(seat)

    @property
    def log(self) -> list[dict[str, Any]] | None:
        """The game's log so far (when made with record_log)."""
        return self._game.log  # type: ignore[no-any-return]  # each engine's list of events

    # -- the game's own code, run in its greenlet -----------------------------------------

    def _play(self, _start: None) -> Outcome:
        game = self._game = self.game_class(
            self.decks, self.seed, self._suspend, self.record_log, **self.options
        )
        game.chance.observer = self.chance_observer
        self._portable = getattr(game, "portable", None)
        game.begin()
        going = True
        while going and game.turn < TURN_CAP:
            going = game.next_turn()
        return game.finish(capped=going)  # type: ignore[no-any-return]  # each engine's Outcome

    def _suspend(self, decision: Decision) -> Any:
        """The game's `ask`: hand the decision out and wait for its (checked) answer; or,
        while `play` has bots answer every seat, ask the seat's bot here, with its view, and
        check and record its answer as `apply` does (the game runs on in its greenlet without
        a switch a decision: the same game, at the engine's own speed)."""
        bots = self._bots
        if bots is None:
            return self._caller.switch(decision)
        views, answers = bots
        seat = decision.seat
        return self._accepted(decision, answers[seat](views[seat], decision))

    def _resume(self, answer: Any) -> None:
        self._caller = getcurrent()
        result = self._runner.switch(answer)
        if self._runner.dead:
            self.outcome, self.decision = result, None
        else:
            self.decision = result


class Ref(tuple):  # type: ignore[type-arg]  # a tuple of whatever parts the engine names
    """A part of an answer named portably (`SteppedGame.portable`): told apart from a tuple
    that is itself part of the answer."""

    __slots__ = ()


def each_part(answer: Any, part: Callable[[Any], Any]) -> Any:
    """The answer with `part` applied to each of its parts: into tuples and lists (not Refs),
    past None and plain values: how an engine names an answer's parts portably and back."""
    kind = type(answer)
    if kind is tuple or kind is list:
        return kind([each_part(item, part) for item in answer])
    if answer is None or kind in _PLAIN:
        return answer
    return part(answer)


_PLAIN = frozenset((bool, int, str, float))


# A bot's `answer`: given its seat's view and the decision, it returns one of the options.
Answerer = Callable[[Any, Decision], Any]


class Bot(Protocol):
    """A player the loop asks: told when a game begins, then asked each decision of its seat
    with that seat's view. Each engine's policies are bots (their `answer`)."""

    def begin(self, seed: int, player: int) -> None: ...

    def answer(self, view: Any, decision: Decision) -> Any: ...


def play(state: GameState, bots: Sequence[Bot]) -> Outcome:
    """Play a game to its end, asking each seat's bot for its decisions with its seat's view
    (`bots` one a seat)."""
    if len(bots) != len(state.decks):
        raise ValueError(f"{len(state.decks)} decks need {len(state.decks)} bots, not {len(bots)}")
    for seat, bot in enumerate(bots):
        bot.begin(state.seed, seat)
    views = [state.view(seat) for seat in range(len(bots))]  # each a live view of the game
    answers: list[Answerer] = [bot.answer for bot in bots]
    decision = state.decision
    if decision is not None:
        state._bots = (views, answers)  # every later decision answered where it is asked
        try:
            state.apply(answers[decision.seat](views[decision.seat], decision))
        finally:
            state._bots = None
    assert state.outcome is not None
    return state.outcome


def direct_game(
    game_class: Callable[..., Any],
    decks: Sequence[Any],
    seed: int,
    bots: Sequence[Bot],
    *,
    record_log: bool = False,
    **options: Any,
) -> Any:
    """A Game with no state around it, whose decisions its seats' bots answer at once (with
    their seat's view, checked): for a rule's test, which sets the game up and calls its steps
    itself."""
    players = _AnsweredAtOnce(bots)
    game = game_class(tuple(decks), seed, players, record_log, **options)
    players.game = game
    for seat, bot in enumerate(bots):
        bot.begin(seed, seat)
    return game


class _AnsweredAtOnce:
    """The `ask` of a game played directly: its seat's bot answers, and the answer is checked."""

    __slots__ = ("bots", "game")

    def __init__(self, bots: Sequence[Bot]) -> None:
        self.bots = tuple(bots)
        self.game: Any = None

    def __call__(self, decision: Decision) -> Any:
        seat = decision.seat
        return decision.check(game_objects(self.bots[seat].answer(self.game.view(seat), decision)))


class GameLoop:
    """`play_game(decks, seed, *, policies=None, record_log=False, **options)` for one engine:
    a GameState of its Game, played by its bots (`play`).

    `decks` are the seats' decks in seat order, as many as the game seats (else ValueError);
    `policies` their players, one a seat (the engine's default player for every seat unless
    given); `record_log=True` keeps the game's full JSON-able log of every state change in the
    outcome (off by default: it costs time, see docs/game-logs.md); `options` are the game's
    own (rulebook.simulation.engines, `Engine.options`: the Millennium Blades Store).
    """

    def __init__(self, game_class: Callable[..., Any], default_policy: Bot) -> None:
        self.game_class = game_class
        self.seats: range = game_class.seats  # type: ignore[attr-defined]  # a Game class's seats
        self.default_policy = default_policy

    def __call__(
        self,
        decks: Sequence[Any],
        seed: int,
        *,
        policies: Sequence[Bot] | None = None,
        record_log: bool = False,
        **options: Any,
    ) -> Outcome:
        players = tuple(policies) if policies is not None else (self.default_policy,) * len(decks)
        if len(players) != len(decks):
            raise ValueError(f"{len(decks)} decks need {len(decks)} policies, not {len(players)}")
        state = GameState(self.game_class, decks, seed, record_log=record_log, **options)
        return play(state, players)


def describe_seats(seats: range) -> str:
    """ "the game seats 2 players", "the game seats 2 to 5 players"."""
    low, high = seats.start, seats.stop - 1
    players = f"{low}" if low == high else f"{low} to {high}"
    return f"the game seats {players} players"
