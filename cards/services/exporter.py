"""Exporting a game's cards in the card data format (see `cards.cardfile`).

The output is canonical: sets sorted by code, cards by key, printings by set and number,
attribute objects by key, every field written. So export, import into an empty database and
export again gives the same bytes, on SQLite and PostgreSQL alike.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch

from rulebook.core.identity import differing_namesakes

from ..models import Card, CardSet, Printing


def cards_export(*, game: str) -> dict[str, Any]:
    """Every set, catalogue card and printing of a game, as the card data format's dict.

    User-made cards stay out: they belong to their authors, not to the catalogue a card file
    describes (imported back, they would become catalogue cards)."""
    sets = sorted(CardSet.objects.filter(game__slug=game).order_by(), key=lambda s: s.code)
    printings = Prefetch("printings", queryset=Printing.objects.select_related("set").order_by())
    cards = sorted(
        Card.objects.filter(game__slug=game, owner__isnull=True)
        .order_by()
        .prefetch_related(printings),
        key=lambda card: card.key,
    )
    differing = differing_namesakes(cards)
    return {
        "game": game,
        "sets": [_set_data(card_set) for card_set in sets],
        "cards": [_card_data(card, card.key in differing) for card in cards],
    }


def _set_data(card_set: CardSet) -> dict[str, Any]:
    return {
        "code": card_set.code,
        "name": card_set.name,
        "released": card_set.released.isoformat() if card_set.released else None,
        "sample": card_set.is_sample,
    }


def _card_data(card: Card, distinct_namesake: bool) -> dict[str, Any]:
    """A card's record; `distinct_namesake` when it shares its name with a card of other rules,
    so the file imports again as it was exported."""
    printings = sorted(card.printings.all(), key=lambda p: (p.set.code, p.number))
    marker = {"distinct_namesake": True} if distinct_namesake else {}
    return {
        "key": card.key,
        "name": card.name,
        "type": card.type,
        "text": card.text,
        "attributes": _canonical(card.attributes),
        "sample": card.is_sample,
        "printings": [
            {
                "set": printing.set.code,
                "number": printing.number,
                "rarity": printing.rarity,
                "image_url": printing.image_url,
            }
            for printing in printings
        ],
        **marker,
    }


def _canonical(value: Any) -> Any:
    """JSON with object keys sorted at every depth (PostgreSQL's jsonb reorders them)."""
    if isinstance(value, dict):
        return {key: _canonical(value[key]) for key in sorted(value)}
    if isinstance(value, list):
        return [_canonical(item) for item in value]
    return value
