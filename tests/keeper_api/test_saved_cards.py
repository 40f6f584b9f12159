"""Keeper of the Cards is a game whose players make their own cards (rulebook; Card Building
Guide): a REST client saves them as the card builder does, POST /api/v1/keeper/cards/, and
lists its own, GET /api/v1/keeper/cards/. A saved card is private to its author until shared,
its cost the guide's formula's ("Resource Cost"), never the client's."""

from __future__ import annotations

import pytest

URL = "/api/v1/keeper/cards/"
SEER = {"name": "Zanzibar Seer", "type": "Spell", "text": "Draw 3 cards.", "edition": 11}


@pytest.fixture(autouse=True)
def keeper(db):
    from django.core.management import call_command

    call_command("load_samples", verbosity=0)


def test_a_saved_card_is_costed_by_the_formula_private_and_usable_in_a_deck(alice_api, charlie_api):
    review = alice_api.post("/api/v1/keeper/cost/", SEER, format="json").json()
    saved = alice_api.post(URL, SEER, format="json")
    assert saved.status_code == 201, saved.json()
    card = saved.json()
    assert saved["Location"] == f"/api/v1/cards/{card['id']}/"
    assert (card["name"], card["attributes"]["cost"]) == ("Zanzibar Seer", review["cost"])
    assert alice_api.get(saved["Location"]).status_code == 200
    assert charlie_api.get(saved["Location"]).status_code == 404  # private to Alice
    deck = {"game": "keeper", "sections": {"deck": [{"id": card["id"], "quantity": 40}]}}
    assert alice_api.post("/api/v1/validate/", deck, format="json").json()["legal"] is True


def test_her_saved_cards_are_listed_to_her_alone_newest_first(alice_api, charlie_api):
    for name in ("First", "Second"):
        alice_api.post(URL, {**SEER, "name": name}, format="json")
    listed = alice_api.get(URL).json()
    assert [card["name"] for card in listed["results"]] == ["Second", "First"]
    assert charlie_api.get(URL).json()["count"] == 0


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({**SEER, "cost": 1}, "cost"),  # the cost is the formula's
        ({**SEER, "name": ""}, "name"),
        ({**SEER, "type": "Land"}, "type"),
        ({**SEER, "name": "Hot Dog"}, None),  # a sample card's name (Neopets): allowed
    ],
)
def test_a_card_that_cannot_be_saved_is_a_400_naming_the_field(alice_api, body, field):
    response = alice_api.post(URL, body, format="json")
    if field is None:
        assert response.status_code == 201
    else:
        assert (response.status_code, field in response.json()["fields"]) == (400, True)


def test_a_second_card_of_one_name_is_refused_naming_it(alice_api):
    assert alice_api.post(URL, SEER, format="json").status_code == 201
    again = alice_api.post(URL, {**SEER, "name": "zanzibar  SEER"}, format="json")
    assert (again.status_code, list(again.json()["fields"])) == (400, ["name"])


def test_saving_needs_a_signed_in_user(api):
    assert api.post(URL, SEER, format="json").status_code == 401


def test_a_name_another_author_shared_is_refused_however_its_apostrophe_is_typed(alice_api, bob):
    """Names compare as card identity on every path (issue 14): Bob's shared "Jhudora\\u2019s
    Bluff" (curly, as a phone types it) and Alice's "Jhudora's Bluff" would be one name in
    her decks, which could then name neither."""
    from cards.services.user_cards import KeeperCardDraft, keeper_card_save, user_card_share

    bluff = KeeperCardDraft("Jhudora\u2019s Bluff", "Spell", "Draw 2 cards.", edition=11)
    user_card_share(card=keeper_card_save(owner=bob, draft=bluff), shared=True)
    again = alice_api.post(URL, {**SEER, "name": "Jhudora's  bluff"}, format="json")
    assert (again.status_code, list(again.json()["fields"])) == (400, ["name"])
