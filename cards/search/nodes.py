"""The search language's syntax tree: small immutable values, each with its source position."""

from __future__ import annotations

from dataclasses import dataclass

# The comparison operators of `hp>=8`; ':' means the same as '='.
COMPARISONS = ("<=", ">=", "!=", "=", "<", ">", ":")


@dataclass(frozen=True, slots=True)
class NameWords:
    """A bare word or a quoted phrase: the card's name contains it (case-insensitive)."""

    text: str
    position: int


@dataclass(frozen=True, slots=True)
class ExactName:
    """`!"Hot Dog"` or `!fireball`: the card's whole name is this (as card identity folds it)."""

    text: str
    position: int


@dataclass(frozen=True, slots=True)
class Order:
    """`order:hp` and `dir:desc`: how the matches are sorted; selects nothing by itself."""

    key: str  # "name", "type", "game" or a stat (as typed; each game resolves its alias)
    descending: bool
    position: int


@dataclass(frozen=True, slots=True)
class Filter:
    """`key:value` for a text property: `t:` type, `o:` rules text, `set:`, `game:`; and
    `owned:true` or `owned:false`, the caller's collection."""

    key: str  # the canonical key: "name", "type", "text", "set", "game" or "owned"
    value: str
    phrase: bool  # the value was quoted
    position: int


@dataclass(frozen=True, slots=True)
class Comparison:
    """`hp>=8`: a numeric attribute, resolved per game through its stat aliases."""

    stat: str
    operator: str
    number: int
    position: int


@dataclass(frozen=True, slots=True)
class Not:
    child: Node


@dataclass(frozen=True, slots=True)
class And:
    children: tuple[Node, ...]


@dataclass(frozen=True, slots=True)
class Or:
    children: tuple[Node, ...]


Node = NameWords | ExactName | Order | Filter | Comparison | Not | And | Or
