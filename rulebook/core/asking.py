"""A decision asked of a person one choice at a time: each step a short list of options to
click, until the picks make the game's answer.

A bot answers a decision at once (a card, a list of targets in order, a team and whom it
attacks); a person answers from buttons. So a decision is asked as steps, each a list of
options picked by their place in it (`Step`), and the picks so far decide the next step or
make the answer (`Answered`), which the game then checks as it checks a bot's:

- one option (`most` None): one step, the options as the game lists them, then "pass" where
  the player may pass;
- a selection (`most` set): a step a pick, each the options not yet picked, with "done" once
  `least` are picked; the answer is the picks in the order made (defenders in their order);
- either way, options equal to one another (copies of a card: the game's check, `in`, cannot
  tell them apart) are one option, offered with how many are left (`counts`), not forty
  buttons for four cards;
- options that only check an answer (Keeper's battles and swaps, MetaZoo's Damage spread) say
  how they are asked, step by step, in a `compose(picks)` method of their own.

The picks are plain numbers, so a person's part of a game is stored as a list of them and
replayed with its seed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .decisions import Decision


class _Done:
    """The option that ends a selection: "done"."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "done"


DONE = _Done()


@dataclass(frozen=True)
class Step:
    """One step of a person's answer: the options to pick from (the game's own values, read
    with `option_words`), and, within a decision of several steps, what this step asks and
    what is picked so far."""

    options: list[Any]
    asks: str = ""  # beyond the decision's own question: "Whom does the team attack?"
    picked: list[Any] = field(default_factory=list)
    counts: list[int] = field(default_factory=list)  # copies left of each option, if counted


@dataclass(frozen=True)
class Answered:
    """The picks make this answer to the decision."""

    answer: Any


class NotOffered(ValueError):
    """A pick that is not the place of an option of its step."""


def step(decision: Decision, picks: Sequence[int]) -> Step | Answered:
    """The next step of answering `decision` after `picks`, or the answer they make.
    NotOffered when a pick is no option of its step."""
    compose = getattr(decision.options, "compose", None)
    if compose is not None:
        return compose(picks)  # type: ignore[no-any-return]  # an options object's own steps
    listed = list(decision.options)
    if decision.most is None:
        options = distinct(listed)
        if decision.may_pass:
            options.append(None)
        if not picks:
            return Step(options)
        return Answered(chosen(options, picks[0]))
    return selection(listed, decision.least, decision.most, picks)


def selection(
    listed: Sequence[Any], least: int, most: int, picks: Sequence[int], asks: str = ""
) -> Step | Answered:
    """A selection of `least` to `most` of `listed`, one pick a step (see the module): each
    step offers every option with copies left (a pick takes the first copy left)."""
    taken: list[int] = []  # places in `listed`, in the order picked
    groups = _copies(listed)  # in one order throughout, so no button moves between steps
    for pick in (*picks, None):
        copies = [left for group in groups if (left := [p for p in group if p not in taken])]
        enough = len(taken) >= least
        if len(taken) == most or (enough and not copies):
            return Answered([listed[place] for place in taken])
        options: list[Any] = ([DONE] if enough else []) + [listed[c[0]] for c in copies]
        if pick is None:
            counts = [0] * enough + [len(c) for c in copies]
            return Step(options, asks, [listed[place] for place in taken], counts)
        if chosen(options, pick) is DONE:
            return Answered([listed[place] for place in taken])
        taken.append(copies[pick - enough][0])
    raise AssertionError("unreachable: the loop ends on its last, None, pick")


def distinct(options: Sequence[Any]) -> list[Any]:
    """The options, each once: the first of those equal to it."""
    return [options[places[0]] for places in _copies(options)]


def _copies(options: Sequence[Any]) -> list[list[int]]:
    """The options' places, grouped by equality, in the order each first appears."""
    groups: list[list[int]] = []
    for place, option in enumerate(options):
        for group in groups:
            if options[group[0]] == option:
                group.append(place)
                break
        else:
            groups.append([place])
    return groups


def chosen(options: Sequence[Any], pick: int) -> Any:
    """The option at place `pick`; NotOffered when there is none."""
    if not isinstance(pick, int) or isinstance(pick, bool) or not 0 <= pick < len(options):
        raise NotOffered(f"{pick!r} is not an option of this step (0 to {len(options) - 1})")
    return options[pick]
