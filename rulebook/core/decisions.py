"""Decisions: what a player is asked, with the answers the rules allow.

At each decision point the game builds a Decision - the seat deciding, the kind of decision and
the legal options, computed from the state - and the seat's policy answers it with one of the
options. The game checks the answer (`Decision.check`) before acting on it, so a policy chooses
among the legal options and never decides what is legal (as open_spiel's bots choose among a
state's `legal_actions()`).

An answer has one of two shapes:
- one option (`most` is None), or None where the player may pass (`may_pass`);
- a selection (`most` set): from `least` to `most` of the options, each at most as often as the
  options hold it, as a sequence (its order may matter: defenders in their defending order).

Options are any collection that answers `in`: a list or tuple, a range (dice by their index), or
a view a game builds over its state when listing every option would cost more than checking the
one chosen (Keeper's Action Phase, its swaps with the reserves).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any, ClassVar

YES_NO = (True, False)  # the options of a yes-or-no decision
_TEXT = (str, bytes)  # sized, but no selection


class IllegalAnswer(ValueError):
    """A policy answered a decision with something its options do not hold."""

    def __init__(self, decision: Decision, answer: Any) -> None:
        super().__init__(
            f"seat {decision.seat} answered its {decision.kind!r} decision with {answer!r}, "
            "which is not among the options the game offered"
        )
        self.decision = decision
        self.answer = answer


class Decision:
    """One decision of one seat: its kind and the legal options (see the module's docstring).

    A game may keep one Decision for a seat's recurring decision point and give it the options
    of each time it is reached (`offer`): its options may also be a live view of the state.
    Either way a policy reads it only while it answers.
    """

    __slots__ = ("context", "kind", "least", "may_pass", "most", "options", "seat")

    def __init__(
        self,
        seat: int,
        kind: str,
        options: Collection[Any],
        may_pass: bool = False,
        least: int = 0,
        most: int | None = None,
        context: tuple[Any, ...] = (),
    ) -> None:
        self.seat = seat
        self.kind = kind
        self.options = options
        self.may_pass = may_pass
        self.least = least
        self.most = most
        # What the game tells the player with the question, beyond its options (the dice
        # rolled, the purpose of a search): each engine's policy method takes them in order.
        self.context = context

    def offer(
        self, options: Collection[Any], most: int | None = None, context: tuple[Any, ...] = ()
    ) -> Decision:
        """This decision point reached again, with these options (and, for a selection, at
        most `most` of them)."""
        self.options = options
        self.context = context
        if most is not None:
            self.most = most
        return self

    def allows(self, answer: Any) -> bool:
        """Whether the answer is one the options allow."""
        if self.most is None:
            return (answer is None and self.may_pass) or answer in self.options
        return self._selects(answer)

    def check(self, answer: Any) -> Any:
        """The answer, if the options allow it; IllegalAnswer otherwise."""
        if self.most is None:
            if (answer is None and self.may_pass) or answer in self.options:
                return answer
        elif self._selects(answer):
            return answer
        raise IllegalAnswer(self, answer)

    def _selects(self, answer: Any) -> bool:
        """A selection: a sequence of least..most options, none more often than offered."""
        try:
            size = len(answer)
        except TypeError:
            return False
        if size < self.least or size > self.most:  # type: ignore[operator]  # a selection: `most` is set
            return False
        if not size:
            return True
        if isinstance(answer, _TEXT):
            return False
        options = self.options
        if size == 1:
            for item in answer:
                return item in options
        if size == 2:
            first, second = answer
            if first != second:
                return first in options and second in options
        try:
            repeats = len(set(answer)) != size
        except TypeError:  # an unhashable item is no option of any game's
            return False
        if repeats:  # an item twice: only as often as the options hold it (one card object
            answer = list(answer)  # standing for several copies, as tests build hands)
            return isinstance(options, (list, tuple)) and all(
                answer.count(item) <= options.count(item) for item in answer
            )
        if isinstance(options, (list, tuple)):
            try:  # options all hashable: one lookup an item, not a scan of the list each
                options = set(options)
            except TypeError:  # some unhashable: scan the list
                options = self.options
        return all(item in options for item in answer)

    def __repr__(self) -> str:
        return f"Decision(seat={self.seat}, kind={self.kind!r})"


class AnswersByKind:
    """A bot (rulebook.core.stepping.Bot) whose answer to each kind of decision is a method of
    its own, named in its engine's ANSWERED_BY and given the view, the decision and the
    decision's context: the shape of the Neopets and Keeper players."""

    ANSWERED_BY: ClassVar[Mapping[str, str]]

    def begin(self, seed: int, player: int) -> None:
        """A new game starts (a policy with its own randomness reseeds here)."""

    def answer(self, view: Any, decision: Decision) -> Any:
        return getattr(self, self.ANSWERED_BY[decision.kind])(view, decision, *decision.context)
