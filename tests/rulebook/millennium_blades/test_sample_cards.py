"""The sample cards the tournament engine plays: every effect is data the engine plays in full,
the declared Stores hold sample cards at their printed Star Ratings, and the sample decks are
legal Tournament Decks (rules summary, "Tournament Phase")."""

from __future__ import annotations

import json

import pytest

from rulebook.millennium_blades.cards import GAME, SINGLE
from rulebook.millennium_blades.effects import effect_problems, unsupported_effects
from rulebook.millennium_blades.store import STORES
from rulebook.samples import MILLENNIUM_BLADES as SAMPLES

CARDS = json.loads(SAMPLES.cards_file.read_text())["cards"]


def test_every_sample_card_has_effects_the_engine_plays_in_full():
    for card in CARDS:
        effects = card["attributes"]["effects"]
        assert effect_problems(effects) == [], card["name"]
        assert unsupported_effects(card["text"], effects, single=card["type"] == SINGLE) == ()
        assert GAME.card_problems(card["type"], card["attributes"]) == []


def test_a_malformed_effect_is_refused_naming_the_field():
    assert effect_problems([{"when": "play", "do": "gain_rp"}]) == [
        ("[0].n", "is required by 'gain_rp'")
    ]
    assert effect_problems([{"when": "score", "do": "clash", "win": 1}])[0][0] == "[0].when"
    assert effect_problems([{"when": "reaction", "on": "drained", "do": "tie_clash"}])[0][0] == (
        "[0].on"
    )
    # a card file is any JSON: a Reaction "on" a list is named as a problem, not a TypeError
    assert effect_problems([{"when": "reaction", "on": ["drained"], "do": "prevent"}]) == [
        ("[0].on", "'prevent' is a Reaction on 'drained'")
    ]
    # an action the engine does not know is not malformed: it is listed as unsupported
    assert effect_problems([{"when": "play", "do": "summon_dragon"}]) == []
    assert unsupported_effects("", [{"when": "play", "do": "summon_dragon"}], single=True) == (
        "unknown effect 'summon_dragon'",
    )


@pytest.mark.parametrize("store", STORES.values(), ids=lambda store: store.name)
def test_a_store_holds_sample_cards_at_their_star_ratings(store):
    stars = {card["name"]: card["attributes"]["stars"] for card in CARDS}
    assert store.cards and all(stars[name] == rating for name, rating, _ in store.cards)


def test_there_are_five_legal_sample_tournament_decks():
    assert len(SAMPLES.names()) >= 5
    for name in SAMPLES.names():
        deck = SAMPLES.deck(name)  # ValueError if illegal
        assert deck.count("singles") == 8
