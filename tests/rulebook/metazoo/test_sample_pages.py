"""The MetaZoo sample Pages and Spellbooks (issue 23): every Page's attributes pass the
importer's checks (the effect vocabulary included), the sample Spellbooks are legal, have
different plans, and hold no Page the engine cannot play."""

from __future__ import annotations

import json

from rulebook.cardfile import read_cards
from rulebook.core.schema import check_attributes
from rulebook.metazoo.cards import GAME
from rulebook.metazoo.engine import MetaZooDeck
from rulebook.samples import METAZOO


def test_every_sample_page_is_well_formed_and_plainly_sample_data():
    data = json.loads(METAZOO.cards_file.read_text())
    assert data["sample"] is True and all(page["sample"] for page in data["cards"])
    for card in read_cards(data):
        assert check_attributes(GAME.attributes, card.attributes) == [], card.name


def test_at_least_four_legal_sample_spellbooks_that_the_engine_plays_in_full():
    names = METAZOO.names()
    assert len(names) >= 4
    plans = set()
    for name in names:
        deck = METAZOO.deck(name)  # ValueError if illegal
        assert deck.count("spellbook") >= 40
        assert MetaZooDeck.from_deck(deck).unsupported == {}, name
        plans.add(frozenset(entry.card.name for entry in deck.entries("spellbook")))
    assert len(plans) == len(names)


def test_an_artifact_needs_its_lp_as_a_beastie_does_page_types_artifacts_p_6():
    """Page Types, p. 6: "Artifacts have LP and can be Attacked". Card data for an Artifact
    without LP is refused, naming the field, rather than entering the Arena at 0 LP."""
    assert GAME.card_problems("Artifact", {"aura_cost": {"flame": 1}}, name="Lamp") == [
        ("attributes.lp", "is required on an Artifact")
    ]
    assert GAME.card_problems("Artifact", {"aura_cost": {"flame": 1}, "lp": 30}) == []
