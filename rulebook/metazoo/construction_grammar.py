"""Spellbook Restrictions written in a Page's rules text, read by a grammar into structured
clauses (Static Effects: Spellbook Restrictions, p. 25): "These effects will include a clause
similar to 'You may not include this Page in a Spellbook-', '[Page Name] may not be included in
a Spellbook with-', or any other effects written similarly."

"Written similarly", as this grammar reads it (SELF is "this Page", "this card", "this Beastie"
... or the Page's own name; NOT is "may not", "cannot", "can't", "must not", "do not"):
- forbidding: "You NOT include SELF in a Spellbook with (containing, that contains, including)
  X", "Do not include SELF in a Spellbook with X", "... if it contains X", either side round;
  "SELF NOT be (included, put, placed) in a Spellbook with X"; "SELF NOT share a Spellbook with
  X"; "A Spellbook with SELF NOT contain X"; "SELF and X NOT be included in the same Spellbook";
  "(You NOT | Do not) include SELF and X in the same Spellbook"; each optionally "unless it
  (also) contains Y" (the clause is lifted when the Spellbook holds Y);
- allowing only: "Only X may be included in a Spellbook with SELF", "You may only include X in
  a Spellbook with SELF", "A Spellbook with SELF may (only) contain (only) X", "SELF may only be
  included in a Spellbook with only X".
X is Page names (the known names as written, "Lady in white"; several joined by commas, "or",
"and", "nor"; "Pages named X"), Page types ("any Artifact", "any other Beasties"), Aura types
("any Water Pages", "Forest Aura Pages") or both ("any Spirit Beasties"), optionally "more than
N" of them (the Spellbook may then hold N). A sentence that speaks of a Spellbook, an Archive or
including and reads as none of these (nor as play: "Once per turn: look at the top Page of your
Spellbook", "Pages in your Archive cannot be destroyed") is unread, and the Page is refused,
naming it. "Each (every) Spellbook with SELF NOT contain X" is a Spellbook's clause too; after an
opening clause about building ("When building your Spellbook,", "While building a Spellbook,")
the clause reads as without it, and may leave the Spellbook unsaid ("this Page may not be
included with X", "you may not include this Page with X").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, cast

from lark import Token, Tree

from rulebook.core.construction_text import (
    PLAY,
    Grammar,
    Names,
    Reading,
    sentences,
    unread_problems,
)
from rulebook.core.identity import wording

from .kinds import AURA_TYPES, PAGE_TYPES

RESTRICTIONS = "restrictions"
TOKEN_SECTIONS = "token_sections"  # the sections a Token's own Effect opens to it (p. 7)
_TYPES = {kind.casefold(): kind.casefold() for kind in PAGE_TYPES}
_KIND_WORDS = {**_TYPES, **{f"{kind}s": kind for kind in _TYPES}}
_AURA_WORDS = tuple(aura for aura in AURA_TYPES if aura != "neutral")
# The verbs of play (Grammar inflects them): a clause whose verb is one is about play.
_PLAY_VERBS = """
look search reveal draw discard return shuffle choose attach remove deal gain play cast summon
destroy take move use flip banish get lose heal attack
"""
PLAY_VERBS = frozenset(_PLAY_VERBS.split())
GRAMMAR = Grammar(
    source=r"""
?construction: forbid | allow_other | allow_self | sections | not_sections

// which sections a Token may be in (Page Types: Tokens, p. 7: "cannot be added to a Spellbook
// or Archive unless otherwise specified by an Effect"), or, negated, may not
sections: self (MAY | CAN) ALSO? BE (INCLUDED IN | ADDED TO) places
        | YOU (MAY | CAN) ALSO? (INCLUDE self IN | ADD self TO) places
not_sections: self (CANNOT | MAY NOT | MUST NOT) BE (INCLUDED IN | ADDED TO) places
places: place ((OR | AND | COMMA) place)*
place: (A | YOUR | THE | ANY)? (SPELLBOOK | ARCHIVE)
container: SPELLBOOK | DECK

forbid: YOU neg INCLUDE side IN book holding side unless?
      | DO NOT INCLUDE side IN book holding side unless?
      | (YOU neg | DO NOT) INCLUDE side IN book IF IT ALSO? (CONTAINS | INCLUDES | HAS) side unless?
      | side neg BE (INCLUDED | PUT | PLACED)? IN book holding side unless?
      | side neg SHARE book WITH side unless?
      | book holding side neg (CONTAIN | INCLUDE | HAVE | HOLD) side unless?
      | side AND side neg BE (INCLUDED | PUT | PLACED)? IN THE SAME SPELLBOOK unless?
      | (YOU neg | DO NOT) INCLUDE side AND side IN THE SAME SPELLBOOK unless?
      // after "While building a Spellbook,": the Spellbook goes without saying
      | (YOU neg | DO NOT) INCLUDE side WITH side unless?
      | side neg BE INCLUDED WITH side unless?
// "allowing only", X first and this Page second, or this Page first ("You may only include
// this Page in a Spellbook with X" could mean "only if X is there": not in the grammar)
allow_other: ONLY side (MAY | CAN) BE (INCLUDED | PUT | PLACED)? IN book holding side
           | YOU (MAY | CAN) ONLY INCLUDE side IN book holding side
allow_self: book holding side (MAY | CAN | MUST) only_contain side
          | side (MAY | CAN) ONLY BE (INCLUDED | PUT | PLACED)? IN book holding ONLY side
          | YOU (MAY | CAN) ONLY INCLUDE side IN book holding ONLY side
only_contain: ONLY (CONTAIN | INCLUDE) | (CONTAIN | INCLUDE) ONLY
neg: MAY NOT | CANNOT | MUST NOT | DO NOT
book: (A | YOUR | THE | ANY | EACH | EVERY) SPELLBOOK
holding: WITH | CONTAINING | INCLUDING | THAT (CONTAINS | INCLUDES | HAS | HOLDS)
unless: COMMA? UNLESS IT ALSO? (CONTAINS | INCLUDES | HAS) things

side: self | things
self: THIS (PAGE | CARD | KIND) | SELF
things: (ANY | ALL | AN | A | THE)? OTHER? amount? thing (sep thing)*
amount: MORE THAN DIGITS
sep: COMMA (OR | AND | NOR)? | OR | AND | NOR
thing: NAME -> name
     | (PAGE | PAGES | CARD | CARDS) (NAMED | CALLED) NAME -> name
     | AURA_TYPE? KIND -> kind
     | AURA_TYPE AURA? (PAGE | PAGES | CARD | CARDS) -> kind
     | AURA -> aura_page

%declare SELF NAME WORD DIGITS QUOTE COMMA PUNCT YOU INCLUDE IN IF IT ALSO CONTAINS INCLUDES
%declare HAS BE INCLUDED PUT PLACED SHARE WITH CONTAIN HAVE HOLD AND THE SAME SPELLBOOK ONLY MAY
%declare CAN MUST NOT CANNOT DO A YOUR ANY CONTAINING INCLUDING THAT HOLDS UNLESS THIS PAGE
%declare CARD KIND ALL AN OTHER MORE THAN OR NOR PAGES CARDS NAMED CALLED AURA_TYPE AURA
%declare ARCHIVE ADDED TO EVERY PLAY_VERB PLACEMENT ADD
""",
    construction_words=frozenset({"spellbook", "archive", "include", "included", "includes"}),
    play_verbs=PLAY_VERBS,
    construction_verbs=frozenset(
        {
            "include",
            "included",
            "includes",
            "contain",
            "contains",
            "has",
            "have",
            "hold",
            "holds",
            "share",
        }
    ),
    # Page type words ("Beasties") and Aura type words ("Spirit") as one terminal each, valued
    # by their singular, lower-case form.
    word_kinds={
        **{word: ("KIND", kind) for word, kind in _KIND_WORDS.items() if word != "aura"},
        **{aura: ("AURA_TYPE", aura) for aura in _AURA_WORDS},
    },
)


@dataclass(frozen=True)
class Clause:
    """One Spellbook Restriction of a Page. `only`: every other Spellbook Page must be one of
    these (else: none may be, beyond `more_than` copies). What it is about: Page names, and
    kinds, each (Page type or None, Aura type or None). `unless`: Page names whose presence in
    the Spellbook lifts a forbidding clause."""

    only: bool
    names: tuple[str, ...] = ()
    kinds: tuple[tuple[str | None, str | None], ...] = ()
    more_than: int = 0
    unless: tuple[str, ...] = ()

    def as_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {"only_with" if self.only else "not_with": list(self.names)}
        if self.kinds:
            data["kinds"] = [{"type": kind, "aura": aura} for kind, aura in self.kinds]
        if self.more_than:
            data["more_than"] = self.more_than
        if self.unless:
            data["unless"] = list(self.unless)
        return data

    def what(self) -> str:
        """What the clause is about, in words: "Headless Horseman or Spirit Beastie Pages"."""
        return " or ".join([*self.names, *self._kind_words()])

    def words(self) -> str:
        """The clause as a card's page says it."""
        about = " or ".join([*(f"Pages named {n}" for n in self.names), *self._kind_words()])
        if self.only:
            return f"only in a Spellbook with nothing but {about}"
        most = f"more than {self.more_than} " if self.more_than else ""
        said = f"not in a Spellbook with {most}{about}"
        return f"{said} unless it holds {' or '.join(self.unless)}" if self.unless else said

    def _kind_words(self) -> list[str]:
        return [
            " ".join(part.capitalize() for part in (aura, kind) if part) + " Pages"
            for kind, aura in self.kinds
        ]

    def key(self) -> tuple[Any, ...]:
        """What two clauses are the same by (names by their wording, as the card identity
        compares them, in any order)."""
        return (
            self.only,
            frozenset(map(wording, self.names)),
            frozenset(self.kinds),
            self.more_than,
            frozenset(map(wording, self.unless)),
        )


def restriction_words(attribute: str, value: object) -> str | None:
    """A Page's Spellbook Restrictions in words, as the grammar read them (p. 25), for its card
    page; None for any other attribute, or restrictions that cannot be read."""
    if attribute != "restrictions" or (clauses := clauses_of(value)) is None:
        return None
    return "; ".join(clause.words() for clause in clauses)


def clauses_of(recorded: Any) -> list[Clause] | None:
    """A Page's `restrictions` data as clauses: a list of clause objects (`Clause.as_data`), or
    the older mapping of not_with / not_with_types / not_with_aura / only_with ... to values.
    None when it cannot be read."""
    if recorded is None:
        return []
    if isinstance(recorded, Mapping):
        return _legacy(recorded)
    if not isinstance(recorded, list):
        return None
    clauses = []
    for item in recorded:
        clause = _clause_data(item)
        if clause is None:
            return None
        clauses.append(clause)
    return clauses


def _clause_data(item: Any) -> Clause | None:
    if not isinstance(item, Mapping):
        return None
    only = "only_with" in item
    names = item.get("only_with" if only else "not_with", [])
    kinds = item.get("kinds", [])
    if not (isinstance(names, list) and isinstance(kinds, list)):
        return None
    if not all(isinstance(kind, Mapping) for kind in kinds):
        return None
    unless = item.get("unless", [])
    more_than = item.get("more_than", 0)
    if not isinstance(unless, list) or not isinstance(more_than, int):
        return None
    return Clause(
        only,
        tuple(map(str, names)),
        tuple((kind.get("type"), kind.get("aura")) for kind in kinds),
        more_than,
        tuple(map(str, unless)),
    )


def _legacy(recorded: Mapping[str, Any]) -> list[Clause] | None:
    clauses = []
    for key, values in recorded.items():
        values = values if isinstance(values, list) else [values]
        family, _, about = key.partition("_with")
        if family not in ("not", "only") or about not in ("", "_types", "_aura"):
            return None
        only = family == "only"
        if about == "":
            clauses.append(Clause(only, names=tuple(map(str, values))))
        elif about == "_types":
            clauses.append(Clause(only, kinds=tuple((str(v).casefold(), None) for v in values)))
        else:
            clauses.append(Clause(only, kinds=tuple((None, str(v).casefold()) for v in values)))
    return clauses


@lru_cache(maxsize=4096)
def read_restrictions(name: str, text: str, known: frozenset[str] = frozenset()) -> Reading:
    """The Spellbook Restrictions the Page's text states (`data["restrictions"]`, a list of
    clause data), and the sentences that speak of construction but do not read."""
    names = Names.of(name, known)
    clauses: list[Clause] = []
    sections: set[str] = set()
    unread: list[str] = []
    stated_by: dict[str, tuple[str, ...]] = {}
    for sentence in sentences(text, name):
        clause = GRAMMAR.read(sentence, names)
        if clause is None:
            if GRAMMAR.speaks_of_construction(sentence, names):
                unread.append(sentence)
            continue
        if clause == PLAY:
            continue
        assert isinstance(clause, Tree)
        if clause.data == "sections":  # a Token's Effect opening sections to it (p. 7)
            sections |= {
                token.value.casefold()
                for token in clause.scan_values(lambda v: isinstance(v, Token))
                if token.type in ("SPELLBOOK", "ARCHIVE")
            }
            stated_by[TOKEN_SECTIONS] = (*stated_by.get(TOKEN_SECTIONS, ()), sentence)
            continue
        if clause.data == "not_sections":
            continue  # a Token kept out as it is anyway: no data
        read = _clause(clause)
        if read is None:
            unread.append(sentence)
        else:
            clauses.append(read)
            stated_by[RESTRICTIONS] = (*stated_by.get(RESTRICTIONS, ()), sentence)
    data: dict[str, Any] = {}
    if clauses:
        data[RESTRICTIONS] = [clause.as_data() for clause in clauses]
    if sections:
        data[TOKEN_SECTIONS] = sorted(sections)
    return Reading(data, tuple(unread), stated_by)


def _subtree(branch: Token | Tree[Token]) -> Tree[Token]:
    """A child the grammar makes a rule, never a word (`side: self | things`, `unless: ...
    things`): lark types every child as either."""
    return cast("Tree[Token]", branch)


def _clause(tree: Tree[Token]) -> Clause | None:
    """The clause a forbidding or allowing sentence states: exactly one side is this Page."""
    sides = [child for child in tree.children if isinstance(child, Tree) and child.data == "side"]
    selves = [side for side in sides if _subtree(side.children[0]).data == "self"]
    if len(sides) != 2 or len(selves) != 1:
        return None
    if tree.data != "forbid" and sides.index(selves[0]) != (tree.data == "allow_other"):
        return None  # this Page on the side that would make it read two ways
    other = next(side for side in sides if side is not selves[0]).children[0]
    names, kinds, more_than = _things(_subtree(other))
    unless_trees = [c for c in tree.children if isinstance(c, Tree) and c.data == "unless"]
    unless: tuple[str, ...] = ()
    if unless_trees:
        unless_names, unless_kinds, _ = _things(_subtree(unless_trees[0].children[-1]))
        if unless_kinds:
            return None  # "unless it contains any Beasties": not a clause Deckwarden keeps
        unless = unless_names
    return Clause(tree.data != "forbid", names, kinds, more_than, unless)


def _things(
    tree: Tree[Token],
) -> tuple[tuple[str, ...], tuple[tuple[str | None, str | None], ...], int]:
    names: list[str] = []
    kinds: list[tuple[str | None, str | None]] = []
    more_than = 0
    for node in tree.children:
        if not isinstance(node, Tree):
            continue
        if node.data == "amount":
            more_than = int(str(node.children[-1]))  # the DIGITS word
        elif node.data == "name":
            names.append(str(node.children[-1]))
        elif node.data == "aura_page":
            kinds.append(("aura", None))
        elif node.data == "kind":
            tokens = [t for t in node.children if isinstance(t, Token)]
            kind = next((str(t) for t in tokens if t.type == "KIND"), None)
            aura = next((str(t) for t in tokens if t.type == "AURA_TYPE"), None)
            kinds.append((kind, aura))
    return tuple(names), tuple(kinds), more_than


def restriction_problems(
    card_type: str,
    name: str,
    text: str,
    attributes: Mapping[str, Any],
    known: Iterable[str] = (),
) -> list[tuple[str, str]]:
    """(field, message) for each construction sentence the grammar cannot read, and for
    `restrictions` or `token_sections` data that says otherwise than the text (the text is the
    Page's rule, p. 25, p. 7). A Page without text has nothing to contradict its data."""
    if not text.strip():
        return []
    reading = read_restrictions(name, text, frozenset(known))
    problems = unread_problems(name, reading.unread, "Spellbook Restriction")
    given = attributes.get(RESTRICTIONS)
    recorded = clauses_of(given)
    said = clauses_of(reading.data.get(RESTRICTIONS))
    disagrees = recorded is not None and {c.key() for c in recorded} != {
        c.key() for c in said or []
    }
    if given is not None and disagrees:
        recorded_words, said_words = _restrictions_words(recorded), _restrictions_words(said)
        problems.append(
            _disagreement(name, RESTRICTIONS, recorded_words, said_words, reading, text, "p. 25")
        )
    sections = attributes.get(TOKEN_SECTIONS)
    said_sections = reading.data.get(TOKEN_SECTIONS, [])
    if sections is not None and sorted(map(str.casefold, sections)) != said_sections:
        recorded_words = f"this Token may be in {_sections_words(map(str, sections))}"
        said_words = f"this Token may be in {_sections_words(said_sections)}"
        problems.append(
            _disagreement(name, TOKEN_SECTIONS, recorded_words, said_words, reading, text, "p. 7")
        )
    return problems


def _restrictions_words(clauses: list[Clause] | None) -> str:
    return "; ".join(clause.words() for clause in clauses or []) or "no Spellbook Restriction"


def _sections_words(sections: Iterable[str]) -> str:
    said = " or ".join(f"a {section.capitalize()}" for section in sections)
    return said or "no Spellbook or Archive"


def _disagreement(
    name: str, field: str, recorded: str, said: str, reading: Reading, text: str, page: str
) -> tuple[str, str]:
    """The refusal of data the text contradicts: both in words, and the sentence quoted."""
    return (
        f"attributes.{field}",
        f"{name}: records “{recorded}”, but the Page's text states “{said}” "
        f"({reading.quoted(field, text)}); the text is the Page's rule ({page}): make the data "
        "agree with it or leave it out",
    )


def restriction_data_problems(value: object) -> list[tuple[str, str]]:
    """The `restrictions` attribute's own check: clauses Deckwarden can read."""
    if clauses_of(value) is None:
        return [("", "must be a list of clauses (not_with or only_with, kinds, more_than, unless)")]
    return []


def derived_attributes(
    name: str, text: str, attributes: Mapping[str, Any], known: Iterable[str] = ()
) -> dict[str, Any]:
    """The Page's attributes with the restrictions its text states kept as data."""
    if not text.strip():
        return dict(attributes)
    said = read_restrictions(name, text, frozenset(known)).data
    kept = {k: v for k, v in attributes.items() if k not in (RESTRICTIONS, TOKEN_SECTIONS)}
    return {**kept, **said}
