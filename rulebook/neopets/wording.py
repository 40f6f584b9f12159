"""The construction-affecting wordings of a Neopets card's text, read from the text itself.

Golden Rules: "Whenever card text contradicts the game's rules, the card text takes
precedence." So what a card's text says about building a deck is read from its text, and a data
flag may not say otherwise (the importer refuses one that does, naming the card and the field):
- "This card begins the game in your Rainbow Pool" (7.9.4, 8.2.1): the card goes in the Rainbow
  Pool and is not one of its ten;
- "can be collected as a Map Piece" (7.10.1; "Collect this card as a Map Piece" is written
  similarly): the card is a Map Piece, one copy per deck (7.10.2);
- "any number of copies of this card" (or "of cards named <its name>"): no copy limit, as
  Codestones (7.11.2).
Texts are compared as names are (rulebook.core.identity), so typographic variants read the same.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from rulebook.core.identity import identity

BEGINS_IN_RAINBOW_POOL = "begins_in_rainbow_pool"
MAP_PIECE_WORDING = "map_piece"
ANY_NUMBER = "any_number"

_WORDINGS = {
    BEGINS_IN_RAINBOW_POOL: re.compile(r"\bbegins? the game in (?:your|the) rainbow pool\b"),
    MAP_PIECE_WORDING: re.compile(r"\bcollect(?:ed)?\b[^.]*?\bas an? map piece\b"),
    ANY_NUMBER: re.compile(r"\bany number of (?:copies of this card|(?:cards|copies) named (.+?))"
                           r"(?:[.,;:]|$)"),
}


@lru_cache(maxsize=4096)  # the same few hundred texts, asked about for every deck
def _wordings(text: str) -> frozenset[str]:
    """The wordings the text carries; "any number of cards named X" as `any_number:x`."""
    folded = identity(text)
    said = set()
    for wording, pattern in _WORDINGS.items():
        match = pattern.search(folded)
        if match is not None:
            named = match.groups()[0] if match.groups() else None
            said.add(wording if named is None else f"{wording}:{identity(named)}")
    return frozenset(said)


def wordings(text: str, name: str) -> frozenset[str]:
    """Which construction wordings the card's text carries (`name` is the card's own name:
    "any number of cards named" another card says nothing about this one)."""
    said = _wordings(text)
    if not said or not any(":" in wording for wording in said):
        return said
    own = f"{ANY_NUMBER}:{identity(name)}"
    return frozenset(
        ANY_NUMBER if wording == own else wording
        for wording in said
        if ":" not in wording or wording == own
    )


def flag_problems(
    card_type: str, name: str, text: str, attributes: Mapping[str, Any]
) -> list[tuple[str, str]]:
    """(field, message) for each construction flag the card's own text contradicts. A card
    without text has nothing to contradict its data."""
    flag = attributes.get(BEGINS_IN_RAINBOW_POOL)
    if not text.strip() or flag is None:
        return []
    said = BEGINS_IN_RAINBOW_POOL in wordings(text, name)
    if bool(flag) == said:
        return []
    quoted = '"This card begins the game in your Rainbow Pool"'
    return [
        (
            f"attributes.{BEGINS_IN_RAINBOW_POOL}",
            f"is {str(bool(flag)).lower()}, but the card's text "
            f"{'says' if said else 'does not say'} {quoted}; card text takes precedence "
            f"(Golden Rules): make the flag agree with the text or leave it out",
        )
    ]
