"""Spellbook Restrictions written in a Page's rules text (Static Effects: Spellbook Restrictions,
p. 25): "These effects will include a clause similar to 'You may not include this Page in a
Spellbook-', '[Page Name] may not be included in a Spellbook with-', or any other effects
written similarly."

"Written similarly" is read as this grammar (keywords in any case; SELF is "this Page", "this
card", "this Beastie" ... or the Page's own name; HOLDING is "with", "that contains", "that
includes", "that has", "containing" or "including"; NOT is "may not", "cannot", "can't", "can
not" or "must not"):

- forbidding (clauses `not_with`, `not_with_types`, `not_with_aura`):
  "You NOT include SELF in a Spellbook HOLDING X", "You NOT include X in a Spellbook HOLDING
  SELF", "SELF NOT be included in a Spellbook HOLDING X" (or "X ... HOLDING SELF"; "be in",
  "be put in", "be placed in" alike), "SELF NOT share a Spellbook with X", "A Spellbook HOLDING
  SELF NOT contain X" (include, have);
- allowing only (clauses `only_with`, `only_with_types`, `only_with_aura`): "Only X may be
  included in a Spellbook HOLDING SELF", "You may only include X in a Spellbook HOLDING SELF",
  "A Spellbook HOLDING SELF may only contain X" (or "may contain only X"), "SELF may only be
  included in a Spellbook HOLDING only X", "You may only include SELF in a Spellbook HOLDING
  only X".

X is Page names ("Headless Horseman", "Dr. Hollow", "Jhudora's Bluff", "Bigfoot of the Woods",
several joined by commas, "or", "and", "nor"; "Pages named ..." alike), Page types ("any
Artifact", "Beasties or Potions") or Aura types ("any Water Pages", "Forest Aura Pages"). A
sentence that looks like a restriction (it says what a Spellbook may or may not hold) but is not
in this grammar - or "You may only include this Page in a Spellbook with X", which could mean
"only if X is there" as well as "with nothing but X" - is returned as unread, for a warning:
never passed in silence.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache

from rulebook.core.identity import identity

from .cards import AURA_TYPES, GAME

# What a sentence runs on through (`sentences`): a stop after a title or an initial ("Dr.
# Hollow", "J. R. Hollow"), a stop a lower-case word follows, any stop inside quotes or inside a
# word ("S.T.E.V.E."); any other character but a stop, "!", "?" or a line end.
_ABBREVIATION = (
    r"\b(?:Dr|Mr|Mrs|Ms|Mx|St|Mt|Jr|Sr|Prof|Capt|Lt|Sgt|Col|Gen|Rev|Fr|No|Vol|vs|[A-Z])\."
)
_INSIDE = (
    r"“[^”]*”|\"[^\"]*\"",
    _ABBREVIATION,
    r"[.!?]+(?=[^\s.!?]|\s+[a-z])",
    r"[^.!?\n]",
)
_SELF = r"(?:this (?:page|card|beastie|spell|artifact|potion|aura|terra|token))"
_NOT = r"(?:may not|cannot|can['\u2019]t|can not|must not)"
_MAY = r"(?:may|can)"
_SPELLBOOK = r"(?:a|your|the|any) spellbook"
_HOLDING = r"(?:with|that contains|that includes|that has|containing|including)"
_CONTAIN = r"(?:contain|include|have|hold)"
NOT_WITH, ONLY_WITH = "not_with", "only_with"
_IN = rf"in {_SPELLBOOK} {_HOLDING}"  # "in a Spellbook that contains"
_BE_IN = rf"be (?:included |put |placed )?{_IN}"  # "be in" and "be put in" alike
# (clause family, side that must be this Page or None for either, pattern): the groups `a` and
# `b` are the two sides; the one that is not this Page is what the clause is about.
_WORDINGS: tuple[tuple[str, str | None, re.Pattern[str]], ...] = tuple(
    (family, self_side, re.compile(pattern, re.I))
    for family, self_side, pattern in (
        (NOT_WITH, None, rf"^you {_NOT} include (?P<a>.+?) {_IN} (?P<b>.+)$"),
        (NOT_WITH, None, rf"^(?P<a>.+?) {_NOT} {_BE_IN} (?P<b>.+)$"),
        (NOT_WITH, None, rf"^(?P<a>.+?) {_NOT} share {_SPELLBOOK} with (?P<b>.+)$"),
        (NOT_WITH, "a", rf"^{_SPELLBOOK} {_HOLDING} (?P<a>.+?) {_NOT} {_CONTAIN} (?P<b>.+)$"),
        (ONLY_WITH, "a", rf"^only (?P<b>.+?) {_MAY} {_BE_IN} (?P<a>.+)$"),
        (
            ONLY_WITH,
            "a",
            rf"^{_SPELLBOOK} {_HOLDING} (?P<a>.+?) (?:{_MAY}|must) "
            rf"(?:only {_CONTAIN}|{_CONTAIN} only) (?P<b>.+)$",
        ),
        (ONLY_WITH, "a", rf"^(?P<a>.+?) {_MAY} only {_BE_IN} only (?P<b>.+)$"),
        (ONLY_WITH, "a", rf"^you {_MAY} only include (?P<a>.+?) {_IN} only (?P<b>.+)$"),
        # "You may only include X in a Spellbook with this Page"; with this Page as X it could
        # mean "only if X is there" as well as "with nothing but X": unread.
        (ONLY_WITH, "b", rf"^you {_MAY} only include (?P<a>.+?) {_IN} (?P<b>.+)$"),
    )
)
_LOOKS_LIKE = re.compile(rf"spellbook.*(?:{_NOT}|\bonly\b)|(?:{_NOT}|\bonly\b).*spellbook", re.I)
_SEPARATORS = re.compile(r"\s*(?:,\s*(?:or|and|nor)?|\bor\b|\band\b|\bnor\b)\s*")
_DETERMINER = re.compile(r"^(?:any|all|an?|other|the) ", re.I)
_NAMED = re.compile(r"^(?:pages?|cards?) (?:named|called) ", re.I)
_PAGES = re.compile(r" (?:pages?|cards?)$", re.I)
_QUOTES = " \"'\u201c\u201d"
_TYPES = {kind.casefold(): kind for kind in GAME.card_types}
_AURAS = {aura for aura in AURA_TYPES if aura != "neutral"}


@dataclass(frozen=True)
class TextRestrictions:
    """The clauses read from a Page's text, and the sentences that look like a restriction but
    could not be read."""

    clauses: dict[str, list[str]] = field(default_factory=dict)
    unread: tuple[str, ...] = ()


@lru_cache(maxsize=4096)
def text_restrictions(name: str, text: str) -> TextRestrictions:
    """The Spellbook Restrictions the text of the Page called `name` states."""
    clauses: dict[str, list[str]] = {}
    unread: list[str] = []
    for sentence in sentences(text, name):
        for said, clause in _readings(name, sentence):
            if clause is None:
                unread.append(said)
            else:
                kind, values = clause
                clauses.setdefault(kind, []).extend(values)
    return TextRestrictions(clauses, tuple(unread))


def _readings(name: str, sentence: str) -> Iterator[tuple[str, tuple[str, list[str]] | None]]:
    """(sentence, clause or None) for each restriction in `sentence`, or what looks like one.

    A stop after a title may end a sentence all the same ("... with Ba Gen. ARENA: +10 LP."):
    when the whole does not read, the longest run of its parts cut at such stops that reads is
    the restriction ("Dr. Hollow and Ba Gen" before "Dr"), and the rest is read on its own."""
    pieces = _cut_at_titles(sentence)
    while pieces:
        for end in range(len(pieces), 0, -1):
            said = " ".join(pieces[:end])
            clause = _read(name, _plain(said)) if _LOOKS_LIKE.search(said) else None
            if clause is not None:
                break
        else:
            end, said = len(pieces), " ".join(pieces)
        if clause is not None or _LOOKS_LIKE.search(said):
            yield said, clause
        pieces = pieces[end:]


def _cut_at_titles(sentence: str) -> list[str]:
    """The sentence cut after each title or initial's stop that a capital follows."""
    cuts = [
        found.end()
        for found in re.finditer(_ABBREVIATION, sentence)
        if re.match(r"\s+[A-Z\u201c\"]", sentence[found.end() :])
    ]
    bounds = [0, *cuts, len(sentence)]
    return [sentence[start:end].strip() for start, end in itertools.pairwise(bounds)]


def _plain(sentence: str) -> str:
    """Spaces collapsed, no final mark: a final stop may also end a name ("Hollow Jr.")."""
    return " ".join(sentence.split()).rstrip("!? ").removesuffix(".")


def sentences(text: str, name: str = "") -> list[str]:
    """The sentences of a text, a full stop inside a Page name ("Dr. Hollow", the Page's own
    name whatever it holds) not ending one."""
    own = [re.escape(name)] if name.strip() else []
    sentence = re.compile(rf"(?:{'|'.join([*own, *_INSIDE])})+[.!?]*")
    return [found.strip() for found in sentence.findall(text) if found.strip()]


def _read(name: str, said: str) -> tuple[str, list[str]] | None:
    for family, self_side, wording in _WORDINGS:
        found = wording.match(said)
        if found is None:
            continue
        sides = {side: found.group(side).strip() for side in ("a", "b")}
        selves = [side for side, phrase in sides.items() if _is_self(phrase, name)]
        if len(selves) != 1 or (self_side is not None and selves != [self_side]):
            return None
        other = sides["b" if selves == ["a"] else "a"]
        return _object_clause(other, family)
    return None


def _is_self(said: str, name: str) -> bool:
    said = said.strip(_QUOTES)
    return re.fullmatch(_SELF, said, re.I) is not None or name_key(said) == name_key(name)


def name_key(name: str) -> str:
    """A Page name as restrictions compare it: by card identity (case, spacing and typography
    folded as everywhere), a final full stop dropped, as a sentence may swallow it ("... with
    Hollow Jr.")."""
    return identity(name).removesuffix(".")


def _object_clause(written: str, family: str) -> tuple[str, list[str]] | None:
    """What the Page may not (or may only) share a Spellbook with: a type, an Aura type, or Page
    names."""
    what = _DETERMINER.sub("", written)
    named = _NAMED.sub("", what)
    if named != what:  # "any Page named Bigfoot"
        return _names(named, family)
    # "with Flame Aura" names the Basic Aura Page; "with any Flame Aura Pages" is the Aura type.
    auras = what != written or _PAGES.search(what) is not None
    return _kinds(_PAGES.sub("", what), family, auras=auras) or _names(written, family)


def _kinds(what: str, family: str, *, auras: bool) -> tuple[str, list[str]] | None:
    """Page types ("Artifacts", "Artifact or Potion"), or with `auras` Aura types ("Flame",
    "Water Aura")."""
    parts = [part for part in _SEPARATORS.split(what.casefold()) if part]
    kinds = [_TYPES.get(_singular(part)) or _TYPES.get(part) for part in parts]
    if parts and all(kinds):
        return f"{family}_types", [kind.casefold() for kind in kinds if kind]
    aura_types = [part.removesuffix(" aura").removesuffix(" type") for part in parts]
    if auras and parts and all(aura in _AURAS for aura in aura_types):
        return f"{family}_aura", aura_types
    return None


def _singular(word: str) -> str:
    """A Page type's plural made singular: every type takes an "s" ("Beasties", "Terras")."""
    return word.removesuffix("s")


def _names(written: str, family: str) -> tuple[str, list[str]] | None:
    """Page names as written ("Headless Horseman or Dr. Hollow"); None unless every one looks
    like a name (see `looks_like_a_name`), so no description ("Beasties of the Forest tribe",
    "more than 3 Frost Auras") passes for a name that matches nothing."""
    names = [part.strip(_QUOTES) for part in _SEPARATORS.split(written) if part.strip(_QUOTES)]
    if not names or not all(looks_like_a_name(name) for name in names):
        return None
    return family, names


# Words that make a phrase a description of Pages rather than a Page's name.
_DESCRIBING = frozenset(
    {
        "all",
        "any",
        "each",
        "every",
        "fewer",
        "has",
        "have",
        "having",
        "her",
        "his",
        "its",
        "less",
        "more",
        "named",
        "called",
        "than",
        "that",
        "their",
        "which",
        "who",
        "whose",
    }
)
_DESCRIBED = frozenset({"tribe", "tribes", "trait", "traits", "type", "types"})
_NOT_IN_NAMES = re.compile(r"[:;!?()]")
_TITLE = re.compile(_ABBREVIATION.removeprefix(r"\b"))


def looks_like_a_name(name: str) -> bool:
    """A Page name: its first and last words begin with a capital or a digit (any words between,
    "Bigfoot of the Woods", "Bigfoot upon yon Hill"), it holds no word of a description ("that",
    "more", "its" ...) and no colon, semicolon, bracket or stop but after a title or an initial
    ("Dr. Hollow"), it does not end in "Tribe", "Trait" or "Type", and it does not open with
    plural Pages ("Beasties of the Forest", "Pages of ...")."""
    words = name.split()
    if not words or not all(_capital(word) for word in (words[0], words[-1])):
        return False
    folded = [word.casefold().strip(".,") for word in words]
    opening = folded[0]
    plural_pages = opening in {"pages", "cards"} or (
        opening != _singular(opening) and _singular(opening) in _TYPES
    )
    return not (
        plural_pages
        or _DESCRIBING.intersection(folded)
        or folded[-1] in _DESCRIBED
        or any(word.startswith(("(", "+", "-")) or _NOT_IN_NAMES.search(word) for word in words)
        # a stop inside a name follows a title or an initial; any other ends a sentence
        or any(word.endswith(".") and not _TITLE.fullmatch(word) for word in words[:-1])
    )


def _capital(word: str) -> bool:
    first = word.lstrip(_QUOTES)[:1]
    return first.isupper() or first.isdigit()
