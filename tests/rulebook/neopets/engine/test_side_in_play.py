"""A player's side as the cards in play make it (CR 6.2.2 Codestone boosts, 7.4.7 Paint Brushes,
7.11.4 Train Phase, 8.18 passive abilities, 10.1.1 halved battle damage): each card compiled
inside its test (docs/testing/mutants.md)."""

from rulebook.neopets.engine.cards import EngineCard

from .builders import (
    Scripted,
    battle_ready,
    codestone,
    deck_of,
    empty_inventories,
    faces,
    filler,
    game_between,
    info,
    neopet,
)


def side_with(neopets, rainbow_pool=()):
    game = game_between(
        deck_of(filler(), neopets=neopets, rainbow_pool=rainbow_pool),
        policies=(Scripted(choose_neopet=lambda g, d: d.options[0]), Scripted()),
    )
    empty_inventories(game)
    return game, game.sides[0]


def test_a_codestones_hit_point_boost_adds_to_the_neopets_hit_points():
    """CR 6.2.2, 7.11.3: an attached Codestone's printed boost adds to the base stats, Hit
    Points too."""
    _, me = side_with([neopet("Blue Acara", 8, 3, 2, 6), neopet("Red Kau")])
    me.attach(EngineCard(codestone("Sturdy Codestone", hp=2)))
    assert me.hp == 10


def test_a_codestone_is_attached_in_each_train_phase_while_the_inventory_holds_one():
    """CR 5.3, 7.11.4: one Codestone a Train Phase; with two in the Inventory, the next turn's
    Train Phase attaches the second."""
    game, me = side_with([neopet("Blue Acara"), neopet("Red Kau")])
    for name in ("First Stone", "Second Stone"):
        me.take(EngineCard(codestone(name)))
    game.train(me)
    game.train(me)
    assert me.level == 2 and me.inventory == []


def test_passive_extra_defence_dice_of_two_cards_add_up():
    """CR 8.18: each card's passive ability applies while it is in play: two Equipment each
    giving an extra defence die give two."""
    _, me = side_with([neopet("Blue Acara"), neopet("Red Kau")])
    for n in (1, 2):
        shield = info(
            f"Shield {n}", "Equipment", effects=[{"do": "extra_dice", "n": 1, "step": "defence"}]
        )
        me.equipment.append(EngineCard(shield))
    me.refresh()
    assert (me.extra_attack_dice, me.extra_defence_dice) == (0, 2)


def test_a_passive_that_halves_battle_damage_halves_it():
    """CR 10.1.1: battle damage to a Neopet whose card in play halves it is halved, rounded
    down (3 -> 1)."""
    game, me, opponent = battle_ready()
    sponge = info("Sponge Armour", "Equipment", effects=[{"do": "halve_damage"}])
    opponent.equipment.append(EngineCard(sponge))
    opponent.refresh()
    opponent.attack, opponent.defence, opponent.agility = 3, 3, 3
    game.chance.random = faces(6, 6, 6, 1, 1, 1)
    game.battle(me)
    assert opponent.damage == 1


def test_a_paint_brush_paints_into_the_rainbow_pool_neopet_of_the_active_species():
    """CR 7.4.7: the brush turns the active Neopet into the Rainbow Pool Neopet of its species
    painted with that brush, not one of another species with the same brush."""
    painted = {
        species: neopet(
            f"Fire {species}",
            species=species,
            type_="Rainbow Pool Neopet",
            paint_brush="Fire Paint Brush",
        )
        for species in ("Kau", "Acara")
    }
    game, me = side_with(
        [neopet("Blue Acara"), neopet("Red Kau")],
        rainbow_pool=[painted["Kau"], painted["Acara"]],
    )
    brush = EngineCard(info("Fire Paint Brush", "Paint Brush", effects=[]))
    me.take(brush)
    game.plays_left = 1
    game.play_card(me, brush, me.inventory)
    assert me.active.name == "Fire Acara"
