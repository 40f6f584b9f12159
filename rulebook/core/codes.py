"""The issue codes every game's reports can carry: the stable contract clients switch on.

Each game's ruleset lists its own codes beside these (`Ruleset.codes`); the API's schema
enumerates them all, and the test suite refuses any report that carries a code its game does
not list (tests/conftest.py), so a new code is declared here or in its game before it ships.
"""

from __future__ import annotations

COMMON_CODES: dict[str, str] = {
    # Resolution: a requested line that names no card (rulebook.core.resolve).
    "card.unknown": "No card has this name, key or id; `suggestions` offers near names.",
    "card.ambiguous": "Several cards share this name: name one by its key or printing.",
    "card.mismatch": "The line's name and key (or id) name different cards.",
    "section.unknown": "The game has no section by this name.",
    "printing.unknown": "Warning: the card has no such printing; its copies count all the same.",
    "decklist.unreadable": "A line of a text decklist cannot be read (`line`, `text`).",
    # Every game's shared checks (rulebook.core.ruleset).
    "card.section": "A card of a type this section may not hold.",
    "card.banned": "The format's list bans this card.",
    "card.restricted": "The deck holds more copies than the format's list allows (`limit`).",
    "copies.limit": "More copies of one card than the game's rules allow (`limit`).",
}
