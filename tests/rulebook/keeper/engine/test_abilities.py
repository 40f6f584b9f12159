"""Abilities, traps, triggers, targets and counters, each from the card's parsed text
(rulebook, "Creature Abilities", "Casting Spells and Setting Traps", "Ability
Clarifications/Rulings"; guide, "Effects" and "Target Selections")."""

from __future__ import annotations

from rulebook.keeper.engine.policy import HeuristicPolicy

from .builders import creature, filler_card, fix_dice, in_play, new_game, spell


def second_wind():
    return spell(
        "Wind", "Activate when you take at least 10 damage. Increase your hitpoints by 5.", 8
    )


def test_an_ability_is_activated_by_exhausting_its_creature_and_paying_its_cost():
    """Creature Abilities: exhaust to activate; the activation cost is paid on activation."""
    filler = filler_card()
    game = new_game()
    me = game.players[0]
    scribe = in_play(
        game, 0, creature("Scribe", 1, 5, "STUDY: Exhaust 2 of your resources. Draw 1 card.")
    )
    me.resources.extend([filler] * 2)
    (ability,) = scribe.card.abilities
    assert game.can_activate(me, ability, scribe)
    game.activate_creature(me, scribe, ability)
    assert scribe.exhausted and me.spent == 2 and len(me.hand) == 1
    assert not game.can_activate(me, ability, scribe)  # no resource left to exhaust


def test_counters_placed_on_this_card_pay_a_later_ability():
    """ "Target this card. Place [x] counters on each target." then "Remove [x] counters from
    this card." (an activation cost)."""
    game = new_game()
    me, them = game.players
    text = (
        "CHARGE: Target this card. Place 2 counters on each target.\n"
        "BURST: Remove 2 counters from this card. Target up to 1 card in play. Roll 3 six-sided "
        "dice and inflict the result of each die as damage to one target."
    )
    mage = in_play(game, 0, creature("Mage", 1, 5, text))
    victim = in_play(game, 1, creature("Victim", 1, 20))
    charge, burst = mage.card.abilities
    assert not game.can_activate(me, burst, mage)
    game.activate_creature(me, mage, charge)
    assert mage.counters == 2
    mage.exhausted = False
    fix_dice(game, [4, 5, 6])
    game.activate_creature(me, mage, burst)
    assert mage.counters == 0
    assert victim.defense == 20 - 15  # the heuristic aims the hostile dice at the opponent
    assert them.hp == 20


def test_a_spell_is_cast_from_hand_then_goes_to_the_graveyard():
    """Casting Spells: pay, follow the card at once, send it to the graveyard."""
    filler = filler_card()
    game = new_game()
    me, them = game.players
    collapse = spell("Collapse", "Target up to 1 card in play. Destroy all targets.", cost=3)
    me.hand = [collapse]
    me.resources.extend([filler] * 3)
    mine = in_play(game, 0, creature("Mine", 3, 10))
    theirs = in_play(game, 1, creature("Theirs", 3, 10))
    game.cast(me, collapse)
    assert theirs not in them.creatures and mine in me.creatures
    assert me.graveyard == [collapse] and them.graveyard == [theirs.card]
    assert me.unspent == 0


def test_a_trap_is_set_exhausted_and_springs_when_its_condition_is_met():
    """Traps: cost paid when set, face-down and exhausted; activated (unexhausted) when the
    activation condition says ("Activate when you take at least [x] damage.")."""
    filler = filler_card()
    game = new_game()
    me = game.players[0]
    wind = second_wind()
    me.hand = [wind]
    me.resources.extend([filler] * 8)
    me.hp = 50
    game.set_trap(me, wind)
    trap = me.traps[0]
    assert trap.exhausted and me.unspent == 0
    game.damage_player(me, 12)
    game.settle()
    assert me.traps == [trap]  # exhausted: it cannot spring yet
    game.recovery_phase()
    game.damage_player(me, 9)
    game.settle()
    assert me.traps == [trap]  # 9 is not at least 10
    game.damage_player(me, 10)
    game.settle()
    assert me.traps == [] and me.graveyard == [wind]
    assert me.hp == 50 - 12 - 9 - 10 + 5


def test_a_spell_with_a_condition_can_be_cast_from_hand_when_it_is_met():
    """Casting Spells: a spell with an activation condition is cast at the time it says."""
    filler = filler_card()
    game = new_game()
    me = game.players[0]
    wind = second_wind()
    me.hand = [wind]
    me.resources.extend([filler] * 8)
    game.damage_player(me, 10)
    game.settle()
    assert me.hand == [] and me.hp == 15 and me.spent == 8


def test_a_destroyed_creature_uses_its_last_ability_from_the_graveyard():
    """ "Activate when this in-play card is destroyed." ruling: used from the graveyard."""
    game = new_game()
    me, them = game.players
    spirit = in_play(
        game,
        0,
        creature(
            "Spirit",
            3,
            5,
            "LAST RITES: Activate when this in-play card is destroyed. Target up to 1 card in "
            "play. Destroy all targets.",
        ),
    )
    theirs = in_play(game, 1, creature("Theirs", 4, 10))
    game.damage_creature(spirit, 6, 1, theirs.card)
    game.settle()
    assert spirit not in me.creatures and theirs not in them.creatures


def test_an_idle_creature_with_that_caveat_is_destroyed_after_its_battle_phase():
    """Caveat: "If this in-play creature is unexhausted at the end of your own Battle Phase,
    destroy this creature."."""

    class Passive(HeuristicPolicy):
        def next_battle(self, game, decision):
            return None

    game = new_game(policies=(Passive(), Passive()))
    me = game.players[0]
    text = (
        "If this in-play creature is unexhausted at the end of your own Battle Phase, "
        "destroy this creature."
    )
    idle = in_play(game, 0, creature("Idle", 3, 5, text))
    game.battle_phase(me)
    assert idle not in me.creatures


def test_an_opponent_selects_targets_to_the_casters_cost():
    """ "Selected by an opponent" ruling: the opponent must pick that many, and picks what hurts
    the caster most (here the caster's own creature for a hostile effect)."""
    game = new_game()
    me, them = game.players
    turncoat = spell(
        "Turncoat",
        "Target up to 1 card in play selected by an opponent of your choice. Switch control of "
        "each target in-play creature to a different player of your choice until the end of "
        "this turn.",
    )
    mine = in_play(game, 0, creature("Mine", 5, 10))
    in_play(game, 1, creature("Theirs", 1, 5))
    game.resolve(me, turncoat.abilities[0], turncoat, None)
    assert mine in them.creatures and mine.controller == 1
    game.recovery_phase()  # "until the end of this turn"
    assert mine in me.creatures and mine.controller == 0


def test_offense_boosts_are_spread_and_reset_in_the_recovery_phase():
    """ "Increase targets' offense by a total of [x]." spread over the targets; Recovery Phase."""
    game = new_game()
    me = game.players[0]
    banner = spell(
        "Banner", "Target up to 2 cards in play. Increase targets' offense by a total of 3."
    )
    a = in_play(game, 0, creature("A", 2, 5))
    b = in_play(game, 0, creature("B", 1, 5))
    game.resolve(me, banner.abilities[0], banner, None)
    assert a.offense + b.offense == 3 + 3 and a.offense > 2 and b.offense > 1
    game.recovery_phase()
    assert (a.offense, b.offense) == (2, 1)


def test_weakness_counters_are_spent_by_their_placer_when_the_creature_battles():
    """Weakness counters: the placer removes them to lower the creature's offense by 1 each."""
    game = new_game()
    me, them = game.players
    curse = spell(
        "Curse",
        "Target up to 1 card in play. Place 2 weakness counters on each target; you can remove a "
        "weakness counter from a card at any time to decrease its offense by 1.",
    )
    brute = in_play(game, 1, creature("Brute", 3, 10))
    game.resolve(me, curse.abilities[0], curse, None)
    assert brute.mark("weakness", 0) == 2
    fix_dice(game, [6])  # one die: 3 offense less 2
    game.battle(them, [brute], me)
    assert me.hp == 14 and brute.mark("weakness", 0) == 0


def test_immortality_counters_prevent_an_explicit_destroy_but_not_damage():
    """Immortality counters: against effects that explicitly destroy or move, not damage."""
    game = new_game()
    them = game.players[1]
    ward = spell(
        "Ward",
        "Target up to 1 card in play. Place 1 immortality counter on each target; you can "
        "remove an immortality counter from a creature at any time to prevent it from being "
        "destroyed or moved to another zone by an effect that would explicitly do so.",
    )
    saint = in_play(game, 1, creature("Saint", 1, 5))
    game.resolve(them, ward.abilities[0], ward, None)  # helpful: on its own creature
    assert saint.mark("immortality", 1) == 1
    game.destroy(saint, explicit=True)
    assert saint in them.creatures and saint.mark("immortality", 1) == 0
    game.damage_creature(saint, 5, 0, None)
    assert saint not in them.creatures


def test_re_rolls_improve_the_lowest_dice_for_the_rest_of_the_turn():
    """ "You may re-roll up to [x] dice for the rest of this turn up to [y] times each."."""
    game = new_game()
    me, them = game.players
    charm = spell(
        "Charm", "You may re-roll up to 2 dice for the rest of this turn up to 1 time each."
    )
    game.resolve(me, charm.abilities[0], charm, None)
    attacker = in_play(game, 0, creature("Attacker", 3, 10))
    fix_dice(game, [1, 2, 6, 5, 4])  # 1 and 2 are re-rolled into 5 and 4
    game.battle(me, [attacker], them)
    assert them.hp == 20 - (6 + 5 + 4)
    game.recovery_phase()
    assert me.rerolls == (0, 0)


def test_summon_from_a_graveyard_pays_the_usual_cost():
    """ "Reveal all targets, then summon or cast any number of targets that are not in play
    (paying the usual costs).": the summoned creature keeps its owner."""
    filler = filler_card()
    game = new_game()
    me, them = game.players
    robber = spell(
        "Robber",
        "Target up to 1 card in one player's graveyard randomly. Reveal all targets, then summon "
        "or cast any number of targets that are not in play (paying the usual costs).",
    )
    dragon = creature("Dragon", 6, 15, cost=5)
    me.graveyard = [dragon]
    game.resolve(me, robber.abilities[0], robber, None)
    assert me.graveyard == [dragon]  # cannot pay 5
    me.resources.extend([filler] * 5)
    game.resolve(me, robber.abilities[0], robber, None)
    assert [c.card for c in me.creatures] == [dragon] and me.unspent == 0
    assert me.creatures[0].owner == 0 and them.creatures == []


def test_the_heuristic_banks_leftover_resources_in_a_trap_and_springs_it_later():
    """Traps: cost paid when set; an unconditioned trap is activated in a later Action Phase,
    for free, once it has a target (issue 10 item 3: the heuristic uses traps)."""
    filler = filler_card()
    game = new_game()
    me, them = game.players
    collapse = spell("Collapse", "Target up to 1 card in play. Destroy all targets.", cost=3)
    me.hand = [collapse]
    me.resources.extend([filler] * 3)
    game.action_phase(me)  # no target yet: set it
    assert me.hand == [] and me.traps[0].card is collapse and me.unspent == 0
    game.recovery_phase()
    theirs = in_play(game, 1, creature("Theirs", 4, 10))
    game.action_phase(me)
    assert me.traps == [] and theirs not in them.creatures
    assert me.unspent == 3  # springing a trap costs nothing more
