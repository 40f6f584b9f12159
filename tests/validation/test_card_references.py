"""POST /validate/ and how entries name cards: a name two cards carry, a pinned printing."""

from __future__ import annotations

import pytest

from cards.models import Card, Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def chupacabras(db):
    game = Game.objects.get(slug="metazoo")
    for key, text in (("chupacabra", "Bite."), ("chupacabra-flame", "Burn.")):
        Card.objects.create(game=game, key=key, name="Chupacabra", type="Beastie", text=text)


def test_it_reports_a_shared_name_as_ambiguous_with_the_keys_to_choose_from(api, chupacabras):
    body = {"game": "metazoo", "sections": {"spellbook": [{"name": "Chupacabra", "quantity": 1}]}}
    report = api.post("/api/v1/validate/", body, format="json").json()
    [ambiguous] = [issue for issue in report["errors"] if issue["code"] == "card.ambiguous"]
    assert ambiguous["suggestions"] == ["chupacabra", "chupacabra-flame"]
    assert report["legal"] is False


def test_it_accepts_the_card_named_by_key(api, chupacabras):
    body = {"game": "metazoo", "sections": {"spellbook": [{"key": "chupacabra", "quantity": 1}]}}
    report = api.post("/api/v1/validate/", body, format="json").json()
    assert "card.ambiguous" not in {issue["code"] for issue in report["errors"]}


def test_it_warns_of_a_pinned_printing_that_does_not_exist(api, db):
    from cards.models import CardSet, Printing

    game = Game.objects.get(slug="neopets")
    card = Card.objects.create(game=game, key="hot-dog", name="Hot Dog", type="Food")
    test_set = CardSet.objects.create(game=game, code="TST", name="Test set")
    Printing.objects.create(card=card, set=test_set, number="045")
    entries = [
        {"name": "Hot Dog", "quantity": 1, "set": "TST", "number": "045"},
        {"name": "Hot Dog", "quantity": 1, "set": "TST", "number": "999"},
    ]
    body = {"game": "neopets", "sections": {"main": entries}}
    report = api.post("/api/v1/validate/", body, format="json").json()
    [warning] = [w for w in report["warnings"] if w["code"] == "printing.unknown"]
    assert "(TST) 999" in warning["message"] and "(TST) 045" not in warning["message"].split(";")[0]
    assert report["counts"]["main"] == 2
