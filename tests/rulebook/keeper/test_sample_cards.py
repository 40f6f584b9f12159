"""cards/sample_data/keeper.json: Deckwarden's invented sample cards, every one legal and
printed with the cost the guide's formula gives."""

import json
from pathlib import Path

import pytest

from rulebook.core.cards import CardInfo
from rulebook.core.report import Report
from rulebook.keeper.cards import GAME
from rulebook.keeper.construction import KeeperRuleset
from rulebook.keeper.cost import explain_cost
from rulebook.samples import KEEPER as SAMPLES
from rulebook.validate import standard_format

SAMPLE_FILE = Path(__file__).resolve().parents[3] / "cards" / "sample_data" / "keeper.json"
DATA = json.loads(SAMPLE_FILE.read_text(encoding="utf-8"))
CARDS = DATA["cards"]


def test_the_file_holds_at_least_20_cards_all_marked_as_samples():
    assert DATA["game"] == "keeper"
    assert len(CARDS) >= 20
    assert all(card_set["sample"] for card_set in DATA["sets"])
    assert all(card["sample"] for card in CARDS)


@pytest.mark.parametrize("card", CARDS, ids=lambda card: card["name"])
def test_each_printed_cost_is_the_computed_cost(card):
    attributes = card["attributes"]
    explanation = explain_cost(
        card["type"], card["text"], attributes.get("offense", 0), attributes.get("defense", 0)
    )
    assert explanation.parsed.unread == ()
    assert attributes["cost"] == explanation.cost


@pytest.mark.parametrize("card", CARDS, ids=lambda card: card["name"])
def test_each_card_is_legal_and_its_attributes_fit_the_schema(card):
    assert GAME.card_problems(card["type"], card["attributes"]) == []
    info = CardInfo(card["name"], card["name"], card["type"], card["text"], card["attributes"])
    report = Report(game="keeper", format="standard")
    KeeperRuleset().check_card(info, report)
    assert report.errors == [] and report.warnings == []


@pytest.mark.parametrize("name", SAMPLES.names(), ids=str)
def test_each_sample_deck_is_legal_and_warns_of_nothing(name):
    """Rulebook "Setup and Deck Building"; guide "Constructing Abilities": the sample decks are
    built only from the guide's components."""
    report = KeeperRuleset().check(SAMPLES.deck(name), standard_format(GAME))
    assert report.legal and report.warnings == [], report.as_dict()
