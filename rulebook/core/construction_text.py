"""Construction text read by a grammar: the sentences of a card's text, cut into tokens a lark
grammar per game parses (rulebook/neopets/construction_grammar.py,
rulebook/metazoo/construction_grammar.py).

No regular expression decides what a sentence means. This module only cuts a text into
sentences and words; the game's grammar then reads each sentence whole, and what it reads
becomes reviewed data on the card (`Reading`). A sentence is one of three things:
- a construction clause the grammar reads (its data);
- a clause about play (an effect, a condition, another player, a card it searches for ...):
  the grammar reads it as play and it changes nothing about building a deck;
- neither: when it speaks of construction (the game's construction words) it is `unread`, and
  the importer refuses the card naming the sentence, so a curator decides instead of a guess.

The tokens: the card's own name (`SELF`) and the known card names (`NAME`) are terminals
matched first, longest first, so "Her Ba" or "Lady in white" is one name whatever words it
holds; any other run of capitalised words that are not the grammar's words is a `NAME` too
("Dr. Hollow", "Bigfoot of the Woods"); a quotation is one `QUOTE` token (a quoted sentence
is about that sentence, not a clause of this card) unless it quotes a name; each word the
grammar names is its own terminal (by the word, upper-cased); any other word is `WORD`,
a number `DIGITS`, a comma `COMMA`. Typography is folded first (curly quotes and apostrophes,
dashes, no-break spaces: rulebook.core.identity), and contractions are spelled out ("can't"
is "cannot", "don't" is "do not"), so a retyped text reads the same.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from lark import Lark, Token
from lark.exceptions import LarkError
from lark.lexer import Lexer

from .identity import identity, typographic

# What a sentence runs on through (`sentences`): a stop after a title or an initial ("Dr.
# Hollow", "J. R. Hollow"), a stop a lower-case word follows, any stop inside quotes or inside a
# word ("S.T.E.V.E."); any other character but a stop, "!", "?" or a line end.
TITLES = (
    "Dr",
    "Mr",
    "Mrs",
    "Ms",
    "Mx",
    "St",
    "Mt",
    "Jr",
    "Sr",
    "Prof",
    "Capt",
    "Lt",
    "Sgt",
    "Col",
    "Gen",
    "Rev",
    "Fr",
    "No",
    "Vol",
    "vs",
)
_ABBREVIATION = rf"\b(?:{'|'.join(TITLES)}|[A-Z])\."
_INSIDE = (
    r"\"[^\"]*\"",
    # a title's stop before a keyword in capitals ("... Ba Gen. ARENA: ...") ends the sentence
    _ABBREVIATION + r"(?!\s+[A-Z]{2,}\b:)",
    r"[.!?]+(?=[^\s.!?]|\s+[a-z])",
    r"[^.!?\n]",
)

# Lower-case words a name may hold between capitalised ones ("Bigfoot of the Woods").
_NAME_JOINERS = frozenset({"of", "the", "in", "upon", "yon", "de", "la", "le", "von", "van", "du"})
_CONTRACTIONS = {
    "can't": ["cannot"],
    "can not": ["cannot"],
    "don't": ["do", "not"],
    "doesn't": ["does", "not"],
    "mustn't": ["must", "not"],
    "isn't": ["is", "not"],
    "won't": ["will", "not"],
    "shouldn't": ["should", "not"],
}
_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)*|[^\s\w]", re.UNICODE)
# Special terminals every grammar declares; the others are its words.
SPECIAL = ("SELF", "NAME", "WORD", "DIGITS", "QUOTE", "COMMA", "PUNCT")


def sentences(text: str, name: str = "") -> list[str]:
    """The sentences of a text (typography folded), a full stop inside a name ("Dr. Hollow",
    the card's own name whatever it holds) not ending one."""
    # a quoted sentence ends where its quotation does when a new sentence follows
    text = re.sub(r'([.!?]")\s+(?=[A-Z"])', "\\1\n", typographic(text))
    name = typographic(name)
    # Only a name holding a stop, a quote or a line end reads differently from its letters;
    # the others share one compiled pattern (a pattern per name was most of a 1,000-card
    # upload's check: issue 36).
    own = name if name.strip() and _BREAKS.search(name) else ""
    return [found.strip() for found in _sentence(own).findall(text) if found.strip()]


_BREAKS = re.compile(r'[.!?"\n]')


@lru_cache(maxsize=256)
def _sentence(name: str) -> re.Pattern[str]:
    """What a sentence is, with the card's own name as one piece when it holds a stop."""
    own = [re.escape(name)] if name else []
    return re.compile(rf"(?:{'|'.join([*own, *_INSIDE])})+[.!?]*")


@dataclass(frozen=True)
class Names:
    """The names the tokenizer matches as terminals: the card's own and the known card names
    (an index by first word, shared by every card of one catalogue), longest first."""

    own: tuple[str, ...]
    known: Mapping[str, tuple[tuple[str, ...], ...]] = field(default_factory=dict)

    @classmethod
    def of(cls, own: str, known: Iterable[str] = ()) -> Names:
        return cls(_name_words(own), _index(frozenset(known)))

    def match(self, words: list[str], start: int) -> tuple[Token, int] | None:
        """(the SELF or NAME token, words it spans) of the longest name starting at `start`,
        if it starts with a capital or a digit there, as a name does in running text."""
        first = words[start]
        if not (first[:1].isupper() or first[:1].isdigit()):
            return None
        folded = identity(first)
        candidates = [*self.known.get(folded, ())]
        if self.own[:1] == (folded,):
            candidates.append(self.own)
        for name in sorted(candidates, key=len, reverse=True):
            end = start + len(name)
            if tuple(identity(word) for word in words[start:end]) == name:
                kind = "SELF" if name == self.own else "NAME"
                end += words[end : end + 1] == ["."]  # its final stop, when written
                return Token(kind, _joined(words[start:end])), end - start
        return None


@lru_cache(maxsize=8)  # one index a catalogue, not one a card: an import reads thousands
def _index(known: frozenset[str]) -> dict[str, tuple[tuple[str, ...], ...]]:
    """The known names by their first word (folded), longest first."""
    by_first: dict[str, list[tuple[str, ...]]] = {}
    for name in known:
        words = _name_words(name)
        if words:
            by_first.setdefault(words[0], []).append(words)
    return {
        first: tuple(sorted(set(names), key=len, reverse=True)) for first, names in by_first.items()
    }


def _name_words(name: str) -> tuple[str, ...]:
    """A name's folded words; its final stop may be the sentence's too ("... with Hollow
    Jr."), so it is optional."""
    words = tuple(identity(word) for word in _words(typographic(name)))
    return words[:-1] if words[-1:] == (".",) else words


def _words(text: str) -> list[str]:
    return _WORD.findall(text)


def _joined(words: list[str]) -> str:
    """Words as written: a stop or a comma after the word before it."""
    return " ".join(words).replace(" .", ".").replace(" ,", ",")


@dataclass(frozen=True)
class Grammar:
    """A game's construction grammar: lark over this module's tokens. `construction_words` are
    the grammar's words that make a sentence speak of construction."""

    source: str
    construction_words: frozenset[str]
    # Other words without which no construction clause reads ("any number of X cards" names no
    # construction word): a sentence with neither kind of word is not parsed at all, which
    # keeps reading a catalogue fast (an Earley parse is a few milliseconds).
    clause_words: frozenset[str] = frozenset()
    # Words read as one terminal of the grammar with a value of their own: {"beasties":
    # ("KIND", "beastie")}, so a family of words is one terminal.
    word_kinds: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    parser: Lark = field(init=False, repr=False)
    keywords: frozenset[str] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        terminals = list(
            dict.fromkeys(
                word
                for line in re.findall(r"^%declare ([A-Z_ ]+)$", self.source, re.M)
                for word in line.split()
            )
        )
        keywords = frozenset(t.lower() for t in terminals if t not in SPECIAL) | set(
            self.word_kinds
        )
        rules = re.sub(r"^%declare .*$", "", self.source, flags=re.M)
        generated = f"\nany_token: {' | '.join(terminals)}\n%declare {' '.join(terminals)}\n"
        parser = Lark(
            rules + generated,
            parser="earley",
            lexer=_TokenStream,
            ambiguity="resolve",
            start="start",
        )
        object.__setattr__(self, "parser", parser)
        object.__setattr__(self, "keywords", keywords)

    def tokens(self, sentence: str, names: Names) -> list[Token]:
        """The sentence as terminals (see the module's docstring)."""
        sentence = sentence.rstrip(".!? ").strip()
        tokens: list[Token] = []
        for quoted, piece in _quotations(sentence):
            if quoted:
                named = self._quoted_name(piece, names)
                if named is not None:
                    tokens.append(named)
                else:
                    tokens.append(Token("QUOTE", piece))
                continue
            tokens.extend(self._plain_tokens(_spelled_out(_words(piece)), names))
        return tokens

    def _quoted_name(self, quoted: str, names: Names) -> Token | None:
        """The name a quotation is, if it is all one name (its final stop its own or not)."""
        for inner in (quoted.strip(" ,!?"), quoted.strip(" .,!?")):
            words = _words(inner)
            named = names.match(words, 0) if words else None
            if named is not None and named[1] == len(words):
                return named[0]
        return None

    def _plain_tokens(self, words: list[str], names: Names) -> Iterable[Token]:
        index = 0
        while index < len(words):
            word = words[index]
            named = names.match(words, index)
            run = self._capital_run(words, index)
            if named is not None and named[1] >= run:
                yield named[0]
                index += named[1]
                continue
            if run:
                yield Token("NAME", _joined(words[index : index + run]))
                index += run
                continue
            folded = word.lower()
            if folded in self.word_kinds:
                yield Token(*self.word_kinds[folded])
            elif folded in self.keywords:
                yield Token(folded.upper(), word)
            elif word.isdigit():
                yield Token("DIGITS", word)
            elif word == ",":
                yield Token("COMMA", word)
            elif not word[:1].isalnum():
                yield Token("PUNCT", word)
            else:
                yield Token("WORD", word)
            index += 1

    def _capital_run(self, words: list[str], start: int) -> int:
        """How many words from `start` make an unknown name: capitalised words that are not the
        grammar's, lower-case joiners between them, a stop after a title or an initial."""
        end = start
        last_capital = start
        while end < len(words):
            word = words[end]
            after_title = end > start and (words[end - 1] in TITLES or len(words[end - 1]) == 1)
            if word == "." and after_title:
                end += 1
                continue
            if word.lower() in _NAME_JOINERS and end > start:
                end += 1
                continue
            if (word[:1].isupper() or (word[:1].isdigit() and end > start)) and (
                word.lower() not in self.keywords
            ):
                end += 1
                last_capital = end
                continue
            break
        return last_capital - start

    def read(self, sentence: str, names: Names) -> Any:
        """The parse tree of one sentence, or None when the grammar cannot read it (or when it
        holds no word any construction clause needs: then it states no construction)."""
        tokens = self.tokens(sentence, names)
        words = self.construction_words | self.clause_words
        if not any(token.type.lower() in words for token in tokens):
            return None
        try:
            return self.parser.parse(tokens)
        except LarkError:
            return None

    def speaks_of_construction(self, sentence: str, names: Names) -> bool:
        return any(
            token.type.lower() in self.construction_words for token in self.tokens(sentence, names)
        )


class _TokenStream(Lexer):
    """lark's lexer stage for a list of tokens already cut (Grammar.tokens)."""

    def __init__(self, lexer_conf: Any) -> None:
        pass

    # lark calls a custom lexer with the parser's input alone (here the list of tokens), not
    # with the (lexer state, parser state) its base class declares
    def lex(self, data: Any) -> Iterable[Token]:  # type: ignore[override]
        yield from data


def _quotations(sentence: str) -> list[tuple[bool, str]]:
    """The sentence in pieces, each (quoted?, text)."""
    pieces: list[tuple[bool, str]] = []
    for index, piece in enumerate(sentence.split('"')):
        if piece.strip():
            pieces.append((index % 2 == 1, piece))
    return pieces


def _spelled_out(words: list[str]) -> list[str]:
    """Contractions spelled out, and "can not" as "cannot", so each reads one way."""
    out: list[str] = []
    index = 0
    while index < len(words):
        pair = " ".join(words[index : index + 2]).lower()
        if pair in _CONTRACTIONS:
            out.extend(_CONTRACTIONS[pair])
            index += 2
            continue
        out.extend(_CONTRACTIONS.get(words[index].lower(), [words[index]]))
        index += 1
    return out


@dataclass(frozen=True)
class Reading:
    """What a grammar read in a card's text: its data, and the sentences that speak of
    construction but that it could not read."""

    data: dict[str, Any]
    unread: tuple[str, ...] = ()


def unread_problems(name: str, unread: Collection[str], field_name: str) -> list[tuple[str, str]]:
    """The importer's refusal of each sentence the grammar could not read, naming it."""
    return [
        (
            "text",
            f"{name}: the sentence “{sentence}” speaks of deck construction ({field_name}) but "
            "Deckwarden's grammar cannot read it; a curator must reword it or record the "
            f"{field_name} data and have the text agree",
        )
        for sentence in unread
    ]
