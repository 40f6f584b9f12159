"""Keeper decks through POST /api/v1/validate/: the sample cards, and a user-made card whose
printed cost is wrong (rulebook "Setup and Deck Building"; guide "Resource Cost")."""

import json
from pathlib import Path

import pytest

from cards.models import Card, Game
from cards.services.importer import cards_import

SAMPLE_FILE = Path(__file__).resolve().parents[2] / "cards" / "sample_data" / "keeper.json"


@pytest.fixture
def samples(db):
    cards_import(data=json.loads(SAMPLE_FILE.read_text(encoding="utf-8")), source=str(SAMPLE_FILE))


def validate(api, deck):
    return api.post(
        "/api/v1/validate/", {"game": "keeper", "sections": {"deck": deck}}, format="json"
    )


def spell(name: str, text: str, *, cost: int) -> Card:
    """A Spell of the 11th edition, stored as a user-made card would be."""
    return Card.objects.create(
        game=Game.objects.get(slug="keeper"),
        key=name.lower().replace(" ", "-"),
        name=name,
        type="Spell",
        text=text,
        attributes={"cost": cost, "edition": 11},
    )


def test_it_accepts_a_40_card_deck_of_sample_cards(api, samples):
    deck = [{"name": "Ember Sprite", "quantity": 20}, {"name": "Healing Spring", "quantity": 20}]
    response = validate(api, deck)
    assert response.status_code == 200
    body = response.json()
    assert body["legal"] is True, body
    assert body["counts"] == {"deck": 40}


def test_it_reports_a_user_made_card_with_a_wrong_printed_cost(api, samples):
    spell("Overpriced Oracle", "Draw 2 cards.", cost=6)
    deck = [{"name": "Overpriced Oracle", "quantity": 1}, {"name": "Ember Sprite", "quantity": 38}]
    body = validate(api, deck).json()
    assert body["legal"] is False
    assert sorted(error["code"] for error in body["errors"]) == ["card.cost", "deck.size"]
    cost_error = next(error for error in body["errors"] if error["code"] == "card.cost")
    assert cost_error["printed_cost"] == 6 and cost_error["computed_cost"] == 4


def test_a_user_made_card_of_text_no_component_says_makes_the_deck_illegal(api, samples):
    """Guide, "Constructing Abilities": a card is built only from the guide's components, so a
    deck holding "Win the game." is illegal, the error offering the nearest components."""
    spell("Instant Victory", "Win the game.", cost=1)
    deck = [{"name": "Instant Victory", "quantity": 1}, {"name": "Ember Sprite", "quantity": 39}]
    body = validate(api, deck).json()
    assert body["legal"] is False
    (error,) = body["errors"]
    assert error["code"] == "card.unparsed" and error["cards"] == ["Instant Victory"]
    assert error["text"] == "Win the game." and error["nearest"]
