"""The effect vocabulary (rulebook.neopets.effects) and what the engine does with each effect."""

import pytest

from rulebook.core.decisions import IllegalAnswer
from rulebook.core.stepping import direct_game
from rulebook.neopets.effects import effect_problems, unsupported_effects
from rulebook.neopets.engine import play_game
from rulebook.neopets.engine.cards import EngineCard
from rulebook.neopets.engine.dice import d3_of
from rulebook.neopets.engine.game import Game

from .builders import (
    Scripted,
    codestone,
    deck_of,
    empty_inventories,
    faces,
    filler,
    game_between,
    info,
    neopet,
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


def logged(game, *events):
    return [
        {key: value for key, value in e.items() if key != "turn"}
        for e in game.log
        if e["event"] in events
    ]


def first_choices():
    """A player who takes the first cards offered, as many as allowed, and says what it was
    asked to choose them for."""
    return Scripted(choose_cards=lambda game, decision, purpose: decision.options[: decision.most])


def test_8_20_4a_a_freeze_is_logged_against_the_frozen_neopets_player():
    game, me, _ = effect_game()
    play(game, me, sample_card("Freezing Potion"))
    assert logged(game, "freeze") == [{"player": 1, "event": "freeze"}]


def test_8_20_8a_8_20_3a_scrapped_and_discarded_cards_reach_the_discard_and_the_log():
    """Dr. Sloth scraps 3 and makes the opponent discard 1 of 3 (CR 8.20.3a: the discarding
    player chooses, and must choose exactly that many)."""
    chooser = Scripted(choose_cards=lambda game, decision, purpose: decision.options[-1:])
    game, me, opponent = effect_game(policies=(Scripted(), chooser))
    held = [sample_card("Hot Dog"), sample_card("Healing Potion"), sample_card("Freezing Potion")]
    for card in held:
        opponent.take(card)
    top = list(opponent.deck)
    play(game, me, sample_card("Dr. Sloth"))
    scrapped = [e["card"] for e in logged(game, "scrap")]
    assert len(scrapped) == 3 and set(scrapped) <= {card.name for card in top}
    assert logged(game, "scrap")[0]["player"] == 1
    assert logged(game, "discard") == [{"player": 1, "event": "discard", "card": "Freezing Potion"}]
    assert [card.name for card in opponent.discard] == [*scrapped, "Freezing Potion"]
    assert [card.name for card in opponent.inventory] == ["Hot Dog", "Healing Potion"]
    (asked,) = [args for name, args in chooser.asked if name == "choose_cards"]
    assert asked == ("discard",)


def test_8_20_3a_a_discard_of_d3_cards_rolls_the_d3_for_its_controller():
    """A d3 count (CR 9.4.1) is rolled by the card's controller, and that many cards go."""
    forget = EngineCard(
        info("Big Forget", "Potion", effects=[{"do": "discard", "n": "d3", "target": "opponent"}])
    )
    game, me, opponent = effect_game()
    for name in ("Hot Dog", "Healing Potion", "Freezing Potion", "Strength Potion"):
        opponent.take(sample_card(name))
    game.chance.random = faces(3)  # a d3 of 2
    play(game, me, forget)
    assert logged(game, "d3") == [{"player": 0, "event": "d3", "result": 2}]
    assert len(opponent.inventory) == 2 and len(opponent.discard) == 2


def test_8_20_8a_a_scrap_of_d3_cards_rolls_the_d3_for_its_controller():
    scrap = EngineCard(
        info("Big Scrap", "Potion", effects=[{"do": "scrap", "n": "d3", "target": "opponent"}])
    )
    game, me, opponent = effect_game()
    deck = len(opponent.deck)
    game.chance.random = faces(6, 1, 1, 1)  # a d3 of 3, then the three cards taken
    play(game, me, scrap)
    assert logged(game, "d3") == [{"player": 0, "event": "d3", "result": 3}]
    assert len(opponent.deck) == deck - 3


def test_8_20_9a_a_search_adds_the_found_card_to_the_inventory_and_logs_it():
    """Hubert finds a card with "Hot Dog" in its name (CR 8.20.9, 9.9.1); the player is asked
    which, for a search."""
    chooser = first_choices()
    game, me, _ = effect_game(policies=(chooser, Scripted()))
    dog = sample_card("Hot Dog")
    me.deck.append(dog)
    play(game, me, sample_card("Hubert"))
    assert dog in me.inventory and dog not in me.deck
    assert logged(game, "search") == [{"player": 0, "event": "search", "card": "Hot Dog"}]
    assert [args for name, args in chooser.asked if name == "choose_cards"] == [("search",)]


def test_8_20_9_a_search_that_finds_nothing_asks_nothing():
    chooser = first_choices()
    game, me, _ = effect_game(policies=(chooser, Scripted()))
    play(game, me, sample_card("Hubert"))
    assert not logged(game, "search")
    assert not [name for name, _ in chooser.asked if name == "choose_cards"]


def test_9_1_siona_recovers_up_to_two_legends_from_the_discard_and_logs_them():
    chooser = first_choices()
    game, me, _ = effect_game(policies=(chooser, Scripted()))
    legends = [sample_card("Hubert"), sample_card("Vira"), sample_card("Siona")]
    me.discard.extend([*legends, sample_card("Hot Dog")])
    play(game, me, sample_card("Siona"))
    recovered = logged(game, "recover")
    assert len(recovered) == 2 and {e["player"] for e in recovered} == {0}
    assert {e["card"] for e in recovered} <= {"Hubert", "Vira", "Siona"}
    assert sorted(card.name for card in me.inventory) == sorted(e["card"] for e in recovered)
    assert [args for name, args in chooser.asked if name == "choose_cards"] == [("recover",)]


def test_9_1_vira_replays_one_legend_of_the_players_level_or_below():
    """Vira plays a Legend from the Discard; its level requirement still applies (7.3.3): a
    Legend above the player's level stays, and only one is played."""
    game, me, _ = effect_game()
    high = EngineCard(info("High Legend", "Legend", level=me.level + 1, effects=[]))
    fit = EngineCard(info("Fit Legend", "Legend", level=me.level, effects=[]))
    me.discard.extend([high, sample_card("Hot Dog")])
    play(game, me, sample_card("Vira"))
    assert high in me.discard and not [e for e in game.log if e.get("card") == "High Legend"]
    me.discard.append(fit)
    play(game, me, sample_card("Vira"))
    played = [e["card"] for e in game.log if e["event"] == "play"]
    assert played.count("Fit Legend") == 1
    assert "Hot Dog" not in played


def test_8_20_10a_the_lab_ray_transforms_only_into_its_own_species():
    """The Neopet transforms into the Rainbow Pool Neopet of its species naming the Lab Ray."""
    lab = EngineCard(info("Lab Ray", "Location", effects=[{"do": "transform", "via": "Lab Ray"}]))
    game, me, _ = effect_game()
    species = me.active.species
    other = neopet("Lab Grundo", type_="Rainbow Pool Neopet", species="Grundo", location="Lab Ray")
    wrong_via = neopet(
        "Faerie Version", type_="Rainbow Pool Neopet", species=species, location="Faerie Caves"
    )
    me.rainbow_pool.extend([EngineCard(other), EngineCard(wrong_via)])
    before = me.active
    play(game, me, lab)
    assert me.active is before
    own = EngineCard(
        neopet("Lab Version", type_="Rainbow Pool Neopet", species=species, location="Lab Ray")
    )
    me.rainbow_pool.append(own)
    play(game, me, lab)
    assert me.active is own
    assert logged(game, "transform") == [
        {"player": 0, "event": "transform", "card": "Lab Version", "was": before.name}
    ]


def test_7_7_4_a_triggered_damage_roll_is_rolled_as_it_resolves_successes_and_criticals():
    """A triggered ability rolls its dice as it resolves, logged with its card: each success
    (4 or 5) deals n, each critical (6) crit_n (CR 5.5.4b, 7.7.4); a 3 deals nothing."""
    spikes = EngineCard(
        info(
            "Spiked Collar",
            "Equipment",
            effects=[
                {"do": "damage", "n": 1, "crit_n": 2, "roll": 3, "when": "turn_start",
                 "target": "opponent"}
            ],
        )
    )  # fmt: skip
    game, me, opponent = effect_game()
    me.equipment = [spikes]
    me.refresh()
    game.chance.random = faces(6, 4, 3)
    game.trigger(me, "on_turn_start")
    assert logged(game, "trigger") == [{"player": 0, "event": "trigger", "card": "Spiked Collar"}]
    assert logged(game, "roll") == [
        {"player": 0, "event": "roll", "card": "Spiked Collar", "dice": [6, 4, 3]}
    ]
    assert opponent.damage == 3 and me.damage == 0


def test_9_4_1_each_d3_of_an_effect_is_rolled_for_the_cards_controller():
    """Draw d3 and deal d3 damage, each d3 read from its own d6; 2 more plays add to the one
    left (CR 9.1.1)."""
    wild = EngineCard(
        info(
            "Wild Potion",
            "Potion",
            effects=[
                {"do": "draw", "n": "d3"},
                {"do": "extra_play", "n": 2},
                {"do": "damage", "n": "d3", "target": "opponent"},
            ],
        )
    )
    game, me, opponent = effect_game()
    game.plays_left = 1
    game.chance.random = faces(1, 1, 5)  # d3 1, the card drawn, d3 3
    play(game, me, wild)
    assert [e["result"] for e in logged(game, "d3")] == [1, 3]
    assert {e["player"] for e in logged(game, "d3")} == {0}
    assert len(me.inventory) == 1 and game.plays_left == 3 and opponent.damage == 3


def test_9_9_1_a_recovery_of_a_type_takes_only_cards_of_that_type():
    """Siona recovers Legends only: a Food in the Discard stays there."""
    game, me, _ = effect_game()
    me.discard.append(sample_card("Hot Dog"))
    play(game, me, sample_card("Siona"))
    assert [card.name for card in me.discard] == ["Hot Dog", "Siona"]
    assert not logged(game, "recover")


def test_5_5_8b_a_stat_change_that_names_no_duration_ends_with_the_turn():
    """The vocabulary's default duration is the turn (CR 5.5.8b), not the round (5.5.10)."""
    rush = EngineCard(
        info("Rush Potion", "Potion", effects=[{"do": "stat", "stat": "agility", "by": 2}])
    )
    game, me, _ = effect_game()
    base = me.agility
    play(game, me, rush)
    assert me.agility == base + 2
    game.take_turn(me)
    assert me.agility == base


def test_7_7_4_a_damage_roll_naming_no_critical_amount_deals_its_amount_on_a_critical():
    blast = EngineCard(
        info("Blast Potion", "Potion", effects=[{"do": "damage", "n": 2, "roll": 1}])
    )
    game, me, opponent = effect_game()
    game.chance.random = faces(6)
    play(game, me, blast)
    assert opponent.damage == 2


def test_it_plays_the_effects_it_knows_of_a_card_and_skips_the_ones_it_cannot_read():
    """Unknown or malformed effects are listed as unsupported (the record's `unsupported`),
    never played, and the card's readable effects still happen."""
    odd = EngineCard(
        info("Odd Potion", "Potion", effects=["draw", {"do": "teleport"}, {"do": "draw", "n": 1}])
    )
    game, me, _ = effect_game()
    play(game, me, odd)
    assert len(me.inventory) == 1 and odd.unsupported


def test_8_20_15a_priority_goes_round_again_after_each_food_until_both_pass():
    """In the battle's priority window the player without Food passes, the other plays one
    Food at a time, and priority goes round again after each (CR 8.20.15a); a Food of the
    player's own level is playable (6.4.2)."""
    eater = Scripted(choose_food=lambda game, decision, window: decision.options[0]
                     if window == "battle" else None)  # fmt: skip
    game, me, opponent = effect_game(policies=(Scripted(), eater))
    foods = [
        EngineCard(info(f"Level Snack {i}", "Food", level=opponent.level, effects=[]))
        for i in range(2)
    ]
    for food in foods:
        opponent.take(food)
    game.window(me, "battle")
    played = [(e["player"], e["card"]) for e in game.log if e["event"] == "play"]
    assert played == [(1, "Level Snack 0"), (1, "Level Snack 1")]


@pytest.mark.parametrize("takes_it", [True, False])
def test_setting_up_the_starting_player_may_take_or_defer_the_first_turn(takes_it):
    """ "Setting Up the Game": the player chosen at random takes the first turn or gives it to
    the opponent, and the log says which."""
    asked = []

    def answer(game, decision):
        asked.append(decision.seat)
        return takes_it

    players = (Scripted(take_first_turn=answer), Scripted(take_first_turn=answer))
    game = direct_game(Game, [deck_of(filler()), deck_of(filler())], 3, players, record_log=True)
    game.begin()
    (starter,) = asked
    assert game.first == (starter if takes_it else 1 - starter)
    assert logged(game, "first_turn") == [
        {"player": game.first, "event": "first_turn", "deferred": not takes_it}
    ]


def test_a_stat_change_is_logged_with_its_stat_amount_and_duration():
    """Strength Potion: +2 Attack until the end of the turn (CR 5.5.8b), as the log says."""
    game, me, _ = effect_game()
    play(game, me, sample_card("Strength Potion"))
    assert logged(game, "stat") == [
        {"player": 0, "event": "stat", "stat": "attack", "by": 2, "until": "end_of_turn"}
    ]


def test_teeny_hot_dog_turns_the_lowest_of_the_players_battle_dice_into_a_critical():
    """ "Change the result of one of your dice to a critical success (6)": the lowest one."""
    game, me, _ = effect_game()
    game.rolls[0] = [5, 2, 4]
    play(game, me, sample_card("Teeny Hot Dog"))
    assert game.rolls[0] == [5, 6, 4]
    assert logged(game, "set_die") == [{"player": 0, "event": "set_die", "die": 1, "face": 6}]
    game.rolls[0] = [6, 6]
    play(game, me, sample_card("Teeny Hot Dog"))
    assert len(logged(game, "set_die")) == 1  # nothing below a 6 to change


def test_8_20_3a_a_player_told_to_discard_may_not_discard_fewer():
    """ "Your opponent discards 1 card": an answer discarding none is refused."""
    refuses = Scripted(choose_cards=lambda game, decision, purpose: [])
    game, me, opponent = effect_game(policies=(Scripted(), refuses))
    opponent.take(sample_card("Hot Dog"))
    with pytest.raises(IllegalAnswer):
        play(game, me, sample_card("Forgetful Potion"))


def test_9_1_up_to_means_a_player_may_recover_none():
    """Siona adds "up to 2" Legends: choosing none is a legal answer."""
    declines = Scripted(choose_cards=lambda game, decision, purpose: [])
    game, me, _ = effect_game(policies=(declines, Scripted()))
    me.discard.append(sample_card("Hubert"))
    play(game, me, sample_card("Siona"))
    assert not logged(game, "recover") and me.inventory == []


def test_5_5_5_extra_dice_for_defence_are_rolled_in_defence_not_attack():
    """An Equipment's extra dice for the defence step add to the Defence roll only."""
    shield = EngineCard(
        info("Dice Shield", "Equipment", effects=[{"do": "extra_dice", "n": 2, "step": "defence"}])
    )
    _, me, _ = effect_game()
    me.equipment = [shield]
    me.refresh()
    assert (me.extra_attack_dice, me.extra_defence_dice) == (0, 2)


def test_a_set_die_effect_sets_the_face_it_names():
    """A die set to 5 (not always a critical): the lowest of the battle dice becomes a 5."""
    nudge = EngineCard(info("Nudge Snack", "Food", effects=[{"do": "set_die", "value": 5}]))
    game, me, _ = effect_game()
    game.rolls[0] = [3, 1]
    play(game, me, nudge)
    assert game.rolls[0] == [3, 5]


def test_7_7_4_a_d3_damage_roll_deals_1_on_a_critical_unless_it_says_more():
    """Each success deals d3; a critical, with no critical amount given, deals 1."""
    zap = EngineCard(info("Zap Potion", "Potion", effects=[{"do": "damage", "n": "d3", "roll": 1}]))
    game, me, opponent = effect_game()
    game.chance.random = faces(6)
    play(game, me, zap)
    assert opponent.damage == 1
    game.chance.random = faces(4, 5)  # a success, then its d3: 3
    play(game, me, zap)
    assert opponent.damage == 1 + 3
    assert logged(game, "d3")[-1] == {"player": 0, "event": "d3", "result": 3}
