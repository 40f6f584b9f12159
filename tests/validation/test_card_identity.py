"""Card identity on the database paths (issue 7 item 1): /validate/ JSON and text, stored decks
and the database pool compare names after NFKC, case folding and whitespace collapsing."""

from __future__ import annotations

import pytest

from cards.models import Card, Game
from tests.validation.conftest import sections_body

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
