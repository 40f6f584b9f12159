"""A resolved deck frozen as JSON, every card's data included, and thawed back: what a test-game
job keeps so that it plays exactly the decks it was given whatever changes later, and what the
golden playthroughs store."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .cards import CardInfo, Deck, Entry


def deck_freeze(deck: Deck) -> dict[str, Any]:
    """`{"sections": {slug: [{key, name, type, text, attributes, quantity}, ...]}}`."""
    return {
        "sections": {
            slug: [
                {
                    "key": entry.card.key,
                    "name": entry.card.name,
                    "type": entry.card.type,
                    "text": entry.card.text,
                    "attributes": dict(entry.card.attributes),
                    "quantity": entry.quantity,
                }
                for entry in entries
            ]
            for slug, entries in deck.sections.items()
        }
    }


def deck_thaw(game: str, frozen: Mapping[str, Any]) -> Deck:
    """The Deck a frozen deck describes (the inverse of deck_freeze)."""
    return decks_thaw(game, [frozen])[0]


def decks_thaw(game: str, decks: Iterable[Mapping[str, Any]]) -> list[Deck]:
    """The Decks frozen decks describe, a card frozen alike in several of them thawed once, as
    one object (so an engine compiles it once for them all: cards.CompiledCards)."""
    thawed: dict[str, tuple[Mapping[str, Any], CardInfo]] = {}

    def card(line: Mapping[str, Any]) -> CardInfo:
        held = thawed.get(line["key"])
        if held is None or any(held[0][part] != line[part] for part in _CARD_PARTS):
            info = CardInfo(
                key=line["key"],
                name=line["name"],
                type=line["type"],
                text=line["text"],
                attributes=line["attributes"],
            )
            held = thawed[line["key"]] = (line, info)
        return held[1]

    return [
        Deck(
            game=game,
            sections={
                slug: tuple(Entry(card(line), line["quantity"]) for line in lines)
                for slug, lines in frozen["sections"].items()
            },
        )
        for frozen in decks
    ]


# What a frozen line says of its card (all but its quantity).
_CARD_PARTS = ("name", "type", "text", "attributes")
