"""Cost formulas written as the Card Building Guide writes them: "3x/2", "(x+t)/12", "y²/x".

The guide lists every component's cost or relief in its own compact notation (implicit
multiplication, "²" for squares, the variable "t" for the target selection's cost). Keeping that
notation in the data tables lets a reader compare them with the guide line by line; this module
reads it and evaluates it exactly, with fractions, so "one fifth of its defense" never suffers a
floating-point rounding error before the guide's final round-up.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Literal, TypeAlias

VARIABLES = frozenset("xyzt")
_TOKEN = re.compile(r"\s*(?:(\d+(?:\.\d+)?)|([xyzt])|([-+*/()²]))")

# A parsed formula is a small tree: ("num", Fraction) | ("var", name) | (operator, left, right).
Operator: TypeAlias = Literal["+", "-", "*", "/"]
Node: TypeAlias = (
    "tuple[Literal['num'], Fraction] | tuple[Literal['var'], str] | tuple[Operator, Node, Node]"
)


class FormulaError(ValueError):
    """A formula the guide's notation cannot express."""


@dataclass(frozen=True)
class Formula:
    """One cost or relief formula, in the guide's notation, ready to evaluate."""

    notation: str
    tree: Node

    @property
    def variables(self) -> frozenset[str]:
        return frozenset(_variables(self.tree))

    def evaluate(self, values: Mapping[str, Fraction | int]) -> Fraction:
        """The formula's value; every variable it uses must be given."""
        return _evaluate(self.tree, values)


@cache
def parse_formula(notation: str) -> Formula:
    """Read a formula such as "3x/2"; FormulaError says where it stops making sense."""
    tokens = _tokenize(notation)
    parser = _Parser(notation, tokens)
    tree = parser.expression()
    if parser.position != len(tokens):
        raise FormulaError(f"unexpected {tokens[parser.position]!r} in formula {notation!r}")
    return Formula(notation, tree)


def _tokenize(notation: str) -> list[str]:
    tokens, position = [], 0
    text = notation.rstrip()
    while position < len(text):
        match = _TOKEN.match(text, position)
        if match is None:
            raise FormulaError(f"cannot read {text[position:]!r} in formula {notation!r}")
        tokens.append(match.group(match.lastindex or 0))  # a match always has a group
        position = match.end()
    return tokens


class _Parser:
    """Recursive descent: sums of products; a number, variable or "(" right after an operand
    multiplies it, as in "4xt"; "²" squares the operand before it."""

    def __init__(self, notation: str, tokens: list[str]) -> None:
        self.notation = notation
        self.tokens = tokens
        self.position = 0

    def peek(self) -> str | None:
        return self.tokens[self.position] if self.position < len(self.tokens) else None

    def take(self) -> str:
        token = self.peek()
        if token is None:
            raise FormulaError(f"formula {self.notation!r} ends too soon")
        self.position += 1
        return token

    def take_operator(self, *operators: Operator) -> Operator | None:
        """The next token, taken, if it is one of `operators`; otherwise None."""
        token = self.peek()
        for operator in operators:
            if token == operator:
                self.position += 1
                return operator
        return None

    def expression(self) -> Node:
        node = self.product()
        while (operator := self.take_operator("+", "-")) is not None:
            node = (operator, node, self.product())
        return node

    def product(self) -> Node:
        node = self.power()
        while (token := self.peek()) is not None:
            if (operator := self.take_operator("*", "/")) is not None:
                node = (operator, node, self.power())
            elif token == "(" or token in VARIABLES or token[0].isdigit():
                node = ("*", node, self.power())
            else:
                break
        return node

    def power(self) -> Node:
        node = self.atom()
        while self.peek() == "²":
            self.take()
            node = ("*", node, node)
        return node

    def atom(self) -> Node:
        token = self.take()
        if token == "(":
            node = self.expression()
            if self.take() != ")":
                raise FormulaError(f"unbalanced parenthesis in formula {self.notation!r}")
            return node
        if token in VARIABLES:
            return ("var", token)
        if token[0].isdigit():
            return ("num", Fraction(token))
        raise FormulaError(f"unexpected {token!r} in formula {self.notation!r}")


def _variables(node: Node) -> list[str]:
    if node[0] == "var":
        return [node[1]]
    if node[0] == "num":
        return []
    return _variables(node[1]) + _variables(node[2])


def _evaluate(node: Node, values: Mapping[str, Fraction | int]) -> Fraction:
    if node[0] == "num":
        return node[1]
    if node[0] == "var":
        return Fraction(values[node[1]])
    kind = node[0]
    left, right = _evaluate(node[1], values), _evaluate(node[2], values)
    if kind == "+":
        return left + right
    if kind == "-":
        return left - right
    if kind == "*":
        return left * right
    return left / right
