"""/decks/{id}/validation/: the same report /validate/ gives, for the stored deck."""

import datetime

import pytest

from rules.models import Format, FormatListEntry

from .conftest import MAIN

URL = "/api/v1/decks/"


def validation(deck):
    return f"{URL}{deck.pk}/validation/"


def test_it_gives_the_same_report_as_validate(alice_api, alice_deck):
    report = alice_api.get(validation(alice_deck))
    assert report.status_code == 200
    posted = alice_api.post(
        "/api/v1/validate/", {"game": "neopets", "sections": MAIN}, format="json"
    )
    assert report.json() == posted.json()
    assert report.json()["legal"] is False
    assert report.json()["counts"]["main"] == 3  # 8.3.1: main.size, not 50


def test_it_replays_the_lists_in_force_on_a_day(alice_api, alice_deck, cards, neopets):
    standard = Format.objects.get(game=neopets, is_default=True)
    FormatListEntry.objects.create(
        format=standard,
        card=cards["Hot Dog"],
        status="banned",
        effective=datetime.date(2025, 1, 1),
    )
    before = alice_api.get(validation(alice_deck), {"as_of": "2024-12-31"}).json()
    after = alice_api.get(validation(alice_deck), {"as_of": "2025-01-01"}).json()
    assert "card.banned" not in {error["code"] for error in before["errors"]}
    assert "card.banned" in {error["code"] for error in after["errors"]}


def test_it_checks_the_deck_against_its_own_format(alice_api, alice, neopets, cards):
    strict = Format.objects.create(game=neopets, slug="strict", name="Strict", ruleset="neopets")
    FormatListEntry.objects.create(
        format=strict,
        card=cards["Healing Potion"],
        status="banned",
        effective=datetime.date(2000, 1, 1),
    )
    body = {"game": "neopets", "name": "S", "format": "strict", "sections": MAIN}
    deck_id = alice_api.post(URL, body, format="json").json()["id"]
    report = alice_api.get(f"{URL}{deck_id}/validation/").json()
    assert report["format"] == "strict"
    assert [e["cards"] for e in report["errors"] if e["code"] == "card.banned"] == [
        ["Healing Potion"]
    ]


@pytest.mark.parametrize("as_of", ["2025-13-01", "yesterday"])
def test_it_refuses_a_bad_as_of(alice_api, alice_deck, as_of):
    response = alice_api.get(validation(alice_deck), {"as_of": as_of})
    assert response.status_code == 400
    assert list(response.json()["fields"]) == ["as_of"]
