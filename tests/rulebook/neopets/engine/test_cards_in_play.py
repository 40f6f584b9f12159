"""Codestones, level requirements and the cards that stay in play (CR 6.4, 7.3-7.11, 5.5.10)."""

import pytest

from rulebook.neopets.engine.cards import AGILITY, ATTACK, DEFENCE, EngineCard
from rulebook.neopets.engine.game import KnockOut

from .builders import (
    Scripted,
    codestone,
    deck_of,
    empty_inventories,
    filler,
    game_between,
    info,
    neopet,
)

ACARA = neopet("Blue Acara", 8, 3, 2, 6)
FIRE_ACARA = neopet(
    "Fire Acara",
    8,
    5,
    2,
    6,
    species="Acara",
    type_="Rainbow Pool Neopet",
    paint_brush="Fire Paint Brush",
)
BRUSH = info("Fire Paint Brush", "Paint Brush", effects=[])


def stat_card(name, type_, stat="attack", by=1, **attributes):
    return EngineCard(
        info(
            name,
            type_,
            f"+{by} {stat}.",
            effects=[{"do": "stat", "stat": stat, "by": by, "until": "while_in_play"}],
            **attributes,
        )
    )


def fresh_game(policies=None, rainbow_pool=()):
    game = game_between(
        deck_of(
            filler(),
            neopets=[ACARA, neopet("Red Kau"), neopet("Green Poogle")],
            rainbow_pool=rainbow_pool,
        ),
        policies=policies or (Scripted(choose_neopet=lambda g, d: d.options[0]), Scripted()),
    )
    empty_inventories(game)
    me = game.sides[0]
    return game, me


def hold(me, *cards):
    for card in cards:
        me.take(card)


def test_it_attaches_one_codestone_per_train_phase():
    """CR 7.11.4: no more than one Codestone is attached in a Train Phase."""
    game, me = fresh_game()
    hold(me, *(EngineCard(codestone(f"Stone {i}")) for i in range(3)))
    game.train(me)
    assert me.level == 1
    assert len(me.inventory) == 2


def test_it_attaches_no_more_than_five_codestones():
    """CR 7.11.5."""
    game, me = fresh_game()
    me.codestones = [EngineCard(codestone(f"Stone {i}")) for i in range(5)]
    hold(me, EngineCard(codestone("Sixth Stone")))
    game.train(me)
    assert me.level == 5
    assert [card.name for card in me.inventory] == ["Sixth Stone"]


def test_it_adds_a_codestones_printed_boost_and_raises_the_level():
    """CR 6.2.2: base stats include attached Codestones; v1.2: level = Codestones attached."""
    game, me = fresh_game()
    hold(me, EngineCard(codestone("Mau Codestone", attack=1)))
    game.train(me)
    assert (me.level, me.attack) == (1, 4)


def test_it_requires_the_printed_level_to_play_a_card():
    """CR 6.4.2: a level requirement of 2 needs two Codestones."""
    game, me = fresh_game()
    legend = EngineCard(
        info("Big Legend", "Legend", "Draw 1 card.", level=2, effects=[{"do": "draw", "n": 1}])
    )
    hold(me, legend)
    me.codestones = [EngineCard(codestone("One"))]
    game.plays_left = 1
    assert legend not in game.playable(me)
    me.codestones.append(EngineCard(codestone("Two")))
    assert legend in game.playable(me)


def test_it_treats_no_printed_level_as_no_requirement_not_zero():
    """CR 6.4.2 / 9.8.1: a card without a printed level has none (it is not a level 0)."""
    game, me = fresh_game()
    plain = EngineCard(
        info("Plain Legend", "Legend", "Draw 1 card.", effects=[{"do": "draw", "n": 1}])
    )
    zero = EngineCard(
        info("Zero Legend", "Legend", "Draw 1 card.", level=0, effects=[{"do": "draw", "n": 1}])
    )
    assert plain.level is None and zero.level == 0
    hold(me, plain, zero)
    game.plays_left = 1
    assert game.playable(me) == [plain, zero]


def test_it_plays_one_card_per_preparation_phase_but_food_and_map_pieces_freely():
    """CR 5.4.2a, 7.8.5 (Food is not counted), 7.10.6 (any number of Map Pieces)."""
    game, me = fresh_game()
    draw = [{"do": "draw", "n": 1}]
    legends = [
        EngineCard(info(f"Legend {i}", "Legend", "Draw 1 card.", effects=draw)) for i in range(2)
    ]
    hot_dog = EngineCard(info("Hot Dog", "Food", "Draw 1 card.", effects=draw))
    pieces = [
        EngineCard(info(f"Piece {i}", "Map Piece", map_location="Lab Ray", effects=[]))
        for i in range(3)
    ]
    hold(me, *legends, hot_dog, *pieces)
    game.prepare(me)
    played = [e["card"] for e in game.log if e["event"] == "play"]
    assert played.count("Hot Dog") == 1
    assert played.count("Legend 0") + played.count("Legend 1") == 1
    assert set(pieces) <= set(me.map_pieces)


def test_it_replaces_an_equipment_when_all_three_slots_are_full():
    """CR 7.6.5-7.6.6: at most three Equipment; a fourth replaces the one the player sends."""
    game, me = fresh_game(policies=(Scripted(choose_equipment_slot=1), Scripted()))
    old = [stat_card(f"Old {i}", "Equipment") for i in range(3)]
    me.equipment = list(old)
    me.refresh()
    assert me.attack == 3 + 3
    new = stat_card("New", "Equipment", stat="defence", by=2)
    hold(me, new)
    game.play_card(me, new, me.inventory)
    assert [card.name for card in me.equipment] == ["Old 0", "Old 2", "New"]
    assert old[1] in me.discard
    assert (me.attack, me.defence) == (3 + 2, 2 + 2)
    # The log says which Equipment left and where the new one was played from (issue 16, 11).
    logged = [e for e in game.log if e["event"] in ("play", "replaced")]
    assert logged[-2:] == [
        {"turn": game.turn, "player": 0, "event": "play", "card": "New", "source": "inventory"},
        {"turn": game.turn, "player": 0, "event": "replaced", "card": "Old 1", "by": "New"},
    ]


def test_it_keeps_one_faerie_and_voids_the_one_it_replaces():
    """CR 7.3.7 and 7.3.5: one Faerie, Hero or Villain; the one leaving goes to the Void."""
    game, me = fresh_game()
    first, second = stat_card("Fire Faerie", "Faerie", by=2), stat_card("Jeran", "Hero")
    for card in (first, second):
        hold(me, card)
        game.play_card(me, card, me.inventory)
    assert me.faerie is second
    assert me.void == [first]
    assert me.attack == 3 + 1


def test_it_clears_the_battledome_at_the_end_of_a_round_but_keeps_location_and_map_pieces():
    """CR 5.5.10, 7.9.8, 7.10.9: Codestones and Equipment to the Discard, Faeries to the Void;
    Map Pieces and the Location stay; the winner then chooses a Neopet first (5.5.12)."""
    order = []

    def choose(game, decision):
        order.append(decision.seat)
        return decision.options[0]

    game, me = fresh_game(policies=(Scripted(choose_neopet=choose), Scripted(choose_neopet=choose)))
    order.clear()
    stone, gear = EngineCard(codestone()), stat_card("Sword", "Equipment")
    faerie, place = stat_card("Air Faerie", "Faerie"), stat_card("Faerieland", "Location")
    piece = EngineCard(info("Piece", "Map Piece", map_location="Lab Ray", effects=[]))
    me.codestones, me.equipment, me.faerie, me.location = [stone], [gear], faerie, place
    me.map_pieces = [piece]
    me.damage = 4
    assert game.new_round(round_winner=1)
    assert order == [1, 0]
    assert me.codestones == [] and me.equipment == [] and me.faerie is None
    assert stone in me.discard and gear in me.discard and me.void == [faerie]
    assert me.location is place and me.map_pieces == [piece]
    assert me.damage == 0 and me.active.name == "Red Kau"


def test_it_paints_the_neopet_keeping_damage_codestones_and_equipment():
    """CR 7.4.4-7.4.5, 8.20.10: the active Neopet goes to the Rainbow Pool and the painted one
    takes its place with its damage, Codestones and Equipment; the brush goes to the Discard."""
    game, me = fresh_game(rainbow_pool=[FIRE_ACARA])
    brush, gear = EngineCard(BRUSH), stat_card("Sword", "Equipment")
    me.codestones, me.equipment, me.damage, me.frozen = [EngineCard(codestone())], [gear], 3, True
    hold(me, brush)
    game.plays_left = 1
    assert brush in game.playable(me)
    game.play_card(me, brush, me.inventory)
    assert me.active.name == "Fire Acara"
    assert [card.name for card in me.rainbow_pool] == ["Blue Acara"]
    assert (me.damage, me.level, me.equipment, me.frozen) == (3, 1, [gear], True)
    assert me.attack == 5 + 1 + 1
    assert me.discard == [brush]


def test_it_does_not_offer_a_paint_brush_without_its_rainbow_pool_neopet():
    """CR 7.4.7 / 7.4.8."""
    game, me = fresh_game()
    brush = EngineCard(BRUSH)
    hold(me, brush)
    game.plays_left = 1
    assert brush not in game.playable(me)


def test_it_plays_the_lab_ray_from_the_rainbow_pool_once_its_map_pieces_are_collected():
    """CR 7.9.4 (begins in the Rainbow Pool), 7.10.9 (Map Pieces until the condition is met)."""
    lab_ray = info(
        "Lab Ray",
        "Location",
        "Needs 3 pieces; transforms.",
        begins_in_rainbow_pool=True,
        effects=[{"do": "requires_map_pieces", "n": 3}, {"do": "transform", "via": "Lab Ray"}],
    )
    sponge = neopet(
        "Sponge Acara",
        9,
        2,
        5,
        3,
        species="Acara",
        type_="Rainbow Pool Neopet",
        location="Lab Ray",
        effects=[{"do": "halve_damage", "when": "while_in_play"}],
    )
    game, me = fresh_game(rainbow_pool=[lab_ray, sponge])
    location = next(card for card in me.rainbow_pool if card.name == "Lab Ray")
    game.plays_left = 1
    pieces = [
        EngineCard(info(f"Piece {i}", "Map Piece", map_location="Lab Ray", effects=[]))
        for i in range(3)
    ]
    me.map_pieces = pieces[:2]
    assert location not in game.playable(me)
    me.map_pieces.append(pieces[2])
    assert location in game.playable(me)
    game.play_card(me, location, me.rainbow_pool)
    assert me.location is location
    assert me.map_pieces == [] and me.discard == pieces  # their condition is met
    assert me.active.name == "Sponge Acara" and me.halves_damage


def test_it_collects_a_map_piece_an_effect_plays_from_the_discard():
    """CR 7.10.7 / 8.20.2e: an effect that plays a card may collect a Map Piece instead; the
    piece goes into play, not back to the Discard."""
    piece = EngineCard(info("Piece 1", "Map Piece", map_location="Lab Ray", effects=[]))
    salvage = EngineCard(
        info(
            "Sample Salvage Legend",
            "Legend",
            "Play a Map Piece from your Discard.",
            effects=[{"do": "replay", "type": "Map Piece"}],
        )
    )
    game, me = fresh_game()
    me.discard = [piece]
    hold(me, salvage)
    game.play_card(me, salvage, me.inventory)
    assert me.map_pieces == [piece]
    assert me.discard == [salvage]


def test_it_knocks_out_a_neopet_losing_its_hit_points_equipment_and_keeps_the_new_one():
    """CR 7.6.6 with 5.5.7e: replacing the +2 Hit Points Equipment leaves the Neopet with damage
    equal to its Hit Points, so it is knocked out; the new Equipment, on the queue as it was
    played, goes to the Discard at End of Round Cleanup (5.5.9c, 8.10.5) instead of vanishing."""
    game, me = fresh_game(policies=(Scripted(choose_equipment_slot=0), Scripted()))
    amulet = stat_card("Sample Amulet", "Equipment", stat="hp", by=2)
    me.equipment = [amulet, stat_card("Old 1", "Equipment"), stat_card("Old 2", "Equipment")]
    me.refresh()
    me.damage = me.hp - 1
    new = stat_card("Sample Sword", "Equipment")
    hold(me, new)
    with pytest.raises(KnockOut) as knocked:
        game.play_card(me, new, me.inventory)
    assert knocked.value.loser == me.index
    game.new_round(round_winner=1)
    assert amulet in me.discard and new in me.discard


def test_it_offers_a_location_held_in_the_inventory_only_once_its_map_pieces_are_collected():
    """CR 7.10.9: a Location needing Map Pieces is played from the Inventory only once they
    are collected, as from the Rainbow Pool."""
    ruins = EngineCard(
        info("Lost Ruins", "Location", effects=[{"do": "requires_map_pieces", "n": 2}])
    )
    game, me = fresh_game()
    hold(me, ruins)
    game.plays_left = 1
    piece = info("Ruins Piece", "Map Piece", map_location="Lost Ruins", effects=[])
    me.map_pieces = [EngineCard(piece)]
    assert ruins not in game.playable(me)
    me.map_pieces.append(EngineCard(piece))
    assert ruins in game.playable(me)


def test_every_attached_codestones_boost_adds_to_the_stats_agility_too():
    """CR 6.2.2 and 7.11.3: an attached Codestone's printed boost adds to the Neopet's stats,
    each Codestone's on top of the others'."""
    _, me = fresh_game()
    assert (me.agility, me.defence) == (6, 2)  # Blue Acara's printed stats
    me.attach(EngineCard(codestone("Swift Codestone", agility=1)))
    me.attach(EngineCard(codestone("Swifter Codestone", agility=2, defence=1)))
    assert (me.agility, me.defence) == (9, 3)


def test_passive_rerolls_and_extra_attack_dice_of_two_cards_add_up():
    """CR 8.18: each card's passive ability applies while it is in play, so two Equipment
    giving a reroll and an extra attack die give two of each."""
    _, me = fresh_game()
    for n in (1, 2):
        me.equipment.append(
            EngineCard(
                info(
                    f"Lucky Charm {n}",
                    "Equipment",
                    effects=[
                        {"do": "reroll", "n": 1, "when": "while_in_play"},
                        {"do": "extra_dice", "n": 1, "step": "attack"},
                    ],
                )
            )
        )
    me.refresh()
    assert (me.rerolls, me.extra_attack_dice, me.extra_defence_dice) == (2, 2, 0)


def test_attack_defence_and_agility_are_capped_at_10_and_count_0_below_0():
    """CR 6.2.4: Attack, Defence and Agility never exceed 10; a stat below 0 rolls no dice, so
    it counts as 0; a stat of 1 stays 1."""
    _, me = fresh_game()
    me.mods = [
        (ATTACK, 8, "end_of_turn"),
        (DEFENCE, -1, "end_of_turn"),
        (AGILITY, -7, "end_of_turn"),
    ]
    me.refresh()  # Blue Acara: 3 / 2 / 6
    assert (me.attack, me.defence, me.agility) == (10, 1, 0)
