"""Tokens a Spellbook or Archive may hold: "Tokens ... cannot be added to a Spellbook or Archive
unless otherwise specified by an Effect" (Page Types: Tokens, p. 7).

The Effect read here is the Token's own text saying so, in the words the rulebook uses for
Spellbooks, as a sentence of its own: "This Token may be included in a Spellbook", "You may
include this Token in your Spellbook or Archive", "This Token can be added to a Spellbook". It
names the sections it opens: a Token whose text speaks only of a Spellbook may be in the
Spellbook, not the Archive.
"""

from __future__ import annotations

import re
from functools import lru_cache

from rulebook.core.construction_text import sentences

_SELF = r"(?:this (?:token|page|card))"
_MAY = r"(?:may|can)"
# The whole sentence, in construction words ("included", "added", as p. 7 says them): an in-game
# Effect ("When this Token leaves the Arena, shuffle it into your Spellbook") allows nothing.
_PERMITS = tuple(
    re.compile(pattern, re.I)
    for pattern in (
        rf"^{_SELF} {_MAY} (?:also )?be (?:included in|added to) (?P<where>.+)$",
        rf"^you {_MAY} (?:also )?(?:include {_SELF} in|add {_SELF} to) (?P<where>.+)$",
    )
)
_NEGATED = re.compile(r"\b(?:not|cannot|can't|can\u2019t|only)\b", re.I)
_SECTIONS = {slug: re.compile(rf"\b{slug}\b", re.I) for slug in ("spellbook", "archive")}


@lru_cache(maxsize=1024)
def token_sections(text: str) -> frozenset[str]:
    """The sections ("spellbook", "archive") a Token's text says it may be included in."""
    opened: set[str] = set()
    for sentence in sentences(text):
        said = " ".join(sentence.split()).rstrip(".!? ")
        if _NEGATED.search(said):
            continue
        for permits in _PERMITS:
            found = permits.match(said)
            if found is not None:
                where = found.group("where")
                opened |= {slug for slug, named in _SECTIONS.items() if named.search(where)}
    return frozenset(opened)
