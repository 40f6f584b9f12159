"""Chance: every random step of a game, drawn from its seeded generator through one object.

A game makes one `Chance(seed)` and takes each random step from it by name - a shuffle, a die,
a coin for who starts, a card picked at random - so the game's chance steps are found, and could
be logged, in one place, and a game is a function of its decks, seed and policies. Each named
draw takes exactly the draws of the generator it always took (a die is one `random()`, a shuffle
is `random.Random.shuffle`'s draws), so wrapping the generator changed no game (tests/golden).
"""

from __future__ import annotations

import random as random_module
from collections.abc import Callable, MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")


class Chance:
    """The chance steps of one game, from `random.Random(seed)`."""

    __slots__ = ("observer", "random", "rng")

    def __init__(self, seed: int) -> None:
        self.rng = random_module.Random(seed)
        # Told each draw by name and result, when a playthrough is written (tests/golden):
        # None otherwise, and then a draw costs one test of it.
        self.observer: Callable[[str, object], None] | None = None
        # One uniform float in [0, 1): every die and every index below is read from one. A test
        # may set it to a stand-in that rolls the faces it wants.
        self.random: Callable[[], float] = self.rng.random

    def die(self) -> int:
        """A six-sided die, from one draw."""
        face = int(self.random() * 6) + 1
        if self.observer is not None:
            self.observer("die", face)
        return face

    def dice(self, count: int) -> list[int]:
        """`count` six-sided dice, one draw each."""
        random = self.random
        faces = [int(random() * 6) + 1 for _ in range(count)]
        if self.observer is not None:
            self.observer("dice", faces)
        return faces

    def index(self, size: int) -> int:
        """A uniform index below `size`, from one draw."""
        index = int(self.random() * size)
        if self.observer is not None:
            self.observer("index", index)
        return index

    def take(self, cards: list[T]) -> T:
        """A card at random, taken out of `cards` (which must not be empty), from one draw: the
        top card of a deck shuffled lazily."""
        card = cards.pop(int(self.random() * len(cards)))
        if self.observer is not None:
            self.observer("card at random", card)
        return card

    def coin(self) -> int:
        """A coin: 0 or 1 (one bit of the generator)."""
        side = self.rng.getrandbits(1)
        if self.observer is not None:
            self.observer("coin", side)
        return side

    def first_player(self, seats: int) -> int:
        """The seat that starts, uniformly among `seats` (`randrange`)."""
        seat = self.rng.randrange(seats)
        if self.observer is not None:
            self.observer("first player", seat)
        return seat

    def shuffle(self, cards: MutableSequence[T]) -> None:
        """Shuffle in place: `random.Random.shuffle`'s Fisher-Yates, swap for swap and draw for
        draw (each index by `getrandbits`, drawn again while out of range), written here so
        that it runs compiled with the engines (rulebook/compiled.py) and a game no longer
        depends on how a Python release writes its shuffle (tests/rulebook/core: the same
        order as the library's)."""
        getrandbits = self.rng.getrandbits
        for i in range(len(cards) - 1, 0, -1):
            below = i + 1
            bits = below.bit_length()
            j = getrandbits(bits)
            while j >= below:
                j = getrandbits(bits)
            cards[i], cards[j] = cards[j], cards[i]
        if self.observer is not None:
            self.observer("shuffle", list(cards))

    def pick(self, population: Sequence[T], count: int) -> list[T]:
        """`count` different items at random, in the order drawn (`random.Random.sample`)."""
        picked = self.rng.sample(population, count)
        if self.observer is not None:
            self.observer("pick", picked)
        return picked
