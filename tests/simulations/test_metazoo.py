"""MetaZoo test games over the API (issue 23): sample Spellbooks inline or as text, an illegal
Spellbook refused with its report, the match result's shape with the engine's
simplifications and its sample game, the same result however a job is split, and "test this
card"."""

from __future__ import annotations

import json

import pytest

from cards.models import Card, Game
from jobs.models import SimulationJob
from rulebook.cardfile import read_cards
from rulebook.metazoo.engine import SIMPLIFICATIONS
from rulebook.samples import METAZOO

from .test_keeper import run, submit

URL = "/api/v1/simulations/"
CARD_TESTS = "/api/v1/simulations/card-tests/"


@pytest.fixture
def metazoo_pages(db) -> None:
    """The MetaZoo sample Pages, in the database."""
    game = Game.objects.get(slug="metazoo")
    Card.objects.bulk_create(
        Card(
            game=game,
            key=card.key,
            name=card.name,
            type=card.type,
            text=card.text,
            attributes=dict(card.attributes),
            is_sample=True,
        )
        for card in read_cards(json.loads(METAZOO.cards_file.read_text()))
    )


def spellbook(name: str) -> dict:
    """A sample Spellbook in the request shape /validate/ takes."""
    sections: dict[str, list[dict]] = {}
    for entry in METAZOO.entries(name):
        line = {"name": entry.name, "quantity": entry.quantity}
        if entry.key:
            line["key"] = entry.key
        sections.setdefault(entry.section, []).append(line)
    return {"sections": sections}


def test_a_match_between_sample_spellbooks_has_the_match_shape(
    api, metazoo_pages, django_capture_on_commit_callbacks
):
    body = {
        "game": "metazoo",
        "decks": [spellbook("flame-aggro"), {"text": METAZOO.text("forest-swarm")}],
        "games": 60,
        "seed": 5,
    }
    job = run(submit(api, URL, body, django_capture_on_commit_callbacks))
    assert job.status == "done", job.error
    result = api.get(f"{URL}{job.pk}/").json()["result"]
    assert result["games"] == 60
    assert sum(result["wins"]) + result["draws"] == 60
    assert len(result["win_rate"]) == 2 and len(result["ci95"]) == 2
    low, high = result["ci95"][0]
    assert low <= result["win_rate"][0] <= high
    assert sorted(result["simplifications"]) == sorted(SIMPLIFICATIONS)
    assert result["unsupported"] == {}
    log = result["sample_game"]["log"]
    assert log[0]["event"] == "setup" and log[-1]["event"] == "game_over"
    assert result["cards"][0]["Sample Ember Pup"]["played"] > 0


def test_an_illegal_spellbook_is_refused_with_its_report(api, metazoo_pages):
    short = spellbook("water-control")
    short["sections"]["spellbook"][0]["quantity"] -= 1  # 39 Pages (Spellbook Rules, p. 43)
    body = {"game": "metazoo", "decks": [spellbook("flame-aggro"), short], "games": 10}
    response = api.post(URL, body, format="json")
    assert response.status_code == 400
    data = response.json()
    assert data["code"] == "deck_illegal"
    first, second = data["reports"]
    assert first["legal"] is True and second["legal"] is False
    assert [error["code"] for error in second["errors"]] == ["spellbook.size"]
    assert not SimulationJob.objects.exists()


def test_the_same_seed_gives_the_same_result_however_the_job_is_split(
    api, metazoo_pages, django_capture_on_commit_callbacks
):
    body = {
        "game": "metazoo",
        "decks": [spellbook("lightning-traps"), spellbook("spirit-status")],
        "games": 90,
        "seed": 8,
    }
    whole = run(submit(api, URL, body, django_capture_on_commit_callbacks))
    split = run(submit(api, URL, {**body, "chunk_size": 7}, django_capture_on_commit_callbacks))
    assert whole.result == split.result


def test_a_page_the_engine_cannot_play_is_listed_in_the_result(
    api, metazoo_pages, django_capture_on_commit_callbacks
):
    deck = spellbook("water-control")
    deck["sections"]["spellbook"].append({"name": "Sample Potion of Haste", "quantity": 1})
    body = {"game": "metazoo", "decks": [deck, spellbook("flame-aggro")], "games": 5}
    result = run(submit(api, URL, body, django_capture_on_commit_callbacks)).result
    assert result["unsupported"] == {
        "Sample Potion of Haste": ["rules text without structured effects"]
    }


def test_test_this_card_plays_paired_games(api, metazoo_pages, django_capture_on_commit_callbacks):
    body = {
        "game": "metazoo",
        "deck": spellbook("flame-aggro"),
        "card": {"name": "Sample Magma Hound"},
        "replacement": {"name": "Flame Aura"},
        "reference": spellbook("forest-swarm"),
        "games": 80,
        "seed": 4,
    }
    job = run(submit(api, CARD_TESTS, body, django_capture_on_commit_callbacks))
    assert job.status == "done", job.error
    difference = job.result["difference"]
    assert sum(difference["pairs"].values()) == job.result["games"] == 80
    low, high = difference["ci95"]
    assert low <= difference["win_rate"] <= high
    assert "Sample Magma Hound" not in job.result["without_card"]["cards"][0]
