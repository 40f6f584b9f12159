"""Sample cards and decks for the test-game tests (all sample data, none real)."""

from __future__ import annotations

import json

import pytest

from cards.models import Card, Game
from rulebook.cardfile import read_cards
from rulebook.samples import MILLENNIUM_BLADES as MILLENNIUM_BLADES_SAMPLES
from rulebook.samples import NEOPETS as NEOPETS_SAMPLES
from rulebook.simulation import ENGINES, run_chunk


@pytest.fixture(autouse=True)
def small_chunks(settings) -> None:
    """Chunks as small as a test likes: many small chunks exercise the life cycle quickly. The
    tests of the limits (test_limits.py) set the limits they check."""
    settings.DECKWARDEN_SIMULATION_MIN_CHUNK_GAMES = 1
    settings.DECKWARDEN_SIMULATION_MIN_CHUNK_GAMES_ANONYMOUS = 1


def inline(name: str) -> dict:
    """A sample deck in the request shape /validate/ takes: sections of entries by name."""
    sections: dict[str, list[dict]] = {}
    for entry in NEOPETS_SAMPLES.entries(name):
        sections.setdefault(entry.section, []).append(
            {"name": entry.name, "quantity": entry.quantity}
        )
    return {"sections": sections}


def in_process_result(games: int, seed: int) -> dict:
    """strong against weak, `games` games from `seed`, played here in one chunk."""
    engine = ENGINES["neopets"]
    deck_a, deck_b = (
        engine.prepare(NEOPETS_SAMPLES.deck("strong")),
        engine.prepare(NEOPETS_SAMPLES.deck("weak")),
    )
    return run_chunk(engine, deck_a, deck_b, job_seed=seed, first_game=0, count=games).result()


@pytest.fixture
def neopets_cards(db) -> list[Card]:
    """The Neopets sample cards, in the database."""
    game = Game.objects.get(slug="neopets")
    return Card.objects.bulk_create(
        Card(
            game=game,
            key=card.key,
            name=card.name,
            type=card.type,
            text=card.text,
            attributes=dict(card.attributes),
            is_sample=True,
        )
        for card in read_cards(json.loads(NEOPETS_SAMPLES.cards_file.read_text()))
    )


@pytest.fixture
def mb_cards(db) -> list[Card]:
    """The Millennium Blades sample cards, in the database."""
    game = Game.objects.get(slug="millennium-blades")
    return Card.objects.bulk_create(
        Card(
            game=game,
            key=card.key,
            name=card.name,
            type=card.type,
            text=card.text,
            attributes=dict(card.attributes),
            is_sample=True,
        )
        for card in read_cards(json.loads(MILLENNIUM_BLADES_SAMPLES.cards_file.read_text()))
    )
