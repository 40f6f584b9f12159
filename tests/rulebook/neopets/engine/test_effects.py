"""The effect vocabulary (rulebook.neopets.effects) and what the engine does with each effect."""

import pytest

from rulebook.neopets.effects import effect_problems, unsupported_effects
from rulebook.neopets.engine import play_game
from rulebook.neopets.engine.cards import EngineCard
from rulebook.neopets.engine.dice import d3_of

from .builders import (
    Scripted,
    codestone,
    deck_of,
    empty_inventories,
    faces,
    filler,
    game_between,
    info,
    sample_card,
)


def test_it_accepts_every_action_of_the_vocabulary():
    assert (
        effect_problems(
            [
                {"do": "draw", "n": 2},
                {"do": "heal", "n": "d3"},
                {"do": "damage", "n": 1, "crit_n": 2, "roll": 1},
                {
                    "do": "stat",
                    "stat": "attack",
                    "by": -1,
                    "until": "end_of_round",
                    "target": "opponent",
                },
                {"do": "freeze"},
                {"do": "negate"},
                {"do": "search", "name": "Hot Dog"},
                {"do": "scrap", "n": 3, "target": "opponent"},
                {"do": "discard", "n": 1, "target": "opponent"},
                {"do": "extra_play", "n": 1},
                {"do": "reroll", "n": 1, "when": "while_in_play"},
                {"do": "extra_dice", "n": 1, "step": "defence"},
                {"do": "set_die", "value": 6},
                {"do": "recover", "n": 2, "type": "Legend"},
                {"do": "replay", "type": "Legend"},
                {"do": "transform", "via": "Lab Ray", "when": "turn_start"},
                {"do": "halve_damage"},
                {"do": "requires_map_pieces", "n": 3},
            ]
        )
        == []
    )


@pytest.mark.parametrize(
    ("effects", "path"),
    [
        ({"do": "draw"}, ""),
        (["draw"], "[0]"),
        ([{"n": 1}], "[0].do"),
        ([{"do": "draw"}], "[0].n"),
        ([{"do": "draw", "n": -1}], "[0].n"),
        ([{"do": "draw", "n": 1, "when": "sometimes"}], "[0].when"),
        ([{"do": "stat", "stat": "luck", "by": 1}], "[0].stat"),
        ([{"do": "stat", "stat": "attack", "by": 1, "until": "forever"}], "[0].until"),
        ([{"do": "draw", "n": 1, "colour": "red"}], "[0].colour"),
        ([{"do": "set_die", "value": 7}], "[0].value"),
    ],
)
def test_it_names_the_field_of_a_malformed_effect(effects, path):
    assert path in [found for found, _ in effect_problems(effects)]


def test_it_lists_unknown_actions_and_unstructured_text_as_unsupported_not_as_errors():
    assert effect_problems([{"do": "teleport"}]) == []
    assert unsupported_effects("", [{"do": "teleport"}]) == ("unknown effect 'teleport'",)
    assert unsupported_effects("Draw 3 cards.", None) == ("rules text without structured effects",)
    assert unsupported_effects("", None) == ()
    assert unsupported_effects("Collect this card as a Map Piece.", []) == ()


def test_it_lists_each_card_it_cannot_play_in_every_game_record():
    mystery = info("Mystery Potion", "Potion", "Something odd happens.")
    teleport = info("Teleporter", "Equipment", "Teleport.", effects=[{"do": "teleport"}])
    deck = deck_of([(mystery, 2), (teleport, 2), *filler(46)])
    record = play_game([deck, deck_of(filler(50))], seed=3)
    assert record.unsupported == {
        "Mystery Potion": ("rules text without structured effects",),
        "Teleporter": ("unknown effect 'teleport'",),
    }


def test_it_reads_a_d3_from_a_d6():
    """CR 9.4.1: 1-2 is 1, 3-4 is 2, 5-6 is 3."""
    assert [d3_of(face) for face in range(1, 7)] == [1, 1, 2, 2, 3, 3]


def effect_game(policies=None):
    game = game_between(deck_of(filler()), policies=policies)
    empty_inventories(game)
    me = game.sides[0]
    me.codestones = [EngineCard(codestone(f"Stone {i}")) for i in range(4)]
    me.refresh()
    return game, me, game.sides[1]


def play(game, me, card):
    me.take(card)
    game.play_card(me, card, me.inventory)


def test_it_heals_a_d3_rolled_when_the_food_resolves():
    """Hubert's Special Hot Dog heals d3 (CR 9.4.1: a 5 on the d6 is a 3)."""
    game, me, _ = effect_game()
    me.damage = 5
    game.chance.random = faces(5)
    play(game, me, sample_card("Hubert's Special Hot Dog"))
    assert me.damage == 2


def test_it_never_heals_below_zero_damage():
    game, me, _ = effect_game()
    me.damage = 1
    play(game, me, sample_card("Healing Potion"))
    assert me.damage == 0


def test_it_ends_until_end_of_turn_changes_at_the_end_of_the_turn():
    """CR 5.5.8b; `end_of_round` changes last until the round ends (5.5.10)."""
    game, me, _ = effect_game()
    base_attack, base_agility = me.attack, me.agility
    me.take(sample_card("Strength Potion"))
    me.take(sample_card("Swiftness Potion"))
    game.turn = 0
    game.plays_left = 2
    for card in list(me.inventory):
        game.play_card(me, card, me.inventory)
    assert (me.attack, me.agility) == (base_attack + 2, base_agility + 2)
    game.take_turn(me)
    assert (me.attack, me.agility) == (base_attack, base_agility + 2)


def test_it_freezes_the_opponents_neopet():
    game, me, opponent = effect_game()
    play(game, me, sample_card("Freezing Potion"))
    assert opponent.frozen and not me.frozen


def test_it_scraps_the_top_of_the_opponents_deck_and_makes_them_discard():
    """CR 8.20.8a, 8.20.3a (Dr. Sloth)."""
    game, me, opponent = effect_game()
    opponent.take(sample_card("Hot Dog"))
    deck_size = len(opponent.deck)
    play(game, me, sample_card("Dr. Sloth"))
    assert len(opponent.deck) == deck_size - 3
    assert len(opponent.discard) == 4 and opponent.inventory == []


def test_it_allows_an_extra_play_this_preparation_phase():
    """CR 9.1.1: Battledome Announcer lets one more card be played."""
    game, me, _ = effect_game()
    game.plays_left = 0
    play(game, me, sample_card("Battledome Announcer"))
    assert game.plays_left == 1


def test_it_fires_dealt_damage_and_turn_start_triggers():
    """CR 5.5.7f (Thorny Armour), 5.1.2 (Healing Bracelet)."""
    game, me, opponent = effect_game()
    me.equipment = [sample_card("Thorny Armour"), sample_card("Healing Bracelet")]
    me.refresh()
    game.deal(me, 2)
    assert opponent.damage == 1
    game.turn = 0
    game.take_turn(me)
    assert me.damage == 1


def test_it_applies_passive_abilities_that_target_the_opponent():
    """Dark Faerie: the opponent's Neopet gets -1 Attack while it is in play (CR 8.18)."""
    game, me, opponent = effect_game(policies=(Scripted(), Scripted()))
    before = opponent.attack
    play(game, me, sample_card("Dark Faerie"))
    assert opponent.attack == before - 1
