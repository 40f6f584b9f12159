"""POST /validate/ with a name two different cards carry: an error listing their keys."""

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
