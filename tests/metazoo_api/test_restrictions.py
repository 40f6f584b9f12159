"""Spellbook Restrictions (p. 25) and Tokens (p. 7) through POST /api/v1/validate/, as clients send
a deck: Pages named by name, the restriction read from the Page's text."""

from __future__ import annotations

import json

import pytest

from cards.models import Card, Game
from cards.services.importer import cards_import
from tests.rulebook.metazoo.factories import LEGAL_SPELLBOOK, SAMPLE_FILE


@pytest.fixture
def sample_pages(db):
    cards_import(data=json.loads(SAMPLE_FILE.read_text()), source=SAMPLE_FILE.name)


def page(key: str, name: str, card_type: str, text: str) -> Card:
    return Card.objects.create(
        game=Game.objects.get(slug="metazoo"), key=key, name=name, type=card_type, text=text
    )


def validate(api, *extra: dict):
    spellbook = [{"key": key, "quantity": copies} for key, copies in LEGAL_SPELLBOOK.items()]
    body = {"game": "metazoo", "sections": {"spellbook": [*spellbook, *extra]}}
    return api.post("/api/v1/validate/", body, format="json").json()


def test_a_restriction_naming_a_page_with_a_full_stop_holds_p25(api, sample_pages):
    page("dr-hollow", "Dr. Hollow", "Spell", "")
    page("loner", "Loner", "Spell", "You may not include this Page in a Spellbook with Dr. Hollow.")
    body = validate(api, {"name": "Loner", "quantity": 1}, {"name": "dr. hollow", "quantity": 1})
    assert body["legal"] is False
    (error,) = body["errors"]
    assert error["code"] == "spellbook.restriction"
    assert error["cards"] == ["Loner", "Dr. Hollow"]


def test_only_forest_pages_refuses_the_flame_pages_p25(api, sample_pages):
    text = "Only Forest Pages may be included in a Spellbook with this Page."
    page("forest-hermit", "Forest Hermit", "Spell", text)
    body = validate(api, {"name": "Forest Hermit", "quantity": 1})
    assert [error["code"] for error in body["errors"]] == ["spellbook.restriction"]
    assert "Flame Aura" in body["errors"][0]["cards"]
    assert body["errors"][0]["restriction"] == {
        "only_with": [],
        "kinds": [{"type": None, "aura": "forest"}],
    }


def test_a_token_its_text_allows_counts_in_the_spellbook_p7(api, sample_pages):
    page("ally-token", "Ally Token", "Token", "This Token may be included in a Spellbook.")
    allowed = validate(api, {"name": "Ally Token", "quantity": 1})
    assert allowed["legal"] is True and allowed["counts"] == {"spellbook": 41, "archive": 0}
    refused = validate(api, {"key": "sample-spirit-token", "quantity": 1})
    assert [error["code"] for error in refused["errors"]] == ["card.token"]
