"""Decks of the MetaZoo sample Pages (cards/sample_data/metazoo.json), built without Django."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from rulebook.cardfile import read_cards
from rulebook.core.cards import CardInfo, Deck, Entry, FormatInfo

SAMPLE_FILE = Path(__file__).resolve().parents[3] / "cards" / "sample_data" / "metazoo.json"
STANDARD = FormatInfo(slug="standard", name="MetaZoo standard", ruleset="metazoo")


@cache
def pages() -> dict[str, CardInfo]:
    """The sample Pages by key."""
    return {card.key: card for card in read_cards(json.loads(SAMPLE_FILE.read_text()))}


def deck(spellbook: dict[str, int], archive: dict[str, int] | None = None) -> Deck:
    """A deck from {card key: copies} per section."""
    return Deck(
        game="metazoo",
        sections={
            "spellbook": _entries(spellbook),
            "archive": _entries(archive or {}),
        },
    )


def _entries(copies: dict[str, int]) -> tuple[Entry, ...]:
    return tuple(Entry(pages()[key], quantity) for key, quantity in copies.items())


# 40 Pages: Basic Aura (any number), Pages under their limits, a Page with no limit.
LEGAL_SPELLBOOK = {
    "flame-aura": 14,
    "forest-aura": 10,
    "sample-ember-pup": 4,
    "napa-rebobs": 3,
    "fireball": 3,
    "sample-river-otter": 6,
}
LEGAL_ARCHIVE = {"sample-cinder-drake": 2, "sample-moss-gnome": 3}
