"""Construction text read by a grammar: the sentences of a card's text, cut into tokens a lark
grammar per game parses (rulebook/neopets/construction_grammar.py,
rulebook/metazoo/construction_grammar.py).

No regular expression decides what a sentence means. This module only cuts a text into
sentences and words; the game's grammar then reads each sentence whole, and what it reads
becomes reviewed data on the card (`Reading`). A sentence is one of three things, decided by
what its main clause is about (its subject and verb), never by its first word:
- a construction clause the grammar reads (its data), maybe after an opening clause of time or
  condition about building a deck ("When building your deck,", "During deck construction,",
  "If you include this card in your deck,", "While building a Spellbook,": `context`), which
  is read as a clause and changes nothing of what the main clause says;
- a clause about play: its verb is an action of play ("draw", "gets", "be discarded": the
  game's `play_verbs`, inflected) whatever its subject ("Map Pieces in your Inventory cannot be
  discarded", "Your Neopet gets +1 Attack for each card in your Rainbow Pool"), or its subject
  another player; maybe after opening clauses of time or condition ("If this card begins the
  game in your Rainbow Pool, draw a card"). It changes nothing about building a deck. Verbs
  that also place a card in a deck ("put", "add": `placement_verbs`) make play only as a
  command or after an opening clause of play ("When this Token leaves the Arena, it may be put
  into your Spellbook"), never "You may put this Page in a Spellbook with X";
- neither, or a clause of play after an opening clause about building a deck ("When building
  your deck, draw a card"): when it speaks of construction (the game's construction words) it
  is `unread`, and the importer refuses the card naming the sentence, so a curator decides
  instead of a guess.

The tokens: the card's own name (`SELF`) and the known card names (`NAME`) are terminals
matched first, longest first, so "Her Ba" or "Lady in white" is one name whatever words it
holds; any other run of capitalised words that are not the grammar's words is a `NAME` too
("Dr. Hollow", "Bigfoot of the Woods"); a quotation is one `QUOTE` token (a quoted sentence
is about that sentence, not a clause of this card) unless it quotes a name; each word the
grammar names is its own terminal (by the word, upper-cased); any other word is `WORD`,
a number `DIGITS`, a comma `COMMA`. Typography is folded first (curly quotes and apostrophes,
dashes, no-break spaces: rulebook.core.identity), and contractions are spelled out ("can't"
is "cannot", "don't" is "do not"), so a retyped text reads the same. A quotation in single
quotes ('...', opened and closed outside a word, so "Jhudora's Bluff" is no quotation) is a
quotation too. The card's own name is `SELF` written in lower case as well ("any number of
hot dog cards" on Hot Dog); another name only capitalised, as running text writes names.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, cast

from lark import Lark, Token, Tree
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
# 'a quotation in single quotes': opened and closed outside a word (not "Jhudora's").
_SINGLE_QUOTED = re.compile(r"(?<![\w'])'([^'\n]*?[^\s'])'(?![\w'])")
# Special terminals every grammar declares; the others are its words.
SPECIAL = ("SELF", "NAME", "WORD", "DIGITS", "QUOTE", "COMMA", "PUNCT", "PLAY_VERB", "PLACEMENT")
# The words of an opening clause about building a deck: a sentence holding one is parsed (it
# speaks of construction when that clause opens it, not "Construct a Fortress").
BUILDING_WORDS = frozenset({"build", "building", "construct", "constructing", "construction"})
PLAY = "play"  # what Grammar.read answers for a sentence about play

# Every game's sentence skeleton (Grammar adds it to the game's own rules, which define
# `construction`, `self` and `container`): a construction clause maybe after an opening clause
# about building a deck, or a clause about play maybe after opening clauses of time or
# condition. `np` is any word but a verb's (generated), so the verb found is the main clause's.
SKELETON = r"""
sentence: label? (context COMMA)? construction
play: label? prelude* clause | label? prelude+ placing
context_clause: context
label: NAME PUNCT
prelude: condition (COMMA | PUNCT) | (THEN | INSTEAD | OTHERWISE) COMMA?
condition: subordinator any_token+
subordinator: WHEN | WHENEVER | IF | AT | DURING | AFTER | BEFORE | ONCE | WHILE | UNTIL | FOR
            | AS | UNLESS
clause: np* modal* be? play_verb any_token*
      | placement_verb any_token*
      | (YOUR | EACH | AN | ALL | ANY | THE)? OTHER? player any_token*
      | (THIS | THAT | THE | EACH) TURN any_token*
placing: np* modal* be? placement_verb any_token*
player: OPPONENT | OPPONENTS | PLAYER | PLAYERS
modal: MAY | CAN | CANNOT | MUST | WILL | DO | DOES | NOT | ALSO | ONLY
be: BE | IS | ARE

// an opening clause about building a deck (read as a clause: it changes nothing)
context: (WHEN | WHILE | AS) YOU? (BUILD | BUILDING | CONSTRUCT | CONSTRUCTING) whose container
       | (DURING | IN) whose? (container | DECK) (CONSTRUCTION | BUILDING)
       | (IF | WHEN | ONCE) YOU INCLUDE self IN whose container
       | (IF | WHILE | WHEN) self (IS | ARE) IN whose container
whose: YOUR | A | THE

%declare WHEN WHENEVER IF AT DURING AFTER BEFORE ONCE WHILE UNTIL FOR AS UNLESS THEN INSTEAD
%declare OTHERWISE YOUR EACH AN ALL ANY THE OTHER OPPONENT OPPONENTS PLAYER PLAYERS THIS THAT
%declare TURN MAY CAN CANNOT MUST WILL DO DOES NOT ALSO ONLY BE IS ARE YOU BUILD BUILDING
%declare CONSTRUCT CONSTRUCTING CONSTRUCTION IN INCLUDE A DECK
"""
# Irregular forms of the play verbs (the regular ones are made by _inflected).
_IRREGULAR = {
    "draw": ("drew", "drawn"), "take": ("took", "taken"), "give": ("gave", "given"),
    "get": ("got", "gotten"), "lose": ("lost",), "deal": ("dealt",), "choose": ("chose",
    "chosen"), "put": (), "cast": (), "shuffle": (), "hold": ("held",), "pay": ("paid",),
}  # fmt: skip


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
    known: Mapping[str, tuple[tuple[tuple[str, ...], str], ...]] = field(default_factory=dict)

    @classmethod
    def of(cls, own: str, known: Iterable[str] = ()) -> Names:
        return cls(_name_words(own), _index(frozenset(known)))

    def match(self, words: list[str], start: int) -> tuple[Token, int] | None:
        """(the SELF or NAME token, words it spans) of the longest name starting at `start`:
        another card's if it starts with a capital or a digit there, as a name does in running
        text; the card's own however it is written."""
        first = words[start]
        folded = identity(first)
        capitalised = first[:1].isupper() or first[:1].isdigit()
        candidates = [*self.known.get(folded, ())] if capitalised else []
        if self.own[:1] == (folded,):  # the card's own name, however it is written
            candidates.append((self.own, ""))
        for name, stored in sorted(candidates, key=lambda known: len(known[0]), reverse=True):
            end = start + len(name)
            if tuple(identity(word) for word in words[start:end]) == name:
                end += words[end : end + 1] == ["."]  # its final stop, when written
                if name == self.own:  # the card's own, though the catalogue knows it too
                    return Token("SELF", _joined(words[start:end])), end - start
                # a known card's name as the catalogue stores it ("Will-o\u2019-Wisp"), which the
                # data then records, however the text typeset it ("Will-o'-Wisp")
                return Token("NAME", stored), end - start
        return None


@lru_cache(maxsize=8)  # one index a catalogue, not one a card: an import reads thousands
def _index(known: frozenset[str]) -> dict[str, tuple[tuple[tuple[str, ...], str], ...]]:
    """The known names (their folded words, the name as stored) by their first word, longest
    first; of names written alike, one."""
    by_first: dict[str, dict[tuple[str, ...], str]] = {}
    for name in sorted(known):
        words = _name_words(name)
        if words:
            by_first.setdefault(words[0], {}).setdefault(words, name)
    return {
        first: tuple(sorted(names.items(), key=lambda named: len(named[0]), reverse=True))
        for first, names in by_first.items()
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
    # The verbs of play (their base forms; every inflection is one), those that also put a
    # card in a deck (see the module's docstring), and the game's verbs of construction
    # ("include", "begins"): no verb is part of a clause's subject.
    play_verbs: frozenset[str] = frozenset()
    placement_verbs: frozenset[str] = frozenset({"put", "place", "add"})
    construction_verbs: frozenset[str] = frozenset()
    parser: Lark = field(init=False, repr=False)
    keywords: frozenset[str] = field(init=False, repr=False)
    kinds: Mapping[str, tuple[str, str]] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        source = self.source + SKELETON
        terminals = list(
            dict.fromkeys(
                word
                for line in re.findall(r"^%declare ([A-Z_ ]+)$", source, re.M)
                for word in line.split()
            )
        )
        declared = frozenset(t.lower() for t in terminals if t not in SPECIAL)
        # A verb's form the grammar has a word for stays that word (MetaZoo's "be put in a
        # Spellbook"); the verb's rule names it beside the family's terminal.
        kinds = dict(self.word_kinds)
        verb_rules: dict[str, list[str]] = {}
        for rule, family, bases in (
            ("play_verb", "PLAY_VERB", self.play_verbs),
            ("placement_verb", "PLACEMENT", self.placement_verbs),
        ):
            forms = {form for base in bases for form in _inflected(base)}
            kinds.update({form: (family, form) for form in sorted(forms - declared)})
            verb_rules[rule] = [family, *sorted(form.upper() for form in forms & declared)]
        verbs = {word for rule in verb_rules.values() for word in rule} | {
            verb.upper() for verb in self.construction_verbs
        }
        not_np = verbs | {"MAY", "CAN", "CANNOT", "MUST", "WILL", "DO", "DOES", "NOT", "BE",
                          "IS", "ARE"}  # fmt: skip
        generated = "".join(
            f"\n{rule}: {' | '.join(words)}"
            for rule, words in (
                ("any_token", terminals),
                ("np", [t for t in terminals if t not in not_np]),
                *verb_rules.items(),
            )
        )
        parser = Lark(
            re.sub(r"^%declare .*$", "", source, flags=re.M)
            + generated
            + f"\n%declare {' '.join(terminals)}\n",
            parser="earley",
            lexer=_TokenStream,
            ambiguity="resolve",
            start=["sentence", "play", "context_clause"],
        )
        object.__setattr__(self, "parser", parser)
        object.__setattr__(self, "keywords", declared | set(kinds))
        object.__setattr__(self, "kinds", kinds)

    def tokens(self, sentence: str, names: Names) -> list[Token]:
        """The sentence as terminals (see the module's docstring)."""
        sentence = _SINGLE_QUOTED.sub(r'"\1"', sentence.rstrip(".!? ").strip())
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
            if folded in self.kinds:
                yield Token(*self.kinds[folded])
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

    def read(self, sentence: str, names: Names) -> Tree[Token] | str | None:
        """The construction clause one sentence states (the tree of the game's clause rule),
        PLAY when it is about play, or None when the grammar cannot read it (or when it holds
        no word any construction clause needs: then it states no construction)."""
        tokens = self.tokens(sentence, names)
        words = self.construction_words | BUILDING_WORDS | self.clause_words
        if not any(token.type.lower() in words for token in tokens):
            return None
        try:
            clause = self.parser.parse(tokens, start="sentence").children[-1]
            return cast("Tree[Token]", clause)  # the game's clause rule, never a word
        except LarkError:
            pass
        try:
            self.parser.parse(tokens, start="play")
        except LarkError:
            return None
        # a clause of play after "When building your deck,": not read, so refused
        return None if self._opens_on_building(tokens) else PLAY

    def _opens_on_building(self, tokens: list[Token]) -> bool:
        """Whether the sentence opens with a clause about building a deck (`context`)."""
        opening = next((i for i, token in enumerate(tokens) if token.type == "COMMA"), 0)
        if not opening:
            return False
        try:
            self.parser.parse(tokens[:opening], start="context_clause")
        except LarkError:
            return False
        return True

    def speaks_of_construction(self, sentence: str, names: Names) -> bool:
        """Whether the sentence names a construction word, or opens with a clause about
        building a deck ("Construct a Fortress" does neither)."""
        tokens = self.tokens(sentence, names)
        words = self.construction_words
        return any(token.type.lower() in words for token in tokens) or self._opens_on_building(
            tokens
        )


def _inflected(verb: str) -> set[str]:
    """A verb's forms ("discard": discards, discarded, discarding), its irregular ones too."""
    stem = verb[:-1] if verb.endswith("e") else verb
    forms = {verb, f"{verb}s", f"{stem}ed", f"{stem}ing", *_IRREGULAR.get(verb, ())}
    if verb.endswith(("s", "sh", "ch", "x")):
        forms.add(f"{verb}es")
    if verb.endswith("y") and verb[-2:-1] not in "aeiou":
        forms |= {f"{verb[:-1]}ies", f"{verb[:-1]}ied"}
    if re.fullmatch(r"[^aeiou]*[aeiou][bdgmnpt]", verb):  # "flip": flipped, "get": getting
        forms |= {f"{verb}{verb[-1]}ed", f"{verb}{verb[-1]}ing"}
    if verb in _IRREGULAR:
        forms.discard(f"{stem}ed")
    return forms


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
    # the sentences that state each field, as the card writes them (for a refusal to quote)
    stated_by: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def quoted(self, field_name: str, text: str) -> str:
        """Where the text says what it says of a field, in words: the sentences that state it,
        or, when none does, the whole text."""
        said = self.stated_by.get(field_name, ())
        if said:
            return "so says " + " and ".join(f"“{sentence}”" for sentence in said)
        return f"no sentence of “{' '.join(text.split())}” says so"


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
