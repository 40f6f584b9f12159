"""Card identity on the database paths (issue 7 item 1): /validate/ JSON and text, stored decks
and the database pool compare names after NFKC, case folding and whitespace collapsing."""

from __future__ import annotations

from importlib import import_module

import pytest
from django.contrib.auth import get_user_model

from cards.models import Card, Game
from tests.validation.conftest import legal_text, sections_body

pytestmark = pytest.mark.django_db


def odd(name: str) -> str:
    """A name as people mistype it: other case, doubled and no-break spaces, full-width H."""
    return " " + name.upper().replace(" ", " \u00a0 ").replace("H", "\uff28") + " "


def test_it_finds_json_names_whatever_their_case_spacing_or_width(api, neopets_cards):
    body = sections_body()
    for entries in body["sections"].values():
        for entry in entries:
            entry["name"] = odd(entry["name"])
    report = api.post("/api/v1/validate/", body, format="json").json()
    assert report["legal"], report


def test_it_finds_text_decklist_names_the_same_way(api, neopets_cards):
    text = "Neopets:\n1 red   KAU\n1 BLUE ACARA\n1 green poogle\n"
    report = api.post("/api/v1/validate/", {"game": "neopets", "text": text}, format="json")
    assert "card.unknown" not in {issue["code"] for issue in report.json()["errors"]}


def test_it_folds_names_stored_with_odd_spacing(api, neopets_cards):
    """A card stored as "Red  Kau " is the Red Kau a deck names."""
    card = neopets_cards["Red Kau"]
    card.name = "Red  Kau "
    card.save()
    report = api.post("/api/v1/validate/", sections_body(), format="json").json()
    assert report["legal"], report


def test_7_1_3_a_stored_species_with_a_trailing_space_clashes(api, neopets_cards):
    """7.1.3: one Neopet per species; "Kau " is the Kau species."""
    game = Game.objects.get(slug="neopets")
    stats = {"hp": 8, "attack": 3, "defence": 3, "agility": 3}
    Card.objects.create(
        game=game,
        key="yellow-kau",
        name="Yellow Kau",
        type="Neopet",
        attributes={"species": "Kau ", "color": "yellow", **stats},
    )
    body = sections_body()
    body["sections"]["neopets"].append({"name": "Yellow Kau", "quantity": 1})
    report = api.post("/api/v1/validate/", body, format="json").json()
    assert [issue["code"] for issue in report["errors"]] == ["neopets.species"]


def test_a_stored_deck_names_cards_the_same_way(api, neopets_cards, django_user_model):
    user = django_user_model.objects.create_user("alice", password="pw")
    api.force_authenticate(user)
    body = {
        "game": "neopets",
        "name": "Odd",
        "sections": {"neopets": [{"name": " red  KAU", "quantity": 1}]},
    }
    response = api.post("/api/v1/decks/", body, format="json")
    assert response.status_code == 201, response.json()


def test_a_card_stored_with_a_curly_apostrophe_is_found_by_the_straight_one(api, neopets_cards):
    """Issue 14, class 3: a card imported as "Jhudora\u2019s Bluff" (a word processor's apostrophe)
    is the card a deck names "Jhudora's Bluff", on /validate/ JSON, text and stored decks."""
    game = Game.objects.get(slug="neopets")
    Card.objects.create(game=game, key="jhudoras-bluff", name="Jhudora\u2019s Bluff", type="Food")
    body = sections_body()
    body["sections"]["main"].append({"name": "Jhudora's Bluff", "quantity": 1})
    report = api.post("/api/v1/validate/", body, format="json").json()
    assert "card.unknown" not in {issue["code"] for issue in report["errors"]}, report
    text = "Main Deck:\n1 Jhudora\u2018s \u200bBluff\n"  # a left quote and a zero-width space
    report = api.post("/api/v1/validate/", {"game": "neopets", "text": text}, format="json")
    assert "card.unknown" not in {issue["code"] for issue in report.json()["errors"]}


def test_the_migration_refolds_names_stored_before_typography_was_folded(neopets_cards):
    """Cards stored before issue 14 keep their old folded name until migration 0008 re-folds
    it; after it, the straight-apostrophe lookup finds them."""
    from django.apps import apps

    refold = import_module("cards.migrations.0008_refold_typographic_names").refold_names
    game = Game.objects.get(slug="neopets")
    card = Card.objects.create(game=game, key="bluff", name="Jhudora\u2019s Bluff", type="Food")
    Card.objects.filter(pk=card.pk).update(folded_name="jhudora\u2019s bluff")  # the old fold
    refold(apps, None)
    assert Card.objects.get(pk=card.pk).folded_name == "jhudora's bluff"


def test_a_key_that_is_not_the_card_named_is_a_problem_on_every_path(api, neopets_cards):
    """Issue 14, class 5: {"name": "Test Food 1", "key": "test-food-0"} and the text line
    `2 Test Food 1 [test-food-0]` are not silently Test Food 0: the report says card.mismatch,
    the deck is not legal, and storing it is refused on the key."""
    body = sections_body()
    for entry in body["sections"]["main"]:
        if entry["name"] == "Test Food 1":
            entry["key"] = "test-food-0"
    report = api.post("/api/v1/validate/", body, format="json").json()
    assert [issue["code"] for issue in report["errors"]] == ["card.mismatch"], report
    assert "not Test Food 1" in report["errors"][0]["message"]
    text = legal_text().replace("2 Test Food 1\n", "2 Test Food 1 [test-food-0]\n")
    report = api.post("/api/v1/validate/", {"game": "neopets", "text": text}, format="json")
    assert [issue["code"] for issue in report.json()["errors"]] == ["card.mismatch"]
    user = get_user_model().objects.create_user("mismatch", password="pw")
    api.force_authenticate(user)
    stored = api.post("/api/v1/decks/", {**body, "name": "Mixed up"}, format="json")
    assert stored.status_code == 400
    assert any(path.endswith(".key") for path in stored.json()["fields"]), stored.json()
