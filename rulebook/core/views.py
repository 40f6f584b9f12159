"""What a seat may know: the pieces each engine's seat view (`Game.view`) is made of.

A bot is handed its seat's view, never the game: its own cards whole, the other seats' parts
through `Public`, which reads through the attributes their rules make public and gives a
hidden zone only as its size (`HiddenZone`); anything else is an AttributeError that names
it, so a bot that peeks fails loudly instead of playing on what it could not know.

The doors are what leads from a part to another seat's: a queue item knows its owner, a combat
its Casters. A view's part never opens one onto the game's own object: a part with doors is
`seen(part, doors)`, which reads through to the part itself but answers each door with the
seat's view of what is behind it, and a `Public` names its doors in `shown`. (A seat's own
side is best handed as it is, with its doors private to the game: then reading it costs
nothing.) A card face down is a `Public` of what its back shows (`face_down`). What a view
costs is paid once a game or once a read of a door, never once a read of a public attribute:
`seen` and `Public` classify a class's attributes once, and each is read by a C getter
(`attrgetter`) with no Python call between.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from operator import attrgetter
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


_NO_DOORS: Mapping[str, Callable[[Any], Any]] = {}


class Public:
    """Another seat's part of a game (a side, a player), as this seat sees it, live.

    `shown` names its doors and face-down cards: each such attribute is read through its
    function (its value as the game holds it, to what this seat sees of it). A `Public` is an
    instance of a class made once for its public, hidden and shown names (`_public_class`),
    where each name is a property: a public one read by a C getter through `_of`, so reading
    it costs no Python call (a `__getattr__` would cost one, and an AttributeError made and
    dropped first); any other name is refused by `__getattr__`."""

    __slots__ = ("_of", "_shown")
    _public: frozenset[str] = frozenset()  # its public names, less the shown ones
    _hidden: frozenset[str] = frozenset()

    def __new__(
        cls,
        of: Any,
        public: frozenset[str],
        hidden: frozenset[str],
        shown: Mapping[str, Callable[[Any], Any]] = _NO_DOORS,
    ) -> Public:
        key = (public, hidden, tuple(shown))
        view_class = _PUBLIC_CLASSES.get(key)
        if view_class is None:
            view_class = _PUBLIC_CLASSES[key] = _public_class(*key)
            VIEW_TYPES.add(view_class)
        instance: Public = object.__new__(view_class)
        return instance

    def __init__(
        self,
        of: Any,
        public: frozenset[str],
        hidden: frozenset[str],
        shown: Mapping[str, Callable[[Any], Any]] = _NO_DOORS,
    ) -> None:
        self._of, self._shown = of, shown

    def __getattr__(self, name: str) -> Any:
        raise AttributeError(f"{name!r} of another seat is not known to this seat")

    def __eq__(self, other: object) -> bool:
        return other is self or other is self._of

    def __hash__(self) -> int:
        return hash(self._of)

    def __repr__(self) -> str:
        return f"Public({self._of!r})"


# Each `Public` class, by its public, hidden and shown names.
_PUBLIC_CLASSES: dict[tuple[frozenset[str], frozenset[str], tuple[str, ...]], type] = {}


def _public_class(public: frozenset[str], hidden: frozenset[str], shown: tuple[str, ...]) -> type:
    public = public.difference(shown)
    namespace: dict[str, Any] = {
        "__slots__": (),
        "__module__": __name__,
        "_public": public,
        "_hidden": hidden,
        **{name: property(attrgetter(f"_of.{name}")) for name in public},
        **{name: property(_hidden_zone(name)) for name in hidden},
        **{name: property(_door(name)) for name in shown},
    }
    return type("Public", (Public,), namespace)


def _hidden_zone(name: str) -> Callable[[Any], HiddenZone]:
    def read(view: Any) -> HiddenZone:
        return HiddenZone(getattr(view._of, name))

    return read


def _door(name: str) -> Callable[[Any], Any]:
    def read(view: Any) -> Any:
        return view._shown[name](getattr(view._of, name))

    return read


def face_down(of: Any, public: frozenset[str]) -> Public:
    """A card in play face down, as the seats that may not look at it see it: what its back
    shows (`public`: whose it is, whether it is exhausted), never the card."""
    return Public(of, public, frozenset())


# Every class of a view's part (`Public` and each `seen` class): what `game_objects` unwraps.
VIEW_TYPES: set[type] = {Public}

# Each class's view class, made once a class and its doors (`seen_class`).
_SEEN_CLASSES: dict[tuple[type, tuple[str, ...]], type] = {}


def seen(of: Any, doors: Mapping[str, Any]) -> Any:
    """A part of the game that opens doors (a seat's own side, a combat), as a seat sees it,
    live: every public attribute of the part read through to the part itself (its cards as
    they are), but each door (an attribute that leads to another seat's part, as `opponent`)
    answered with the value in `doors`, the seat's view of it. A seat's own part is made once
    a game (its view's)."""
    return seen_class(type(of), tuple(doors))(of, *doors.values())


def seen_class(cls: type, doors: tuple[str, ...]) -> Any:
    """The class of `seen` views of a class's parts with these doors, made once: its instances
    are made as `view_class(part, *the doors' values)`, where a part is seen often (a queue's
    items, once a read)."""
    key = (cls, doors)
    view_class = _SEEN_CLASSES.get(key)
    if view_class is None:
        view_class = _SEEN_CLASSES[key] = _seen_class(cls, doors)
        VIEW_TYPES.add(view_class)
    return view_class


def _seen_class(cls: type, doors: tuple[str, ...]) -> type:
    """The view class of a part's class: each public name of the class (its slots, properties
    and methods) a property read by a C getter through `_of`; each door a slot of the view."""
    names: set[str] = set()
    for klass in cls.__mro__[:-1]:  # not object's own
        names.update(getattr(klass, "__slots__", ()))
        names.update(klass.__dict__)
    forwarded = {
        name: property(attrgetter(f"_of.{name}"))
        for name in names
        if not name.startswith("_") and name not in doors
    }
    slots = ("_of", *doors)

    def __init__(view: Any, of: Any, *values: Any) -> None:
        view._of = of
        for name, value in zip(doors, values, strict=True):
            setattr(view, name, value)

    namespace: dict[str, Any] = {
        "__slots__": slots,
        "__init__": __init__,
        "__doc__": f"A {cls.__name__} as a seat sees it (rulebook.core.views.seen).",
        "__module__": __name__,
        "__eq__": _same_part,
        "__hash__": _part_hash,
        "__repr__": _part_repr,
        **forwarded,
    }
    return type(f"Seen{cls.__name__}", (), namespace)


def _same_part(view: Any, other: object) -> bool:
    return other is view or other is view._of


def _part_hash(view: Any) -> int:
    return hash(view._of)


def _part_repr(view: Any) -> str:
    return f"Seen({view._of!r})"


def game_objects(value: Any) -> Any:
    """The value with each part a bot named from its view (a `Public`, its own part) as the
    game's own object, into lists and tuples: what a bot answers or hands a rule's measure."""
    kind = type(value)
    if kind in VIEW_TYPES:
        return value._of
    if kind is tuple or kind is list:
        return kind(map(game_objects, value))
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

    @classmethod
    def of(cls, game: Any, seat: int) -> Any:
        """The game's view for this seat, made once a game (in its `seat_views`): a view is
        live, so its parts are built once, not once a decision."""
        made: dict[int, SeatView] = game.seat_views
        view = made.get(seat)
        if view is None:
            view = made[seat] = cls(game, seat)
        return view

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
        # A measure is called many times a decision, mostly with one or two arguments and no
        # keywords: those are passed on one by one, which costs least both in Python 3.11
        # (where a comprehension is a call of its own) and compiled (where `map` calls
        # game_objects through Python's protocol and `**kwargs` copies the dict).
        if not kwargs:
            count = len(args)
            if count == 1:
                return rule(game_objects(args[0]))
            if count == 2:
                return rule(game_objects(args[0]), game_objects(args[1]))
            return rule(*map(game_objects, args))
        objects = {key: game_objects(arg) for key, arg in kwargs.items()}
        return rule(*map(game_objects, args), **objects)

    return measure
