"""User-made Keeper cards: saved from the builder, private to their author until shared, usable
in the author's decks and checked like any Keeper card (guide "Resource Cost")."""

import json
from pathlib import Path

import pytest
from rest_framework.test import APIClient

from cards.models import Card
from cards.services.exporter import cards_export
from cards.services.importer import cards_import
from cards.services.user_cards import (
    KeeperCardDraft,
    UserCardRefused,
    keeper_card_save,
    user_card_share,
)

SAMPLE_FILE = Path(__file__).resolve().parents[2] / "cards" / "sample_data" / "keeper.json"
ORACLE = KeeperCardDraft(name="Alice's Oracle", type="Spell", text="Draw 2 cards.", edition=11)


@pytest.fixture
def samples(db):
    cards_import(data=json.loads(SAMPLE_FILE.read_text(encoding="utf-8")), source=str(SAMPLE_FILE))


@pytest.fixture
def oracle(alice, samples) -> Card:
    return keeper_card_save(owner=alice, draft=ORACLE)


def client_of(user) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def deck_with(name: str) -> dict:
    return {
        "game": "keeper",
        "sections": {
            "deck": [{"name": name, "quantity": 2}, {"name": "Ember Sprite", "quantity": 38}]
        },
    }


def test_it_saves_the_card_with_the_cost_the_formula_gives(oracle):
    assert oracle.owner.username == "alice" and oracle.shared is False
    assert oracle.attributes == {"cost": ORACLE.review()["cost"], "edition": 11}
    assert oracle.attributes["cost"] == 4  # two cards drawn, as the sample validation test says


def test_it_keeps_a_creatures_stats_and_drops_a_spells(alice, samples):
    creature = KeeperCardDraft(
        name="Stone Wall", type="Creature", text="", offense=1, defense=6, edition=11
    )
    card = keeper_card_save(owner=alice, draft=creature)
    assert card.attributes["offense"] == 1 and card.attributes["defense"] == 6
    assert card.attributes["cost"] == creature.review()["cost"]


def test_it_refuses_a_name_the_author_can_already_use(alice, samples, oracle):
    for name in ("alice's oracle", "Ember Sprite"):
        with pytest.raises(UserCardRefused) as refused:
            keeper_card_save(owner=alice, draft=KeeperCardDraft(name, "Spell", "Draw 1 card."))
        assert refused.value.field == "name"


def test_it_lets_another_author_use_the_name_of_a_private_card(bob, oracle):
    card = keeper_card_save(owner=bob, draft=ORACLE)
    assert card.key != oracle.key


def test_it_refuses_to_share_a_card_named_like_a_shared_one(bob, oracle):
    user_card_share(card=oracle, shared=True)
    bobs = keeper_card_save(
        owner=bob, draft=KeeperCardDraft("Bob's Oracle", "Spell", "Draw 1 card.")
    )
    bobs.name = oracle.name
    bobs.save()
    with pytest.raises(UserCardRefused) as refused:
        user_card_share(card=bobs, shared=True)
    assert refused.value.field == "shared"


def test_its_author_validates_a_deck_with_it(oracle):
    body = client_of(oracle.owner).post("/api/v1/validate/", deck_with(oracle.name), format="json")
    assert body.json()["legal"] is True, body.json()


@pytest.mark.parametrize("other", ["charlie", None])
def test_charlie_and_anonymous_cannot_use_alices_private_card(request, oracle, other):
    user = request.getfixturevalue(other) if other else None
    body = client_of(user).post("/api/v1/validate/", deck_with(oracle.name), format="json").json()
    assert [error["code"] for error in body["errors"]] == ["card.unknown"]


def test_charlie_does_not_find_it_in_search_autocomplete_or_by_id(charlie, oracle):
    client = client_of(charlie)
    assert client.get("/api/v1/cards/?q=oracle").json()["results"] == []
    assert client.get("/api/v1/cards/autocomplete/?q=alice").json()["data"] == []
    assert client.get(f"/api/v1/cards/{oracle.pk}/").status_code == 404
    named = client.get("/api/v1/cards/named/?game=keeper&exact=alice's oracle")
    assert named.status_code == 404


def test_alice_finds_her_card_in_search_and_autocomplete(oracle):
    client = client_of(oracle.owner)
    found = client.get("/api/v1/cards/?q=oracle").json()["results"]
    assert [(card["name"], card["user_made"], card["shared"]) for card in found] == [
        (oracle.name, True, False)
    ]
    assert client.get("/api/v1/cards/autocomplete/?q=alice").json()["data"] == [oracle.name]


def test_a_shared_card_is_usable_by_everyone(charlie, oracle):
    client = client_of(charlie)
    client.post("/api/v1/validate/", deck_with(oracle.name), format="json")  # fills the cache
    user_card_share(card=oracle, shared=True)
    body = client.post("/api/v1/validate/", deck_with(oracle.name), format="json").json()
    assert body["legal"] is True, body
    assert client.get(f"/api/v1/cards/{oracle.pk}/").status_code == 200


def test_its_author_stores_a_deck_with_it_and_charlie_cannot(charlie, oracle):
    stored = {**deck_with(oracle.name), "name": "Oracle deck"}
    created = client_of(oracle.owner).post("/api/v1/decks/", stored, format="json")
    assert created.status_code == 201, created.json()
    validation = client_of(oracle.owner).get(f"/api/v1/decks/{created.json()['id']}/validation/")
    assert validation.json()["legal"] is True
    refused = client_of(charlie).post("/api/v1/decks/", stored, format="json")
    assert refused.status_code == 400
    assert "sections.deck[0]" in " ".join(refused.json()["fields"])


def test_a_private_card_named_like_a_catalogue_card_is_ambiguous_for_its_author(alice, samples):
    """Saved before a catalogue card took the name: the author is asked for the key."""
    card = keeper_card_save(owner=alice, draft=KeeperCardDraft("Sprite", "Spell", "Draw 1 card."))
    card.name = "Ember Sprite"
    card.save(update_fields=["name", "folded_name"])  # Card.save keeps the folded name in step
    body = client_of(alice).post("/api/v1/validate/", deck_with("Ember Sprite"), format="json")
    assert "card.ambiguous" in [error["code"] for error in body.json()["errors"]]


def test_a_card_file_export_leaves_user_made_cards_out(oracle):
    user_card_share(card=oracle, shared=True)
    exported = cards_export(game="keeper")
    assert exported["cards"] and oracle.key not in [card["key"] for card in exported["cards"]]
