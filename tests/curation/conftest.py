"""Curation tests, healthchecks-style: Alice curates Neopets, Bob proposes, Charlie is nobody
in particular ("Charlie should have no access to Bob's proposals")."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from cards.models import Card, CardSet, Game
from curation.services import curator_grant
from tests.validation.conftest import neopets_cards  # noqa: F401 (the test deck's cards)


@pytest.fixture
def neopets(db) -> Game:
    return Game.objects.get(slug="neopets")


@pytest.fixture
def alice_curates(alice, neopets):
    return curator_grant(user=alice, game="neopets", granted_by=None)


@pytest.fixture
def bob_api(bob) -> APIClient:
    client = APIClient()
    client.force_authenticate(bob)
    return client


@pytest.fixture
def test_set(neopets) -> CardSet:
    return CardSet.objects.create(game=neopets, code="TST", name="Test Set")


@pytest.fixture
def omelette(neopets) -> Card:
    """A stored catalogue card to change."""
    return Card.objects.create(
        game=neopets, key="omelette", name="Omelette", type="Food", text="Heal 1 HP."
    )


def food(name: str, **changes) -> dict:
    """A card-file Food card."""
    return {"name": name, "type": "Food", "text": "Heal 1 HP.", **changes}


def propose(client: APIClient, card: dict, kind: str = "new", **extra):
    body = {"game": "neopets", "kind": kind, "card": card, "reason": "I hold it", **extra}
    return client.post("/api/v1/proposals/", body, format="json")
