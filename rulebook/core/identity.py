"""Card identity: how every path compares card names and species (one function, one answer).

A name typed into the API, read from a text decklist or a card file, or stored in the database
is compared after Unicode compatibility normalisation (NFKC: a full-width or ligature letter is
the letter, an ellipsis is three full stops), the typographic variants phones and word processors
type folded to the plain ones (curly apostrophes and quotes, primes, hyphens and dashes), invisible
characters dropped (zero-width spaces and joiners, soft hyphens, byte-order marks), case folding
(`casefold`, so "STRASSE" is "Straße") and whitespace collapsing (leading, trailing and repeated
spaces, tabs and no-break spaces do not make a new name). The CLI, the API, the importer and
every ruleset call `identity`; nothing compares names otherwise (issue 14: "Jhudora\u2019s Bluff" is
"Jhudora's Bluff" for lookups and copy limits alike).
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any, Protocol

# What people type for an apostrophe, a quotation mark or a hyphen, as the plain character; and
# the invisible characters a paste carries, as nothing. NFKC keeps all of these as they are.
_TYPOGRAPHY = str.maketrans(
    {
        # a backtick or an acute accent typed for an apostrophe too (issue 29)
        **dict.fromkeys("\u2018\u2019\u201a\u201b\u2032\u2035\u02bc`\u00b4", "'"),
        **dict.fromkeys("\u201c\u201d\u201e\u201f\u2033\u2036\u00ab\u00bb", '"'),
        **dict.fromkeys("\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63", "-"),
        **dict.fromkeys("\u200b\u200c\u200d\u2060\ufeff\u00ad", ""),
    }
)


@lru_cache(maxsize=16_384)  # the same few thousand names and species, folded again and again
def identity(text: str) -> str:
    """The form in which two names (or species) are the same exactly when they are equal."""
    # NFKC leaves ASCII alone and casefold is lower: the common case, fast (a backtick is folded)
    if text.isascii() and "`" not in text:
        return " ".join(text.lower().split())
    folded = unicodedata.normalize("NFKC", text.translate(_TYPOGRAPHY)).casefold()
    # Case folding can undo a normalisation (e.g. of some Greek letters): normalise again.
    return " ".join(unicodedata.normalize("NFKC", folded).split())


def typographic(text: str) -> str:
    """A text with its typography folded as `identity` folds it (NFKC, apostrophes, quotes,
    dashes, invisible characters), case and spacing kept: what a grammar reads."""
    if text.isascii() and "`" not in text:
        return text
    return unicodedata.normalize("NFKC", text.translate(_TYPOGRAPHY))


def tidy(text: str) -> str:
    """A name as people should see it: NFKC and single spaces, case kept."""
    return " ".join(unicodedata.normalize("NFKC", text).split())


def rules_identity(name: str, card_type: str, text: str, attributes: Mapping[str, Any]) -> str:
    """What makes two cards one card: the same name, type, rules text and attributes, the name
    and text compared by their `wording`. Keys, sets, numbers and art are never part of it, so
    a card entered twice under two keys is still one card (Neopets CR 6.7.2), and a reprint set
    with other punctuation ("Draw 1, then discard 1" and "Draw 1 then discard 1", a final full
    stop) is one card everywhere: its copy limit, its Spellbook Limit, a ban or restriction on
    either printing, a lookup by name (MetaZoo p. 40, functionally the same Page; issues 29 and
    38: the one identity every rule compares)."""
    return json.dumps(
        [wording(name), card_type, wording(text), attributes], sort_keys=True, default=str
    )


# After `identity` every apostrophe is "'" and every hyphen "-": dropped inside words ("can't"
# and "cant", "re-roll" and "reroll"); a sign before a number is kept ("+1" is not "-1", nor
# "1"); any other punctuation is a space.
_JOINERS = re.compile(r"'|-(?!\d)")
_PUNCTUATION = re.compile(r"(?![+-]\d)[^\w\s]")


@lru_cache(maxsize=16_384)
def wording(text: str) -> str:
    """The words of a text as a reprint may set them differently: folded as `identity` folds
    names, apostrophes and hyphens between letters dropped, other punctuation (but a number's
    sign) a space, spaces collapsed."""
    text = _PUNCTUATION.sub(" ", _JOINERS.sub("", identity(text)))
    return " ".join(text.split())


class Named(Protocol):
    """A card as `differing_namesakes` reads it (read-only: a frozen CardInfo is one)."""

    @property
    def key(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def type(self) -> str: ...
    @property
    def text(self) -> str: ...
    @property
    def attributes(self) -> Mapping[str, Any]: ...


def differing_namesakes(cards: Iterable[Named]) -> dict[str, list[str]]:
    """For each card sharing its name (by `identity`) with a card of other rules, the keys of
    those namesakes. Such cards are different cards (MetaZoo Pages may be), so a card file
    must say so with `"distinct_namesake": true`; unsaid, it is most likely one card entered
    twice with a mistake, and the importer refuses it."""
    by_name: dict[str, list[Named]] = {}
    for card in cards:
        by_name.setdefault(identity(card.name), []).append(card)
    differing: dict[str, list[str]] = {}
    for namesakes in by_name.values():
        rules = {
            card.key: rules_identity(card.name, card.type, card.text, card.attributes)
            for card in namesakes
        }
        for card in namesakes:
            others = sorted(key for key, other in rules.items() if other != rules[card.key])
            if others:
                differing[card.key] = others
    return differing
