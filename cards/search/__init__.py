"""The card search language (Scryfall in spirit): parse a query to an AST, compile it to a Q.

    parse('t:neopet hp>=8 -"hot dog" (o:draw or lvl<=2)')  -> an AST of nodes.py
    search_q(query)                                       -> a django.db.models.Q

The lexer and parser are plain Python; only compiler.py knows about Django.
"""

from .compiler import search_ordering, search_q
from .errors import OwnedNeedsSignIn, QuerySyntaxError
from .parser import parse

__all__ = ["OwnedNeedsSignIn", "QuerySyntaxError", "parse", "search_ordering", "search_q"]
