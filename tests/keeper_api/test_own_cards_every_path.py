"""One answer for a user's own cards on every path (issue 29): a Keeper deck of its owner's own
builder cards (Card Building Guide: players make their own cards) is legal through /validate/ as
JSON, as text and in the batch, with a token as with every other operation, as it is stored; a
bad token is a 401 and anonymous use stays allowed, without the private card."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

SEER = {"name": "Zanzibar Seer", "type": "Spell", "text": "Draw 3 cards.", "edition": 11}
TEXT = "Deck:\n40 Zanzibar Seer\n"


@pytest.fixture(autouse=True)
def keeper(db):
    from django.core.management import call_command

    call_command("load_samples", verbosity=0)


@pytest.fixture
def token_api(alice) -> APIClient:
    from api.tokens import token_create

    _, key = token_create(user=alice, name="laptop")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert client.post("/api/v1/keeper/cards/", SEER, format="json").status_code == 201
    return client


def test_validate_with_a_token_reads_the_users_own_cards_as_json_and_text(token_api):
    by_name = {"game": "keeper", "sections": {"deck": [{"name": "Zanzibar Seer", "quantity": 40}]}}
    assert token_api.post("/api/v1/validate/", by_name, format="json").json()["legal"] is True
    as_text = {"game": "keeper", "text": TEXT}
    assert token_api.post("/api/v1/validate/", as_text, format="json").json()["legal"] is True


def test_the_batch_with_a_token_reads_the_users_own_cards(token_api):
    body = {"decks": [{"id": "mine", "game": "keeper", "text": TEXT}]}
    answer = token_api.post("/api/v1/validate/batch/", body, format="json").json()
    assert answer["results"][0]["legal"] is True, answer


def test_a_stored_decks_text_export_pasted_back_is_legal_for_its_owner(token_api):
    stored = token_api.post(
        "/api/v1/decks/import/", {"name": "Seers", "game": "keeper", "text": TEXT}, format="json"
    )
    assert stored.status_code == 201, stored.json()
    deck_id = stored.json()["id"]
    exported = token_api.get(f"/api/v1/decks/{deck_id}/export/?format=text")
    assert exported.status_code == 200
    text = exported.content.decode()
    assert "Zanzibar Seer" in text
    again = token_api.post("/api/v1/validate/", {"game": "keeper", "text": text}, format="json")
    assert again.json()["legal"] is True


@pytest.mark.parametrize("url", ["/api/v1/validate/", "/api/v1/validate/batch/"])
def test_a_bad_token_is_a_401_as_everywhere(url):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token not-a-token")
    body = {"game": "keeper", "text": TEXT}
    if url.endswith("batch/"):
        body = {"decks": [{"id": "x", **body}]}
    answer = client.post(url, body, format="json")
    assert answer.status_code == 401 and answer["WWW-Authenticate"].startswith("Token")


def test_anonymous_use_stays_allowed_without_the_private_card(token_api):
    answer = APIClient().post("/api/v1/validate/", {"game": "keeper", "text": TEXT}, format="json")
    assert answer.status_code == 200
    assert [e["code"] for e in answer.json()["errors"]] == ["card.unknown"]
