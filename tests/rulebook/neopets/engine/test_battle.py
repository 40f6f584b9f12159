"""The dice battle (CR 5.5.4-5.5.7), freezing (8.20.4), the stat cap (6.2.4), knock-outs."""

import pytest

from rulebook.neopets.engine.cards import EngineCard
from rulebook.neopets.engine.dice import battle_damage
from rulebook.neopets.engine.game import KnockOut

from .builders import (
    Scripted,
    battle_ready,
    codestone,
    deck_of,
    faces,
    filler,
    game_between,
    info,
    neopet,
)


def test_it_counts_the_rulebook_example_battle_as_two_damage():
    """v1.2 rulebook, Compare Dice and Calculate Damage: 6,4,4,3,1 against 5,3,2,2."""
    assert battle_damage([6, 4, 4, 3, 1], [5, 3, 2, 2]) == 2


def test_it_never_blocks_a_critical_even_with_sixes():
    """CR 5.5.7c: a 6 on an attack die cannot be blocked, whatever the defence rolled."""
    assert battle_damage([6, 6], [6, 6, 6]) == 2


def test_it_blocks_one_hit_per_defence_success_of_four_to_six():
    """CR 5.5.7b: each 4-5 hit is blocked by one 4, 5 or 6 on a defence die."""
    assert battle_damage([4, 5, 5], [4, 6]) == 1
    assert battle_damage([4, 5], [6, 5, 4]) == 0
    assert battle_damage([4, 1, 6], []) == 2
    assert battle_damage([3, 2, 1], [1]) == 0


def test_it_rolls_attack_dice_equal_to_attack_and_defence_dice_equal_to_defence():
    """CR 5.5.4b / 5.5.5b."""
    game, me, opponent = battle_ready(attacker=(4, 0, 3), defender=(0, 2, 3))
    game.chance.random = faces(4, 4, 4, 6, 1, 5)
    game.battle(me)
    battle = [e for e in game.log if e["event"] == "battle"][-1]
    assert battle["attack"] == [4, 4, 4, 6]
    assert battle["defence"] == [1, 5]
    assert opponent.damage == 3


def test_it_lets_the_faster_attacker_reroll_up_to_the_agility_difference():
    """CR 5.5.6b-d: Agility 6 against 3 allows three rerolls, and only the faster Neopet's."""
    limits = []
    policy = Scripted(
        choose_rerolls=lambda game, decision, dice, other, attacking: (
            limits.append(decision.most)
            or [i for i, face in enumerate(dice) if face <= 5][: decision.most]
        )
    )
    game, me, opponent = battle_ready((4, 3, 6), (3, 2, 3), policies=(policy, policy))
    game.chance.random = faces(1, 1, 1, 5, 4, 4, 6, 6, 6)
    game.battle(me)
    assert opponent.damage == 3  # three rerolled 6s, the 5 blocked
    assert limits == [3]
    battle = [e for e in game.log if e["event"] == "battle"][-1]
    assert battle["attack"] == [6, 6, 6, 5]


def test_the_log_records_every_battle_die_the_rerolled_ones_too():
    """CR 5.5.6c-d: the faces a reroll replaced are in the log beside the new ones."""
    game, me, _ = battle_ready((2, 3, 4), (1, 1, 3))
    game.chance.random = faces(1, 6, 5, 4)
    game.battle(me)
    (reroll,) = [e for e in game.log if e["event"] == "reroll"]
    assert (reroll["dice"], reroll["was"], reroll["faces"]) == ([0], [1], [4])
    battle = [e for e in game.log if e["event"] == "battle"][-1]
    assert (battle["attack"], battle["defence"]) == ([4, 6], [5])


def test_the_log_records_a_d3_roll():
    """CR 9.4.1: a d3 is a die rolled, and the log has it."""
    game, me, _ = battle_ready()
    game.chance.random = faces(5)
    assert game.amount("d3", me) == 3
    assert [e for e in game.log if e["event"] == "d3"] == [
        {"turn": 2, "player": 0, "event": "d3", "result": 3}
    ]


def test_it_lets_a_faster_defender_reroll_failed_blocks():
    """CR 5.5.6b: the defender rerolls when its Neopet is the faster one."""
    game, me, opponent = battle_ready(attacker=(3, 3, 2), defender=(3, 2, 5))
    game.chance.random = faces(4, 4, 4, 1, 1, 5, 5)
    game.battle(me)
    assert opponent.damage == 1


def test_it_gives_no_rerolls_at_equal_agility():
    calls = []
    policy = Scripted(choose_rerolls=lambda game, decision, *args: calls.append(args) or [])
    game, me, _ = battle_ready((3, 3, 4), (3, 3, 4), policies=(policy, policy))
    game.chance.random = faces(1, 1, 1, 1, 1, 1)
    game.battle(me)
    assert calls == []


def test_it_skips_a_frozen_neopets_next_attack_only():
    """CR 8.20.4b-c: a frozen Neopet does not attack in its next Battle Phase, then does."""
    game, me, opponent = battle_ready()
    me.frozen = True
    game.battle(me)
    assert game.battles == 0 and not me.frozen
    game.chance.random = faces(6, 6, 6, 1, 1, 1)
    game.battle(me)
    assert game.battles == 1 and opponent.damage == 3


def test_it_still_rolls_defence_for_a_frozen_neopet():
    """CR 8.20.4b: a frozen Neopet can still defend."""
    game, me, opponent = battle_ready()
    opponent.frozen = True
    game.chance.random = faces(4, 4, 4, 5, 5, 5)
    game.battle(me)
    assert opponent.damage == 0 and opponent.frozen


def test_it_keeps_damage_between_turns():
    """CR 5.5.7d."""
    game, me, opponent = battle_ready()
    game.chance.random = faces(6, 1, 1, 1, 1, 1)
    game.battle(me)
    game.chance.random = faces(6, 6, 1, 1, 1, 1)
    game.battle(me)
    assert opponent.damage == 3


def test_it_knocks_out_a_neopet_whose_damage_reaches_its_hit_points():
    """CR 5.5.7e: damage equal to or greater than Hit Points ends the round at once."""
    game, me, opponent = battle_ready()
    opponent.damage = opponent.hp - 1
    game.chance.random = faces(6, 6, 1, 1, 1, 1)
    with pytest.raises(KnockOut) as knocked:
        game.battle(me)
    assert knocked.value.loser == opponent.index


def test_it_halves_battle_damage_to_a_lab_ray_sponge_rounding_down():
    """CR 10.1.1: the total is halved, then rounded down (3 -> 1)."""
    game, me, opponent = battle_ready()
    opponent.halves_damage = True
    game.chance.random = faces(6, 6, 6, 1, 1, 1)
    game.battle(me)
    assert opponent.damage == 1


def test_it_caps_attack_defence_and_agility_at_ten_but_not_hit_points():
    """CR 6.2.4; Codestone boosts add to the printed base stats (6.2.2)."""
    game = game_between(deck_of(filler()))
    me = game.sides[0]
    me.active = EngineCard(neopet("Red Grarrl", hp=10, attack=8, defence=9, agility=10))
    boost = {"hp": 1, "attack": 1, "defence": 1, "agility": 1}
    me.codestones = [EngineCard(codestone(f"Stone {i}", **boost)) for i in range(3)]
    me.refresh()
    assert (me.hp, me.attack, me.defence, me.agility) == (13, 10, 10, 10)


def test_it_adds_extra_attack_dice_from_equipment():
    """A passive `extra_dice` ability (CR 8.18): one more die when this Neopet attacks."""
    gauntlet = info(
        "Gauntlet",
        "Equipment",
        "One more attack die.",
        effects=[{"do": "extra_dice", "n": 1, "step": "attack"}],
    )
    game, me, opponent = battle_ready()
    me.equipment.append(EngineCard(gauntlet))
    me.refresh()
    me.agility = opponent.agility = 3
    game.chance.random = faces(*[1] * (me.attack + 1 + opponent.defence))
    game.battle(me)
    battle = [e for e in game.log if e["event"] == "battle"][-1]
    assert len(battle["attack"]) == me.attack + 1


def test_it_knocks_out_a_neopet_whose_hit_points_fall_to_its_damage_as_a_boost_ends():
    """CR 5.5.7e with 5.5.8b: a +2 Hit Points lasting until end of turn ends; the Neopet has
    taken damage equal to its Hit Points now, so it is knocked out then, not at the next hit."""
    game, me, _ = battle_ready()
    me.mods.append((0, 2, "end_of_turn"))  # (Hit Points, +2, until)
    me.refresh()
    me.damage = me.hp - 1
    with pytest.raises(KnockOut) as knocked:
        game._expire("end_of_turn")
    assert knocked.value.loser == me.index


def test_it_knocks_out_the_opponent_when_a_card_played_lowers_its_hit_points_to_its_damage():
    """CR 5.5.7e / 6.2.3: a Villain whose passive ability gives the opponent's Neopet -2 Hit
    Points knocks out a Neopet that has taken all but one of its Hit Points in damage."""
    villain = info(
        "Sample Hit Point Villain",
        "Villain",
        "Your opponent's Neopet has -2 Hit Points.",
        effects=[
            {"do": "stat", "stat": "hp", "by": -2, "until": "while_in_play", "target": "opponent"}
        ],
    )
    game, me, opponent = battle_ready()
    opponent.damage = opponent.hp - 1
    card = EngineCard(villain)
    me.take(card)
    with pytest.raises(KnockOut) as knocked:
        game.play_card(me, card, me.inventory)
    assert knocked.value.loser == opponent.index
