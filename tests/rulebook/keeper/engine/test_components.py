"""Every component the parser reads is played from its parsed form, or listed as unplayable
(issue 10, item 2; guide, "Constructing Abilities")."""

from __future__ import annotations

import json

import pytest

from rulebook.keeper.components import COMPONENTS
from rulebook.keeper.engine import PLAYED_KEYS, play_game, plays
from rulebook.keeper.engine.plays import is_played
from rulebook.keeper.templates import normalise

from .builders import creature, deck, sample, spell

# The README states this number ("Keeper test games"); change both together.
PLAYED = 99


def test_it_plays_99_of_the_guides_109_components():
    assert len(COMPONENTS) == 109
    assert sum(is_played(component) for component in COMPONENTS) == PLAYED
    assert len(PLAYED_KEYS) == PLAYED


def test_what_it_cannot_play_is_the_chain_the_responses_and_resource_cost_destruction():
    unplayed = sorted(c.text for c in COMPONENTS if not is_played(c))
    assert len(unplayed) == 109 - PLAYED
    assert all(
        "chain" in text
        or "in response to" in text
        or "Negate" in text
        or "by paying this card's resource cost" in text
        for text in unplayed
    )


def test_a_card_lists_the_component_it_cannot_play_in_every_result():
    negator = spell("Negator", "Target up to 1 card in play. Negate attack of all targets.")
    record = play_game([deck([negator]), deck()], 1)
    assert record.unsupported == {"Negator": ("Negate attack of all targets.",)}


def test_a_card_lists_text_the_parser_could_not_read():
    odd = creature("Odd", 1, 5, "Win the game at once.")
    assert odd.unplayable == (
        "Win the game at once. (not an official component of the Card Building Guide "
        "(11th edition))",
    )
    assert odd.abilities == ()


def test_the_sample_decks_have_nothing_unplayable():
    for name in ("aggro", "control", "value"):
        assert sample(name).unsupported == {}


def test_abilities_are_played_from_their_variables():
    """ "Draw [x] cards." draws x; no code knows the card."""
    scribe = creature("Scribe", 0, 5, "STUDY: Draw 3 cards.")
    (ability,) = scribe.abilities
    assert [(e.op, e.x) for e in ability.effects] == [("draw", 3)]


def test_a_full_game_log_is_json():
    record = play_game([sample("value"), sample("control")], 9, record_log=True)
    assert record.log and json.loads(json.dumps(record.log)) == list(record.log)


def test_a_table_naming_a_text_the_guide_lacks_stops_the_engine_loading_and_names_the_text():
    """The engine's tables are keyed by the guide's own components: a text that is not one
    (a typo in a table) fails as the tables are built, naming the text it could not find."""
    with pytest.raises(KeyError, match="not a component of the guide: 'Fly away to summon'"):
        plays._keyed({"Fly away": ("fly", False)}, " to summon")
    assert plays._keyed({"Draw [x] cards.": ("draw", False)}) == {
        normalise("Draw [x] cards."): ("draw", False)
    }


def test_a_caveat_the_tables_do_not_play_is_listed_as_unplayable_not_dropped(monkeypatch):
    """Nothing is dropped in silence (guide, "Caveats"): every caveat of the guide is played
    today, and were one left out of the engine's tables, a card with it would list it as
    unplayable and pay nothing for it."""
    caveat = "You must pay 2 hitpoints to summon this creature."
    paying = creature("Paying", 2, 5, caveat)
    assert paying.summon_payment is not None and paying.summon_x == 2
    assert paying.unplayable == ()
    monkeypatch.setattr(plays, "CAVEAT_PAYMENTS", {})
    unpaid = creature("Unpaid", 2, 5, caveat)
    assert unpaid.summon_payment is None and unpaid.unplayable == (caveat,)
