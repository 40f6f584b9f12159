"""Split a search query into tokens, each remembering where it starts.

Tokens: '(' and ')'; '-' directly before a term (negation); the word `or`; a bare word; a quoted
phrase; '!' directly before a word or phrase (an exact name); and a `key<op>value` filter whose
value may be quoted (`o:"draw a card"`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from .errors import QuerySyntaxError

_FILTER = re.compile(r"([A-Za-z_]+)(<=|>=|!=|=|<|>|:)(.*)", re.DOTALL)
_WORD_END = frozenset(' \t\r\n()"')


class Kind(Enum):
    LPAREN = "("
    RPAREN = ")"
    NOT = "-"
    OR = "or"
    WORD = "word"
    PHRASE = "phrase"
    FILTER = "filter"
    EXACT = "exact"


@dataclass(frozen=True, slots=True)
class Token:
    kind: Kind
    position: int
    text: str = ""  # the word, the phrase, or a filter's value
    key: str = ""  # a filter's key, as typed
    operator: str = ""  # a filter's operator
    value_position: int = 0  # where a filter's value starts
    quoted: bool = False  # a filter's value was a quoted phrase


def tokenize(query: str) -> list[Token]:
    """Every token of the query, in order; QuerySyntaxError for an unclosed quote or a lone '-'."""
    tokens: list[Token] = []
    index = 0
    while index < len(query):
        char = query[index]
        if char.isspace():
            index += 1
        elif char in "()":
            tokens.append(Token(Kind.LPAREN if char == "(" else Kind.RPAREN, index))
            index += 1
        elif char == '"':
            text, index = _read_quoted(query, index)
            tokens.append(Token(Kind.PHRASE, index - len(text) - 2, text))
        elif char == "!":
            tokens.append(_read_exact(query, index))
            index = tokens[-1].value_position
        elif char == "-":
            if index + 1 >= len(query) or query[index + 1] in " \t\r\n)":
                raise QuerySyntaxError("'-' must come directly before the term it negates", index)
            tokens.append(Token(Kind.NOT, index))
            index += 1
        else:
            token, index = _read_word(query, index)
            tokens.append(token)
    return tokens


def _read_exact(query: str, start: int) -> Token:
    """`!word` or `!"a phrase"`: an exact name; the token's value_position is where it ends."""
    if start + 1 >= len(query) or query[start + 1] in " \t\r\n()":
        raise QuerySyntaxError("'!' must come directly before the name it matches", start)
    if query[start + 1] == '"':
        text, end = _read_quoted(query, start + 1)
    else:
        end = start + 1
        while end < len(query) and query[end] not in _WORD_END:
            end += 1
        text = query[start + 1 : end]
    return Token(Kind.EXACT, start, text, value_position=end)


def _read_quoted(query: str, start: int) -> tuple[str, int]:
    """The text between the quote at `start` and the next quote, and the index after it."""
    end = query.find('"', start + 1)
    if end < 0:
        raise QuerySyntaxError("unclosed quote", start)
    return query[start + 1 : end], end + 1


def _read_word(query: str, start: int) -> tuple[Token, int]:
    end = start
    while end < len(query) and query[end] not in _WORD_END:
        end += 1
    word = query[start:end]
    match = _FILTER.fullmatch(word)
    if match is None:
        kind = Kind.OR if word.lower() == "or" else Kind.WORD
        return Token(kind, start, word), end
    key, operator, value = match.groups()
    value_position = start + match.start(3)
    quoted = not value and end < len(query) and query[end] == '"'
    if quoted:
        value, end = _read_quoted(query, end)
    token = Token(Kind.FILTER, start, value, key, operator, value_position, quoted)
    return token, end
