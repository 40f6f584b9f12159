"""Database cards for the validation tests: the invented Neopets test cards of
tests/rulebook/core/factories.py, and a few invented Millennium Blades cards."""

from __future__ import annotations

import pytest

from cards.models import Card, Game
from rulebook.core.decklist import write_decklist
from rulebook.neopets.cards import GAME as NEOPETS
from tests.rulebook.core.factories import ALL_CARDS, legal_entries

MB_SINGLES = [f"Test Single {n}" for n in range(10)]


@pytest.fixture
def neopets_cards(db) -> dict[str, Card]:
    game = Game.objects.get(slug="neopets")
    return {
        info.name: Card.objects.create(
            game=game,
            key=info.key,
            name=info.name,
            type=info.type,
            attributes=dict(info.attributes),
            is_sample=True,
        )
        for info in ALL_CARDS
    }


@pytest.fixture
def mb_cards(db) -> list[Card]:
    game = Game.objects.get(slug="millennium-blades")
    return [
        Card.objects.create(game=game, key=f"test-single-{n}", name=name, type="Single")
        for n, name in enumerate(MB_SINGLES)
    ]


def sections_body(entries=None) -> dict:
    """The JSON-sections request for entries (default: the legal deck)."""
    sections: dict[str, list[dict]] = {slug: [] for slug in NEOPETS.section_slugs}
    for entry in legal_entries() if entries is None else entries:
        sections[entry.section].append({"name": entry.name, "quantity": entry.quantity})
    return {"game": "neopets", "sections": sections}


def legal_text() -> str:
    return write_decklist(NEOPETS, legal_entries())
