"""A resolved deck frozen as JSON, every card's data included, and thawed back: what a test-game
job keeps so that it plays exactly the decks it was given whatever changes later, and what the
golden playthroughs store."""

from __future__ import annotations

from collections.abc import Mapping
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
    return Deck(
        game=game,
        sections={
            slug: tuple(
                Entry(
                    CardInfo(
                        key=line["key"],
                        name=line["name"],
                        type=line["type"],
                        text=line["text"],
                        attributes=line["attributes"],
                    ),
                    line["quantity"],
                )
                for line in lines
            )
            for slug, lines in frozen["sections"].items()
        },
    )
