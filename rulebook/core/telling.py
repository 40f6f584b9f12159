"""A game told to a person in one seat: its log's events and its decisions' options in words,
only as far as that seat may know them.

Each engine says how its events and options read in one place of its own
(rulebook/<game>/engine/telling.py), a `Telling` its Engine declares (`Engine.telling`):

- `events`: every event its log writes (docs/game-logs.md), each to a function of the `Reader`
  and the event that returns its sentence, or None for the engine's bookkeeping (a trigger
  window, an effect's inner steps) that a person does not read; an event missing from the
  mapping is an error, so a new event is never shown raw or silently dropped;
- `options`: by kind of decision, a function wording one of its options where the option's
  plain words would not do (a die by its face, an opponent by who they are, an Attack by its
  name); None falls back to the plain words.

What a seat may not know stays unsaid: the `Reader` knows a card named by number (Keeper's,
MetaZoo's) only once the seat has seen it (its own cards, or one shown face up), and each
telling says "drew a card" of another seat's draw.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .decisions import Decision
from .wording import counted, listed

Said = Callable[["Reader", Mapping[str, Any]], str | None]
Worded = Callable[["Reader", Decision, Any], str | None]


@dataclass(frozen=True)
class Telling:
    """An engine's words for people (see the module)."""

    events: Mapping[str, Said | None]
    options: Mapping[str, Worded] = field(default_factory=dict)


@dataclass(frozen=True)
class Told:
    """One event of the game as the seat reads it: `before` is the number of the decision
    (history entry) it happened before, so a page can put the two in one order."""

    turn: int
    player: int | None
    event: str
    text: str
    before: int = 0


class Reader:
    """Who reads the game: `seat` at a table of `seats`, with the seats' prepared `decks` (for
    a card's printed parts, such as a Beastie's Attacks) and the seat's `view` while options are
    worded. Keeps the names of cards named by number, and which of them the seat has seen."""

    def __init__(self, seat: int, seats: int, decks: Sequence[Any] = (), view: Any = None) -> None:
        self.seat = seat
        self.seats = seats
        self.decks = decks
        self.view = view
        self.names: dict[Any, str] = {}  # a numbered card's name, by its number
        self.owners: dict[Any, int] = {}  # a numbered card's owner
        self.seen: set[Any] = set()  # the numbered cards of others this seat has seen

    # -- the seats ------------------------------------------------------------------------

    def who(self, player: int | None) -> str:
        """A seat as a person reads it: "you", "the bot", or at a table "bot 2"."""
        if player is None:
            return "nobody"
        if player == self.seat:
            return "you"
        return "the bot" if self.seats == 2 else f"bot {player}"

    def whose(self, player: int | None) -> str:
        """ "your", "the bot's", "bot 2's"."""
        return "your" if player == self.seat else f"{self.who(player)}'s"

    def mine(self, event: Mapping[str, Any]) -> bool:
        return bool(event.get("player") == self.seat)

    # -- cards named by number ------------------------------------------------------------

    def number(self, number: Any, name: str, owner: int | None) -> None:
        """A card's number and name, as the log first names it (known to its owner only)."""
        self.names[number] = name
        if owner is not None:
            self.owners[number] = owner

    def show(self, *numbers: Any) -> None:
        """These cards were shown to every seat (face up): their names are known now."""
        self.seen.update(numbers)

    def knows(self, number: Any) -> bool:
        return number in self.seen or self.owners.get(number) == self.seat

    def card(self, number: Any, unseen: str = "a hidden card") -> str:
        """A numbered card by name if the seat may know it, else `unseen`."""
        name = self.names.get(number)
        if name is None or not self.knows(number):
            return unseen
        return name

    def shown(self, number: Any) -> str:
        """A card just shown face up to every seat: now known, and named."""
        self.show(number)
        return self.card(number)

    def cards(self, numbers: Iterable[Any], noun: str = "card") -> str:
        """Cards named where the seat may know them ("Ember Sprite, Ember Sprite"), else
        counted ("2 cards")."""
        numbers = list(numbers)
        if numbers and all(self.knows(number) for number in numbers):
            return listed(self.card(number) for number in numbers)
        return counted(len(numbers), noun)


def sentence(text: str) -> str:
    """The text as a sentence: a capital first letter and a full stop."""
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?", ")")) else f"{text}."


def told(
    telling: Telling,
    log: Iterable[Mapping[str, Any]],
    reader: Reader,
    before: Sequence[int] = (),
) -> list[Told]:
    """The log's events as `reader` may read them, in order, less the bookkeeping.
    `before[k]` is how many events had happened when decision k was asked (so each Told says
    which decision it came before). KeyError naming an event the telling does not word."""
    said: list[Told] = []
    decision = 0
    for place, event in enumerate(log):
        while decision < len(before) and before[decision] <= place:
            decision += 1
        kind = event["event"]
        if kind not in telling.events:
            raise KeyError(f"no words for the log's {kind!r} events")
        words = telling.events[kind]
        text = words(reader, event) if words is not None else None
        if text:
            said.append(Told(event["turn"], event["player"], kind, sentence(text), decision))
    return said
