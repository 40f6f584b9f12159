"""The guide's effects on creatures, decks and hitpoints, each as a player sees it play out
(guide, "Effects"; rulebook, "Ability Clarifications/Rulings": "A total of", "Each", "Place all
targets on top of owner's deck in any order"; "Resources, Exhaustion, and Recovery")."""

from __future__ import annotations

from .builders import creature, fix_dice, in_play, new_game, spell

TWO_IN_PLAY = "Target up to 2 cards in play."


def cast(game, text: str, caster: int = 0) -> None:
    card = spell("Test Spell", text)
    game.resolve(game.players[caster], card.abilities[0], card, None)


def test_a_total_of_defense_is_spread_over_the_targets_until_the_recovery_phase():
    """ "Increase targets' defense by a total of [x].": the whole total, spread over the targets
    ("A total of"); the Recovery Phase returns defense to the printed value."""
    game = new_game()
    a = in_play(game, 0, creature("A", 2, 5))
    b = in_play(game, 0, creature("B", 1, 6))
    cast(game, f"{TWO_IN_PLAY} Increase targets' defense by a total of 5.")
    assert a.defense + b.defense == 5 + 6 + 5 and a.defense > 5 and b.defense > 6
    stats = [e for e in game.log if e["event"] == "stat"]
    assert {e["defense"] for e in stats} == {a.defense, b.defense}
    game.recovery_phase()
    assert (a.defense, b.defense) == (5, 6)


def test_a_total_of_offense_taken_never_goes_below_0_on_any_target():
    """ "Decrease targets' offense by a total of [x].": as much of the total as the targets
    have ("You may not reduce either the offense or the defense of any one creature below 0")."""
    game = new_game()
    a = in_play(game, 1, creature("A", 3, 5))
    b = in_play(game, 1, creature("B", 1, 5))
    cast(game, f"{TWO_IN_PLAY} Decrease targets' offense by a total of 3.")
    assert a.offense + b.offense == 1 and min(a.offense, b.offense) >= 0
    cast(game, f"{TWO_IN_PLAY} Decrease targets' offense by a total of 9.")
    assert (a.offense, b.offense) == (0, 0)
    logged = [e["offense"] for e in game.log if e["event"] == "stat"]
    assert logged[-2:] == [0, 0]


def test_a_total_of_damage_goes_past_a_target_only_what_its_defense_takes():
    """ "Inflict a total of [x] damage to targets.": a target takes no more than its defense
    and the rest goes to the others ("you can apply 6 damage to it only, and the remaining 4
    damage must be applied to other cards")."""
    game = new_game()
    them = game.players[1]
    small = in_play(game, 1, creature("Small", 3, 4))
    big = in_play(game, 1, creature("Big", 3, 10))
    cast(game, f"{TWO_IN_PLAY} Inflict a total of 6 damage to targets.")
    assert small not in them.creatures and them.graveyard == [small.card]
    assert big.defense == 10 - 2


def test_each_die_of_dice_damage_goes_to_a_target_still_standing():
    """ "Roll [x] six-sided dice and inflict the result of each die as damage to one target.":
    a die rolled after its target was destroyed hits another target, not the graveyard."""
    game = new_game()
    them = game.players[1]
    first = in_play(game, 1, creature("First", 3, 5))
    second = in_play(game, 1, creature("Second", 3, 20))
    fix_dice(game, [6, 4, 3])
    cast(
        game,
        f"{TWO_IN_PLAY} Roll 3 six-sided dice and inflict the result of each die as "
        "damage to one target.",
    )
    assert first not in them.creatures and second.defense == 20 - 4 - 3
    assert [e["dice"] for e in game.log if e["event"] == "dice"] == [[6], [4], [3]]


def test_targets_go_on_top_of_their_owners_deck():
    """ "Place all targets on top of owner's deck in any order.": the owner's, even of a
    creature another player controls (rulebook, "The Field": a card goes back to its
    owner)."""
    game = new_game()
    me, them = game.players
    borrowed = in_play(game, 0, creature("Borrowed", 3, 5))
    borrowed.owner = 1
    before = len(them.deck)
    cast(
        game,
        "Target up to 1 card in play. Place all targets on top of owner's deck in any order.",
        caster=1,
    )
    assert borrowed not in me.creatures and them.deck[-1] is borrowed.card
    assert len(them.deck) == before + 1 and len(me.deck) == 20
    (moved,) = [e for e in game.log if e["event"] == "moved"]
    assert (moved["to"], moved["player"]) == ("deck", 1)


def test_all_players_draw():
    """ "All players draw [x] cards.": the caster and the opponent alike."""
    game = new_game()
    me, them = game.players
    cast(game, "All players draw 2 cards.")
    assert (len(me.hand), len(them.hand)) == (2, 2)
    assert (len(me.deck), len(them.deck)) == (18, 18)


def test_damage_to_any_one_player_hurts_the_opponent():
    """ "Inflict [x] damage to any one player.": the caster names the opponent."""
    game = new_game()
    me, them = game.players
    cast(game, "Inflict 3 damage to any one player.")
    assert (me.hp, them.hp) == (20, 17)
    assert game.card_damage[0]["Test Spell"] == 3


def test_dice_heal_both_heals_the_caster_then_the_opponent_with_their_own_dice():
    """ "Roll [x] six-sided dice and increase your hitpoints by the result, then roll [x]
    six-sided dice and increase the hitpoints of one opponent by the result."."""
    game = new_game()
    me, them = game.players
    fix_dice(game, [6, 5, 1, 2])
    cast(
        game,
        "Roll 2 six-sided dice and increase your hitpoints by the result, then roll 2 "
        "six-sided dice and increase the hitpoints of one opponent by the result.",
    )
    assert (me.hp, them.hp) == (20 + 11, 20 + 3)
    heals = [(e["player"], e["change"], e["hp"], e["why"]) for e in game.log if e["event"] == "hp"]
    assert heals == [(0, 11, 31, "heal"), (1, 3, 23, "heal")]
    assert [e["dice"] for e in game.log if e["event"] == "dice"] == [[6, 5], [1, 2]]


def test_dice_heal_adds_every_die():
    """ "Roll [x] six-sided dice and increase your hitpoints by the result."."""
    game = new_game()
    me = game.players[0]
    fix_dice(game, [2, 3, 4])
    cast(game, "Roll 3 six-sided dice and increase your hitpoints by the result.")
    assert me.hp == 20 + 9


def test_exhausted_targets_cannot_attack_until_the_recovery_phase():
    """ "Exhaust all targets.": an exhausted creature "cannot currently be used" (rulebook,
    "Resources, Exhaustion, and Recovery") until the Recovery Phase; the log names it."""
    game = new_game()
    them = game.players[1]
    brute = in_play(game, 1, creature("Brute", 3, 10))
    cast(game, "Target up to 1 card in play. Exhaust all targets.")
    assert brute.exhausted and not game.can_attack(them, brute)
    (event,) = [e for e in game.log if e["event"] == "exhaust"]
    assert (event["n"], event["why"]) == (game.ref(brute.card), "effect")
    assert event["player"] == 0  # the caster exhausted it
    game.recovery_phase()
    assert game.can_attack(them, brute)


def test_destroy_all_targets_is_stopped_by_an_immortality_counter():
    """ "Destroy all targets." explicitly destroys, so the controller who placed an
    immortality counter removes it to save the creature ("Effect that would explicitly destroy
    it" ruling); the counter is spent."""
    game = new_game()
    them = game.players[1]
    saint = in_play(game, 1, creature("Saint", 3, 10))
    saint.add_marks("immortality", 1, 1)
    cast(game, "Target up to 1 card in play. Destroy all targets.")
    assert saint in them.creatures and saint.mark("immortality", 1) == 0


def test_an_offense_boost_on_one_target_is_logged_with_its_card():
    """ "Increase targets' offense by a total of [x].": one target takes all of it."""
    game = new_game()
    ally = in_play(game, 0, creature("Ally", 2, 5))
    cast(game, "Target up to 1 card in play. Increase targets' offense by a total of 3.")
    assert ally.offense == 5
    (stat,) = [e for e in game.log if e["event"] == "stat"]
    assert (stat["n"], stat["offense"]) == (game.ref(ally.card), 5)


def test_a_switch_of_control_is_logged_with_the_new_controller():
    """ "Switch control of each target in-play creature to a different player of your choice
    until the end of this turn.": the log says who controls which creature, and why."""
    game = new_game()
    me = game.players[0]
    theirs = in_play(game, 1, creature("Theirs", 3, 10))
    cast(
        game,
        "Target up to 1 card in play. Switch control of each target in-play creature to a "
        "different player of your choice until the end of this turn.",
    )
    assert theirs in me.creatures
    (control,) = [e for e in game.log if e["event"] == "control"]
    assert (control["player"], control["n"], control["why"]) == (0, game.ref(theirs.card), "effect")


def test_a_total_of_offense_taken_is_spread_from_the_highest_offense_down():
    """ "Decrease targets' offense by a total of [x].": the caster spreads it ("A total of"); the
    engine spreads it for them from the highest offense down (stated in `simplifications`), and
    logs each target's new offense as the caster's change."""
    game = new_game()
    high = in_play(game, 1, creature("High", 3, 5))
    low = in_play(game, 1, creature("Low", 1, 5))
    cast(game, f"{TWO_IN_PLAY} Decrease targets' offense by a total of 2.")
    assert (high.offense, low.offense) == (1, 1)
    stats = [(e["player"], e["n"], e["offense"]) for e in game.log if e["event"] == "stat"]
    assert stats == [(0, game.ref(high.card), 1), (0, game.ref(low.card), 1)]


def test_a_total_of_damage_gives_a_target_at_0_defense_no_share():
    """ "A total of": "You may not reduce either the offense or the defense of any one creature
    below 0", so a creature at 0 defense (rulebook: "it is possible for creatures to have 0
    defense") takes none of the total and the rest goes to the others. The damage dealt counts
    for the card that dealt it (each result's `card_damage`)."""
    game = new_game()
    them = game.players[1]
    zero = in_play(game, 1, creature("Zero", 3, 0))
    big = in_play(game, 1, creature("Big", 3, 10))
    cast(game, f"{TWO_IN_PLAY} Inflict a total of 4 damage to targets.")
    assert zero in them.creatures and zero.defense == 0
    assert big.defense == 10 - 4
    assert game.card_damage[0] == {"Test Spell": 4} and not game.card_damage[1]


def test_dice_to_yourself_then_to_any_one_player_hurts_the_opponent_by_their_own_dice():
    """ "Roll [x] six-sided dice and inflict the result as damage to yourself, then roll [x]
    six-sided dice and inflict the result as damage to any one player.": the second roll hurts
    the opponent by its whole result, and counts as the card's damage; the damage to the caster
    is not the card's damage dealt."""
    game = new_game()
    me, them = game.players
    fix_dice(game, [2, 1, 6, 5])
    cast(
        game,
        "Roll 2 six-sided dice and inflict the result as damage to yourself, then roll 2 "
        "six-sided dice and inflict the result as damage to any one player.",
    )
    assert (me.hp, them.hp) == (20 - 3, 20 - 11)
    assert game.card_damage[0] == {"Test Spell": 11} and not game.card_damage[1]


def test_an_effect_after_a_target_left_play_does_not_act_on_it_in_the_graveyard():
    """Targets stay targets wherever they move, and each effect finds them where the earlier
    ones left them ("Target" ruling): a creature destroyed by the first effect is in its
    owner's graveyard, where "Exhaust all targets." does not reach it (it exhausts "cards in
    play", "Resources, Exhaustion, and Recovery")."""
    game = new_game()
    them = game.players[1]
    brute = in_play(game, 1, creature("Brute", 3, 10))  # unexhausted
    cast(game, "Target up to 1 card in play. Destroy all targets. Exhaust all targets.")
    assert brute not in them.creatures and them.graveyard == [brute.card]
    assert not brute.exhausted
    assert not [e for e in game.log if e["event"] == "exhaust"]


def test_counters_placed_add_to_those_a_creature_has_and_the_log_names_them():
    """ "Place [x] counters on each target.": each target gets x more plain counters, on top of
    those it has ("Counters" ruling: counters go only on creatures); the log names the
    creature, the caster who placed them, their kind and how many."""
    game = new_game()
    held = in_play(game, 0, creature("Held", 3, 5))
    held.counters = 2
    cast(game, "Target up to 1 card in play. Place 3 counters on each target.")
    assert held.counters == 2 + 3
    (event,) = [e for e in game.log if e["event"] == "counters"]
    assert (event["player"], event["n"], event["kind"], event["placed"]) == (
        0,
        game.ref(held.card),
        "plain",
        3,
    )


def test_stat_changes_are_logged_as_the_casters_on_each_creature():
    """ "Increase targets' offense / defense by a total of [x].": each target's new figure is
    logged with the creature and the caster who changed it."""
    game = new_game()
    a = in_play(game, 0, creature("A", 2, 5))
    cast(game, "Target up to 1 card in play. Increase targets' offense by a total of 2.")
    cast(game, "Target up to 1 card in play. Increase targets' defense by a total of 3.")
    stats = [(e["player"], e["n"], e.get("offense"), e.get("defense")) for e in game.log
             if e["event"] == "stat"]  # fmt: skip
    assert stats == [(0, game.ref(a.card), 4, None), (0, game.ref(a.card), None, 8)]


def test_dice_damage_counts_as_the_cards_damage_dealt():
    """ "Roll [x] six-sided dice and inflict the result of each die as damage to one target.":
    the damage counts for the card and its caster (each result's `card_damage`)."""
    game = new_game()
    in_play(game, 1, creature("Big", 3, 20))
    fix_dice(game, [4, 2])
    cast(
        game,
        "Target up to 1 card in play. Roll 2 six-sided dice and inflict the result of each die "
        "as damage to one target.",
    )
    assert game.card_damage[0] == {"Test Spell": 6} and not game.card_damage[1]
