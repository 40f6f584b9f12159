"""What a seat may know: the pieces each engine's seat view (`Game.view`) is made of.

A bot is handed its seat's view, never the game: its own cards whole, the other seats' parts
through `Public`, which reads through the attributes their rules make public and gives a
hidden zone only as its size (`HiddenZone`); anything else is an AttributeError that names
it, so a bot that peeks fails loudly instead of playing on what it could not know.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any


class HiddenZone:
    """A zone the seat may not look into: how many cards it holds, and no more."""

    __slots__ = ("_zone",)

    def __init__(self, zone: Any) -> None:
        self._zone = zone

    def __len__(self) -> int:
        return len(self._zone)

    def __bool__(self) -> bool:
        return bool(self._zone)

    def __iter__(self) -> Iterator[Any]:
        raise PermissionError("a hidden zone: only its size is known to this seat")

    def __contains__(self, item: object) -> bool:
        raise PermissionError("a hidden zone: only its size is known to this seat")

    def __repr__(self) -> str:
        return f"HiddenZone({len(self._zone)} cards)"


class Public:
    """Another seat's part of a game (a side, a player), as this seat sees it, live."""

    __slots__ = ("_hidden", "_of", "_public")

    def __init__(self, of: Any, public: frozenset[str], hidden: frozenset[str]) -> None:
        self._of, self._public, self._hidden = of, public, hidden

    def __getattr__(self, name: str) -> Any:
        if name in self._public:
            return getattr(self._of, name)
        if name in self._hidden:
            return HiddenZone(getattr(self._of, name))
        raise AttributeError(f"{name!r} of another seat is not known to this seat")

    def __eq__(self, other: object) -> bool:
        return other is self or other is self._of

    def __hash__(self) -> int:
        return hash(self._of)

    def __repr__(self) -> str:
        return f"Public({self._of!r})"


def game_objects(value: Any) -> Any:
    """The value with each part of another seat a bot named from its view (a `Public`) as the
    game's own object, into lists and tuples: what a bot answers or hands a rule's measure."""
    kind = type(value)
    if kind is Public:
        return value._of
    if kind is tuple or kind is list:
        return kind([game_objects(item) for item in value])
    return value


class SeatView:
    """A game in progress as one seat sees it, live: what its engine's bots read.

    Each engine's view (a subclass) sets its seats' parts (its own whole, the others through
    `Public`) and names in `PUBLIC` what of the game itself every seat may read: its public
    state (whose turn, the chain, the battle dice), read live, and the rules' measures of it
    (an attack's damage, whether a creature can defend), which a bot calls with what it sees
    and the game answers with its own objects. Anything else of the game is an AttributeError.
    """

    PUBLIC: frozenset[str] = frozenset()

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        for name in cls.PUBLIC:
            if name not in cls.__dict__:
                setattr(cls, name, _Live(name))

    def __init__(self, game: Any, seat: int) -> None:
        self._game, self.seat = game, seat
        for name in self.PUBLIC:  # a measure is made once a view, not once a call
            value = getattr(game, name)
            if callable(value):
                self.__dict__[name] = _measure(value)

    def __getattr__(self, name: str) -> Any:
        raise AttributeError(f"{name!r} of the game is not known to a seat's view")


class _Live:
    """A public attribute of the game, read as it is now (a view is made once a game)."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __get__(self, view: SeatView | None, owner: type) -> Any:
        if view is None:
            return self
        return getattr(view._game, self.name)


def _measure(rule: Callable[..., Any]) -> Callable[..., Any]:
    """A rule's measure of the game, called with what a seat sees (a `Public` in the game's
    own object's place)."""

    def measure(*args: Any, **kwargs: Any) -> Any:
        return rule(
            *[game_objects(arg) for arg in args],
            **{key: game_objects(arg) for key, arg in kwargs.items()},
        )

    return measure
