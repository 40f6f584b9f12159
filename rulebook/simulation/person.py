"""A game a person plays against bots: one seat answered by a person's picks, the others by
the engine's bots, replayed from the seed and the picks alone.

    game = PersonGame(engine, decks, seed, "default", picks=[3, 0, 1])
    game.pending                # the person's next step: its number, prompt and options in words
    game.answer(2)              # the pick is checked, the bots play on to the person's next step
    game.entries                # every answer so far in words, the bots' too (their secrets not)
    game.told                   # the game's events so far, as the person's seat may know them
    game.outcome                # the Outcome once the game is over

The game keeps its log, and the engine's telling (rulebook.core.telling) puts its events and
the options into words for the person's seat: what it may know, and no more.

A person answers a decision one pick at a time (rulebook.core.asking), so the person's part of
a game is a list of numbers. The bots are the engine's own (`Engine.bots`), made afresh and told
the seed as every game begins, and each answers from its seat's view alone: a bot is a function
of what it was shown, so the same seed, decks and picks replay the same game, the bots' answers
included. That is how a game is stored (the seed and the picks) and how a web request takes it
up again (a state lives in its greenlet, so each request replays it: a few milliseconds).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rulebook.core.asking import DONE, Answered, NotOffered, Step, chosen, step
from rulebook.core.engine import Engine
from rulebook.core.outcome import Outcome
from rulebook.core.stepping import GameState
from rulebook.core.telling import Reader, Told, told
from rulebook.core.views import HiddenZone, Public
from rulebook.core.wording import listed, option_words

__all__ = ["Entry", "NotOffered", "Pending", "PersonGame"]

# The seats' parts of a seat's view, by the name each engine gives them.
_SEAT_PARTS = ("sides", "players", "casters")
# The hidden zones a seat does not see into even of its own: its deck, in its order.
_UNSEEN = frozenset(("deck", "spellbook"))
# What a view holds for the bots' bookkeeping, not for people: identities, references,
# the raw figures behind the ones shown, answers kept for later.
_BOOKKEEPING = frozenset(("answers", "battle_targets", "index", "opponent", "raw", "seat"))


@dataclass(frozen=True)
class Entry:
    """One answer of the game in words: a person's pick (`option`, its place in the step) or a
    bot's whole answer (`option` None)."""

    number: int
    seat: int
    option: int | None
    text: str
    question: str


@dataclass(frozen=True)
class Pending:
    """The person's next step: `number` is the next entry's, which an answer names."""

    number: int
    seat: int
    prompt: str
    options: list[str]  # each option's words, picked by its place


class PersonGame:
    """A game with a person in `seat` (see the module)."""

    def __init__(
        self,
        engine: Engine,
        decks: Sequence[Any],
        seed: int,
        bot: str,
        picks: Iterable[int] = (),
        *,
        seat: int = 0,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        game_class = engine.play.game_class  # type: ignore[attr-defined]  # a GameLoop's Game
        self.state = GameState(game_class, decks, seed, record_log=True, **dict(options or {}))
        self.seat = seat
        self.decks = decks
        self.telling = engine.telling
        self.bots = {other: engine.bots[bot]() for other in range(len(decks)) if other != seat}
        for other, player in self.bots.items():
            player.begin(seed, other)
        self.entries: list[Entry] = []
        self._logged: list[int] = []  # the log's length as each entry was made
        self._private: frozenset[str] = getattr(game_class, "PRIVATE_ANSWERS", frozenset())
        self._picks: list[int] = []  # the person's picks of the decision asked now
        self._step: Step | None = None
        self._play_on(iter(picks))

    # -- what the page and the API show ---------------------------------------------------

    @property
    def outcome(self) -> Outcome | None:
        return self.state.outcome

    @property
    def pending(self) -> Pending | None:
        """The person's next step; None once the game is over."""
        current = self._step
        if current is None:
            return None
        prompt = self._question()
        if current.asks:
            prompt = f"{prompt} {current.asks}"
        if current.picked:
            prompt = f"{prompt} (so far: {', '.join(map(self.words, current.picked))})"
        return Pending(
            len(self.entries),
            self.seat,
            prompt,
            option_texts(current.options, current.counts, self.words),
        )

    @property
    def told(self) -> list[Told]:
        """The game's events so far in words, as the person's seat may know them, each saying
        which entry it came before."""
        log = self.state.log or []
        return told(self.telling, log, self._reader(), self._logged)

    def words(self, option: Any) -> str:
        """An option (or a whole answer) of the decision asked now, as the person reads it: by
        the engine's telling where it has words for the decision, else plainly, the seats named
        as the person knows them ("the bot", "bot 2")."""
        if isinstance(option, list):
            return listed(self.words(part) for part in option) if option else "none"
        decision = self.state.decision
        worded = None if decision is None else self.telling.options.get(decision.kind)
        if decision is not None and worded is not None and option is not DONE:
            reader = self._reader(self.state.view(self.seat))
            text = worded(reader, decision, option)
            if text is not None:
                return text
        return words(option, self._reader().who)

    def who(self, seat: int) -> str:
        """A seat as the person reads it: "you", "the bot", at a table "bot 2"."""
        return self._reader().who(seat)

    def _reader(self, view: Any = None) -> Reader:
        return Reader(self.seat, len(self.decks), self.decks, view)

    def view(self) -> dict[str, Any]:
        """What the person's seat may know, in words: each seat's public zones, the sizes of the
        others' hidden zones and its own whole (its hand), and the table's public facts."""
        view = self.state.view(self.seat)
        parts = next(
            parts for name in _SEAT_PARTS if (parts := getattr(view, name, None)) is not None
        )
        public, hidden = next(
            (part._public, part._hidden) for part in parts if isinstance(part, Public)
        )
        seats = []
        for index, part in enumerate(parts):
            zones = {
                name: {"hidden": len(zone)} if name in _UNSEEN else shown(zone)
                for name in sorted(hidden)
                if (zone := getattr(part, name)) is not None
            }
            seen = _shown_of(part, sorted(public - _BOOKKEEPING))
            seats.append({"seat": index, "you": index == self.seat, **seen, "zones": zones})
        return {
            "seat": self.seat,
            "seats": seats,
            "table": _shown_of(view, sorted(type(view).PUBLIC)),
        }

    # -- answering ------------------------------------------------------------------------

    def answer(self, option: int) -> None:
        """The person picks `option` of the pending step; NotOffered (nothing changes) when it
        is not one of its options. The bots then play on to the person's next step."""
        current = self._step
        if current is None:
            raise NotOffered("the game is over: no decision waits for an answer")
        chosen(current.options, option)
        self._play_on(iter((option,)))

    def _play_on(self, picks: Iterator[int]) -> None:
        """Answer the game's decisions, the bots' at once and the person's from `picks`, until
        the picks run out at a step of the person's or the game is over."""
        state = self.state
        while (decision := state.decision) is not None:
            seat = decision.seat
            if seat != self.seat:
                answer = self.bots[seat].answer(state.view(seat), decision)
                self._enter(seat, None, self._bot_words(decision.kind, answer))
                state.apply(answer)
                continue
            made = step(decision, self._picks)
            if isinstance(made, Answered):
                self._picks, self._step = [], None
                state.apply(made.answer)
                continue
            pick = next(picks, None)
            if pick is None:
                self._step = made
                return
            self._enter(seat, pick, self.words(chosen(made.options, pick)))
            self._picks.append(pick)
        self._step = None

    def _enter(self, seat: int, option: int | None, text: str) -> None:
        number = len(self.entries)
        self.entries.append(Entry(number, seat, option, text, self._question()))
        self._logged.append(len(self.state.log or ()))

    def _question(self) -> str:
        decision = self.state.decision
        assert decision is not None
        questions = self.state._game.QUESTIONS
        return str(questions.get(decision.kind, decision.kind))

    def _bot_words(self, kind: str, answer: Any) -> str:
        """A bot's answer in words, unless it names cards the person may not see (the game's
        PRIVATE_ANSWERS: a kind of decision, or one kind of action, `kind:action`)."""
        action = answer[0] if isinstance(answer, tuple) and answer else None
        if kind in self._private or f"{kind}:{action}" in self._private:
            return "(hidden)"
        return self.words(answer)


def words(option: Any, who: Callable[[int], str] | None = None) -> str:
    """An option as a person reads it: `option_words` (a seat as `who` names it), less the
    parts that are a rule's inner data and not words at all (a Keeper ability's fields), and
    "done" that ends a selection."""
    if option is DONE:
        return "done"
    if isinstance(option, tuple):
        return option_words(tuple(part for part in option if not _inner(part)), who)
    return option_words(option, who)


def _inner(part: Any) -> bool:
    """A dataclass with no name of its own: the engine's data, read by the rules, not people."""
    return dataclasses.is_dataclass(part) and getattr(part, "name", None) is None


def option_texts(
    options: Sequence[Any], counts: Sequence[int] = (), worded: Callable[[Any], str] = words
) -> list[str]:
    """Each option's words (as `worded` says them), with how many copies are left where more
    than one ("Tripwire (4 left)"), and two that read alike told apart ("cast Banner, the
    2nd")."""
    texts: list[str] = []
    seen: dict[str, int] = {}
    for place, option in enumerate(options):
        text = worded(option)
        seen[text] = seen.get(text, 0) + 1
        if seen[text] > 1:
            text = f"{text}, the {ordinal(seen[text])}"
        if place < len(counts) and counts[place] > 1:
            text = f"{text} ({counts[place]} left)"
        texts.append(text)
    return texts


_SKIPPED = object()  # a view's rule or measure: something to ask, not something to show


def _shown_of(part: Any, names: Iterable[str]) -> dict[str, Any]:
    """The part's attributes of these names, shown, less its rules and measures (and any it
    does not have: a Caster's `opponent` is set only once both are seated)."""
    values = {name: shown(getattr(part, name, _SKIPPED)) for name in names}
    return {name: value for name, value in values.items() if value is not _SKIPPED}


def shown(value: Any) -> Any:
    """A part of a view as JSON: numbers and words as they are, a hidden zone as its size, a
    card or creature by its words, collections part by part."""
    if value is None or value is _SKIPPED or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, HiddenZone):
        return {"hidden": len(value)}
    if callable(value):
        return _SKIPPED
    if isinstance(value, Mapping):
        return {str(key): shown(item) for key, item in value.items()}
    if isinstance(value, list | tuple | set | frozenset) or type(value).__name__ == "deque":
        return [shown(item) for item in value]
    return words(value)


def ordinal(number: int) -> str:
    """ "2nd", "3rd", "11th", "21st"."""
    if 10 <= number % 100 <= 20:
        return f"{number}th"
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th') }"
