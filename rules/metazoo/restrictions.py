"""Spellbook Restrictions written in a Page's rules text (Static Effects: Spellbook Restrictions,
p. 25): "These effects will include a clause similar to 'You may not include this Page in a
Spellbook-', '[Page Name] may not be included in a Spellbook with-', or any other effects
written similarly."

A sentence in one of the rulebook's two wordings is read into the clauses of the `restrictions`
attribute (construction.RESTRICTION_CLAUSES): "... with Headless Horseman" (a Page name, or
several joined by commas, "or", "and", "nor"), "... with any Artifact" (a Page type), "... with
any Water Pages" (an Aura type). A sentence that looks like a restriction (it forbids something
about a Spellbook) but is not in one of those shapes is returned as unread, for a warning:
never passed in silence.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from .cards import AURA_TYPES, GAME

_SENTENCE = re.compile(r"[^.!?]+[.!?]?")
_SELF = r"(?:this page|this card)"
# The rulebook's two wordings: (subject, object) where one side is this Page.
_NOT = r"(?:may not|cannot|can't|can not)"
_WORDINGS = (
    re.compile(rf"^you {_NOT} include {_SELF} in (?:a|your) spellbook with (?P<object>.+)$", re.I),
    re.compile(
        rf"^(?P<subject>.+?) {_NOT} be included in (?:a|your) spellbook with (?P<object>.+)$",
        re.I,
    ),
)
_LOOKS_LIKE = re.compile(
    r"spellbook.*\b(?:may not|cannot|can't|can not|must not|not be)\b|"
    r"\b(?:may not|cannot|can't|can not|must not|not be)\b.*spellbook",
    re.I,
)
_SEPARATORS = re.compile(r"\s*(?:,\s*(?:or|and|nor)?|\bor\b|\band\b|\bnor\b)\s*")
_ANY = re.compile(r"^(?:any|an?|other) ", re.I)
_PAGES = re.compile(r" (?:pages?|cards?)$", re.I)
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
    for sentence in _SENTENCE.findall(text):
        said = _plain(sentence)
        if not _LOOKS_LIKE.search(said):
            continue
        clause = _read(name, said)
        if clause is None:
            unread.append(sentence.strip())
        else:
            kind, values = clause
            clauses.setdefault(kind, []).extend(values)
    return TextRestrictions(clauses, tuple(unread))


def _plain(text: str) -> str:
    """Curly apostrophes straightened, spaces collapsed, no final stop; case kept (a Page name
    is told by its capitals)."""
    text = text.replace("\u2019", "'").replace("\u2018", "'")
    return " ".join(text.split()).rstrip(".!? ")


def _read(name: str, said: str) -> tuple[str, list[str]] | None:
    for wording in _WORDINGS:
        found = wording.match(said)
        if found is None:
            continue
        subject, thing = found.groupdict().get("subject"), found.group("object")
        if subject is None or _is_self(subject, name):
            return _object_clause(thing)
        if _is_self(thing, name):  # "Bigfoot may not be included ... with this Page"
            return _names(subject)
        return None
    return None


def _is_self(said: str, name: str) -> bool:
    return re.fullmatch(_SELF, said, re.I) is not None or said.casefold() == name.casefold()


def _object_clause(written: str) -> tuple[str, list[str]] | None:
    """What the Page may not share a Spellbook with: a type, an Aura type, or Page names."""
    what = _ANY.sub("", written)
    # "with Flame Aura" names the Basic Aura Page; "with any Flame Aura Pages" is the Aura type.
    return _kinds(_PAGES.sub("", what), auras=what != written) or _names(written)


def _kinds(what: str, *, auras: bool) -> tuple[str, list[str]] | None:
    """Page types ("Artifacts", "Artifact or Potion"), or with `auras` Aura types ("Flame",
    "Water Aura")."""
    whats = [part for part in _SEPARATORS.split(what.casefold()) if part]
    kinds = [_TYPES.get(what.removesuffix("s")) or _TYPES.get(what) for what in whats]
    if all(kinds):
        return "not_with_types", [kind.casefold() for kind in kinds if kind]
    aura_types = [what.removesuffix(" aura").removesuffix(" type") for what in whats]
    if auras and all(aura in _AURAS for aura in aura_types):
        return "not_with_aura", aura_types
    return None


def _names(written: str) -> tuple[str, list[str]] | None:
    """Page names as written ("Headless Horseman or Bigfoot"); None unless every one looks like
    a title (each word capitalised but a few short ones inside), so no description ("Beasties
    of the Forest tribe", "any Page that has ...") passes for a name that matches nothing."""
    names = [part.strip(" \"'\u201c\u201d") for part in _SEPARATORS.split(written) if part.strip()]
    if not names or not all(_is_title(name) for name in names):
        return None
    return "not_with", names


_MINOR_WORDS = frozenset(
    {"a", "an", "and", "at", "by", "for", "from", "in", "of", "on", "the", "to"}
)


def _is_title(name: str) -> bool:
    words = name.split()
    capitalised = [word[:1].isupper() or word[:1].isdigit() for word in words]
    return (
        bool(words)
        and capitalised[0]
        and capitalised[-1]
        and all(cap or word in _MINOR_WORDS for word, cap in zip(words, capitalised, strict=True))
    )
