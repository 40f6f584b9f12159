"""Parse a search query into the syntax tree of nodes.py.

Grammar (AND binds tighter than OR; juxtaposition is AND):

    query   := or_expr?
    or_expr := and_expr ("or" and_expr)*
    and_expr:= unary+
    unary   := "-" unary | "(" or_expr ")" | WORD | PHRASE | EXACT | FILTER

`order:` and `dir:` sort the matches: they stand at the top level, outside parentheses, `or`
and `-`, and at most once each.

Keys and stats are checked here, against the games of the rules registry, so a query that names
an unknown key, an unknown stat or a game that does not exist is refused with its position.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from rulebook.registry import GAMES

from .errors import QuerySyntaxError
from .lexer import Kind, Token, tokenize
from .nodes import And, Comparison, ExactName, Filter, NameWords, Node, Not, Or, Order

# Keys of text properties, as typed -> the property they filter.
TEXT_KEYS = {
    "name": "name",
    "t": "type",
    "type": "type",
    "o": "text",
    "text": "text",
    "set": "set",
    "game": "game",
}
# What `order:` sorts by besides the stats; `dir:` takes one of DIRECTIONS.
ORDER_KEYS = ("name", "type", "game")
DIRECTIONS = {"asc": False, "desc": True}
OWNED_VALUES = {"true": True, "yes": True, "false": False, "no": False}
_NUMBER = re.compile(r"-?\d+")
# Limits that keep a hostile query from exhausting the parser or the database.
MAX_QUERY_LENGTH = 1000
MAX_NESTING = 32  # parentheses and negations inside one another


def is_stat(name: str) -> bool:
    """Whether some game compares `name` (an alias such as `atk` or an attribute's name)."""
    return any(spec.numeric_attribute(name) for spec in GAMES.values())


def parse(query: str) -> Node:
    """The syntax tree of `query`; an empty query is an empty And, which matches every card."""
    if len(query) > MAX_QUERY_LENGTH:
        raise QuerySyntaxError(
            f"the query is longer than {MAX_QUERY_LENGTH} characters", MAX_QUERY_LENGTH
        )
    return _Parser(tokenize(query)).parse()


class _Parser:
    def __init__(self, tokens: list[Token]) -> None:
        self.tokens = tokens
        self.index = 0
        self.nesting = 0

    def parse(self) -> Node:
        if not self.tokens:
            return And(())
        node = self.or_expr()
        if (token := self.peek()) is not None:
            raise QuerySyntaxError("')' has no matching '('", token.position)
        return _with_one_order(node)

    def peek(self) -> Token | None:
        return self.tokens[self.index] if self.index < len(self.tokens) else None

    def take(self) -> Token:
        token = self.tokens[self.index]
        self.index += 1
        return token

    def or_expr(self) -> Node:
        children = [self.and_expr()]
        while (token := self.peek()) is not None and token.kind is Kind.OR:
            self.take()
            following = self.peek()
            if following is None or following.kind in (Kind.OR, Kind.RPAREN):
                raise QuerySyntaxError("'or' needs a term after it", token.position)
            children.append(self.and_expr())
        return children[0] if len(children) == 1 else Or(tuple(children))

    def and_expr(self) -> Node:
        children: list[Node] = []
        while (token := self.peek()) is not None and token.kind not in (Kind.OR, Kind.RPAREN):
            children.append(self.unary())
        if not children:
            self._refuse_empty(self.peek())
        return children[0] if len(children) == 1 else And(tuple(children))

    def _refuse_empty(self, token: Token | None) -> None:
        assert token is not None  # and_expr is entered only with a token ahead
        if token.kind is Kind.OR:
            raise QuerySyntaxError("'or' needs a term before it", token.position)
        raise QuerySyntaxError("')' has no term before it", token.position)

    def unary(self) -> Node:
        token = self.take()
        if token.kind is Kind.NOT:
            following = self.peek()
            if following is None or following.kind in (Kind.OR, Kind.RPAREN):
                raise QuerySyntaxError("'-' must come directly before a term", token.position)
            return Not(self.nested(token, self.unary))
        if token.kind is Kind.LPAREN:
            return self.nested(token, lambda: self.group(token))
        if token.kind is Kind.FILTER:
            return _filter_node(token)
        if token.kind is Kind.EXACT:
            return ExactName(token.text, token.position)
        return NameWords(token.text, token.position)

    def nested(self, token: Token, parse_inside: Callable[[], Node]) -> Node:
        if self.nesting == MAX_NESTING:
            raise QuerySyntaxError(f"nested more than {MAX_NESTING} deep", token.position)
        self.nesting += 1
        node = parse_inside()
        self.nesting -= 1
        return node

    def group(self, opening: Token) -> Node:
        following = self.peek()
        if following is None:
            raise QuerySyntaxError("unclosed '('", opening.position)
        if following.kind is Kind.RPAREN:
            raise QuerySyntaxError("empty parentheses", opening.position)
        node = self.or_expr()
        closing = self.peek()
        if closing is None or closing.kind is not Kind.RPAREN:
            raise QuerySyntaxError("unclosed '('", opening.position)
        self.take()
        return node


def _filter_node(token: Token) -> Node:
    key = token.key.lower()
    if key in ("order", "dir", "direction"):
        return _order(token, key)
    if key == "owned":
        return _owned(token)
    if key in TEXT_KEYS:
        return _text_filter(token, TEXT_KEYS[key])
    if is_stat(key):
        return _comparison(token, key)
    if token.operator == ":":
        raise QuerySyntaxError(f"unknown key '{token.key}'", token.position)
    raise QuerySyntaxError(f"unknown stat '{token.key}'", token.position)


def _text_filter(token: Token, key: str) -> Filter:
    operator_position = token.value_position - len(token.operator)
    if token.operator not in (":", "="):
        raise QuerySyntaxError(
            f"'{token.key}' takes ':' (use '-{token.key}:' to exclude)", operator_position
        )
    value = token.text.strip()
    if not value:
        raise QuerySyntaxError(f"'{token.key}:' needs a value", token.value_position)
    if key == "game" and value.lower() not in GAMES:
        games = ", ".join(GAMES)
        raise QuerySyntaxError(f"unknown game '{value}'; one of {games}", token.value_position)
    if key == "game":
        value = value.lower()
    return Filter(key, value, token.quoted, token.position)


def _owned(token: Token) -> Filter:
    """`owned:true` (or yes): cards the caller owns, any printing; `owned:false`: the others."""
    value = token.text.strip().lower()
    if token.operator != ":" or value not in OWNED_VALUES:
        raise QuerySyntaxError("'owned:' is true or false", token.value_position)
    return Filter("owned", str(OWNED_VALUES[value]).lower(), False, token.position)


def _order(token: Token, key: str) -> Order:
    value = token.text.strip().lower()
    if token.operator != ":":
        raise QuerySyntaxError(f"'{token.key}' takes ':'", token.value_position - 1)
    if key == "order":
        if value not in ORDER_KEYS and not is_stat(value):
            choices = ", ".join(ORDER_KEYS)
            raise QuerySyntaxError(
                f"cannot sort by '{value}'; by {choices} or a stat such as hp",
                token.value_position,
            )
        return Order(value, False, token.position)
    if value not in DIRECTIONS:
        raise QuerySyntaxError(f"'{token.key}:' is asc or desc", token.value_position)
    return Order("", DIRECTIONS[value], token.position)


def _with_one_order(node: Node) -> Node:
    """The tree with its `order:` and `dir:` terms merged into one Order, checked to stand at
    the top level: sorting applies to the whole query, not to a part of it."""
    top = node.children if isinstance(node, And) else (node,)
    orders = [child for child in top if isinstance(child, Order)]
    _refuse_nested_order(node, top_level=True)
    keyed = [order for order in orders if order.key]
    directions = [order for order in orders if not order.key]
    for kind, chosen in (("order:", keyed), ("dir:", directions)):
        if len(chosen) > 1:
            raise QuerySyntaxError(f"'{kind}' is given twice", chosen[1].position)
    if not orders:
        return node
    by = keyed[0] if keyed else Order("name", False, orders[0].position)
    merged = Order(by.key, any(order.descending for order in directions), by.position)
    rest = tuple(child for child in top if not isinstance(child, Order))
    return And((*rest, merged))


def _refuse_nested_order(node: Node, *, top_level: bool) -> None:
    if isinstance(node, Order) and not top_level:
        raise QuerySyntaxError(
            "order: and dir: sort the whole query: put them outside parentheses, 'or' and '-'",
            node.position,
        )
    if isinstance(node, And) and top_level:
        for child in node.children:
            _refuse_nested_order(child, top_level=not isinstance(child, And | Or | Not))
    elif isinstance(node, And | Or):
        for child in node.children:
            _refuse_nested_order(child, top_level=False)
    elif isinstance(node, Not):
        _refuse_nested_order(node.child, top_level=False)


def _comparison(token: Token, stat: str) -> Comparison:
    value = token.text.strip()
    if not _NUMBER.fullmatch(value):
        shown = repr(value) if value else "nothing"
        raise QuerySyntaxError(
            f"'{token.key}' compares with a whole number, not {shown}", token.value_position
        )
    operator = "=" if token.operator == ":" else token.operator
    return Comparison(stat, operator, int(value), token.position)
