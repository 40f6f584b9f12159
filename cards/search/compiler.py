"""Compile a search syntax tree to a Django Q object: the ORM builds the SQL, never a string.

Text search on PostgreSQL uses full-text search on the rules text (Card.text_vector, the stored
`to_tsvector('english', text)` with its GIN index, see cards/fulltext.py) and trigram-indexed
ILIKE on names; elsewhere both are case-insensitive substring matches.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable

from django.contrib.postgres.search import SearchQuery
from django.db import connection
from django.db.models import Exists, F, OrderBy, OuterRef, Q
from django.db.models.functions import Coalesce

from rulebook.core.identity import identity
from rulebook.registry import GAMES

from .. import models
from ..fulltext import FULL_TEXT_CONFIG
from ..stat_columns import has_stat_column, stat_column, stat_expression
from .errors import OwnedNeedsSignIn
from .nodes import And, Comparison, ExactName, Filter, NameWords, Node, Not, Or, Order
from .parser import parse

_LOOKUPS = {"=": "exact", "<": "lt", "<=": "lte", ">": "gt", ">=": "gte"}
_HAS_WORD = re.compile(r"\w")
# Databases compare 64-bit integers (SQLite refuses a larger parameter outright), and no stat
# can hold more: a comparison with a number past either end is decided without asking.
_INT64 = range(-(2**63), 2**63)
_ABOVE_ALL = {"<", "<=", "!="}  # true of every value when the number is past the top
_BELOW_ALL = {">", ">=", "!="}  # true of every value when the number is past the bottom


def search_q(
    query: str | Node, *, full_text: bool | None = None, viewer: models.Viewer = None
) -> Q:
    """The Q object selecting the cards a query matches; `owned:` reads the viewer's own
    collection (OwnedNeedsSignIn when there is no signed-in viewer).

    `full_text` chooses PostgreSQL full-text search for `o:`; by default, on PostgreSQL only.
    Raises QuerySyntaxError (with the position) for a query that cannot be read.
    """
    node = parse(query) if isinstance(query, str) else query
    if full_text is None:
        full_text = connection.vendor == "postgresql"
    return _Compiler(full_text, viewer).compile(node)


class _Compiler:
    def __init__(self, full_text: bool, viewer: models.Viewer) -> None:
        self.full_text = full_text
        self.viewer = viewer

    def compile(self, node: Node) -> Q:
        match node:
            case And(children):
                return _combine((self.compile(child) for child in children), Q.AND)
            case Or(children):
                return _combine((self.compile(child) for child in children), Q.OR)
            case Not(child):
                return ~self.compile(child)
            case NameWords(text):
                return Q(name__icontains=text)
            case ExactName(text):
                return Q(folded_name=identity(text))
            case Order():
                return Q()  # sorts, selects nothing: search_ordering reads it
            case Filter():
                return self.filter(node)
            case Comparison():
                return comparison_q(node.stat, node.operator, node.number)
        raise TypeError(f"not a search node: {node!r}")

    def filter(self, node: Filter) -> Q:
        if node.key == "name":
            return Q(name__icontains=node.value)
        if node.key == "type":
            return Q(type__icontains=node.value)
        if node.key == "text":
            return self.rules_text(node.value, phrase=node.phrase)
        if node.key == "set":
            printings = models.Printing.objects.filter(
                card=OuterRef("pk"), set__code__iexact=node.value
            )
            return Q(Exists(printings))
        if node.key == "owned":
            return self.owned(node)
        return Q(game__slug=node.value)

    def owned(self, node: Filter) -> Q:
        """`owned:true`: a card the viewer owns a copy of, of any printing (one EXISTS over
        their collection's unique index); `owned:false` its negation."""
        if self.viewer is None or not self.viewer.is_authenticated:
            raise OwnedNeedsSignIn("sign in to search the cards you own", node.position)
        rows = models.OwnedCard.objects.filter(owner=self.viewer, card=OuterRef("pk"))
        owned = Q(Exists(rows))
        return owned if node.value == "true" else ~owned

    def rules_text(self, value: str, *, phrase: bool) -> Q:
        """`o:` — full-text (stemmed words, phrases in order) where available, else substring.

        A value with no word characters (`o:+`) has nothing full-text search could index, so it
        is a substring match everywhere.
        """
        if not self.full_text or not _HAS_WORD.search(value):
            return Q(text__icontains=value)
        query = SearchQuery(
            value, config=FULL_TEXT_CONFIG, search_type="phrase" if phrase else "plain"
        )
        return Q(text_vector=query)


def search_ordering(node: Node) -> list[OrderBy] | None:
    """The order `order:`/`dir:` ask for (None without them); ties broken by name and key, and
    cards lacking a sorted stat last whichever the direction."""
    top = node.children if isinstance(node, And) else (node,)
    order = next((child for child in top if isinstance(child, Order)), None)
    if order is None:
        return None
    if order.key in ("name", "type", "game"):
        field = F("game__slug" if order.key == "game" else order.key)
    else:
        field = _stat_value(order.key)
    by = field.desc(nulls_last=True) if order.descending else field.asc(nulls_last=True)
    return [by, F("name").asc(), F("key").asc(), F("id").asc()]


def _stat_value(stat: str):
    """A stat as a number, through each game's own attribute (`atk` is attack or offense)."""
    attributes = sorted({a for spec in GAMES.values() if (a := spec.numeric_attribute(stat))})
    values = [_stat(attribute) for attribute in attributes]
    return values[0] if len(values) == 1 else Coalesce(*values)


def _stat(attribute: str):
    """The attribute's value: its column, or for a plugin game's own attribute, its expression."""
    return F(stat_column(attribute)) if has_stat_column(attribute) else stat_expression(attribute)


def comparison_q(stat: str, operator: str, number: int) -> Q:
    """Cards of a game that defines `stat` whose value compares true; cards lacking it never do.

    `atk` is attack in Neopets and offense in Keeper: each game resolves the alias itself, and a
    card matches through its own game's attribute, compared as a number on every database.
    """
    games_by_attribute: dict[str, set[str]] = defaultdict(set)
    for slug, spec in GAMES.items():
        if attribute := spec.numeric_attribute(stat):
            games_by_attribute[attribute].add(slug)
    parts = []
    for attribute, slugs in games_by_attribute.items():
        has_it, compared = _comparing(attribute, number)
        if number not in _INT64:
            true_of_all = operator in (_ABOVE_ALL if number > 0 else _BELOW_ALL)
            matches = has_it if true_of_all else Q(pk__in=[])
        elif operator == "!=":
            matches = has_it & ~compared("exact")
        else:
            matches = compared(_LOOKUPS[operator])
        if slugs != _games_having(attribute):
            matches &= Q(game__slug__in=sorted(slugs))
        parts.append(matches)
    return _combine(parts, Q.OR) if parts else Q(pk__in=[])


def _comparing(attribute: str, number: int) -> tuple[Q, Callable[[str], Q]]:
    """(cards having the attribute, the attribute compared with `number` by a lookup's name).

    On its column: a lookup alone, which a negation (`-lvl>=2`) makes true of a card lacking
    the stat (Django adds `IS NULL` to a negated lookup on a nullable column); and no `has_it`
    beside, or the planner would count the cards lacking it twice, expect a tenth of the
    matches and plan for that (the partial index cards.stat_columns.stat_index serves the
    comparison alone). On the expression of a plugin game's own attribute (no column): the
    comparison with `has_key`, so that a negation holds for a card lacking it there too."""
    if has_stat_column(attribute):
        column = stat_column(attribute)
        return Q(**{f"{column}__isnull": False}), lambda lookup: Q(
            **{f"{column}__{lookup}": number}
        )
    value = stat_expression(attribute)
    has_key = Q(attributes__has_key=attribute)
    return has_key, lambda lookup: has_key & Q(value.output_field.get_lookup(lookup)(value, number))


def _games_having(attribute: str) -> set[str]:
    """Games whose schema has the attribute: only their cards can carry it (cards are checked
    against their game's schema), so filtering by these games would add nothing."""
    return {slug for slug, spec in GAMES.items() if attribute in spec.attributes}


def _combine(parts, connector: str) -> Q:
    combined = Q()
    for part in parts:
        combined = combined & part if connector == Q.AND else combined | part
    return combined
