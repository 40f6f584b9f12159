"""Battles (rulebook, "Battles"): teams, one target per battle, dice applied die by die in the
defending order, leftovers to the target or the attacking player, steps 4-6 at once."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulebook.keeper.engine.game import GameOver, dice_to_destroy

from .builders import creature, filler_card, fix_dice, in_play, new_game


def test_it_plays_the_rulebooks_battle_example():
    """Battles, the worked example: C->A->B attack a player defended by D->E; the 6 left over
    after D and E are destroyed hits the defending player, C is left with 2 defense."""
    game = new_game()
    me, them = game.players
    a = in_play(game, 0, creature("A", 2, 5))
    b = in_play(game, 0, creature("B", 2, 5))
    c = in_play(game, 0, creature("C", 2, 10))
    d = in_play(game, 1, creature("D", 1, 10))
    e = in_play(game, 1, creature("E", 1, 10))
    fix_dice(game, [1, 6, 5, 5, 3, 6, 6, 2])  # the heuristic defends with D and E, D first
    game.battle(me, [c, a, b], them)
    assert (d not in them.creatures, e not in them.creatures) == (True, True)
    assert them.hp == 20 - 6
    assert c.defense == 2 and a.defense == 5 and b.defense == 5
    assert me.hp == 20  # the defending team's dice were all spent on C


def test_it_sends_the_defending_teams_leftover_dice_to_the_attacking_player():
    """Battles step 6: the target was a player and defending dice remain."""
    game = new_game()
    me, them = game.players
    weak = in_play(game, 0, creature("Weak", 1, 1))
    in_play(game, 1, creature("Wall", 3, 30))
    fix_dice(game, [2, 4, 5, 6])  # attacker's one die, then the defender's three
    game.battle(me, [weak], them)
    assert weak not in me.creatures
    assert me.hp == 20 - (5 + 6)  # the 4 destroyed Weak, 5 and 6 are left over
    assert them.hp == 20


def test_it_ends_in_a_draw_when_both_players_fall_in_one_battle():
    """Battles: steps 4-6 happen at once, so both players can lose together (a draw)."""
    game = new_game()
    me, them = game.players
    me.hp, them.hp = 3, 3
    attacker = in_play(game, 0, creature("Attacker", 2, 1))
    in_play(game, 1, creature("Defender", 2, 1))
    fix_dice(game, [1, 6, 1, 5])  # each side's 1 destroys the other's creature
    with pytest.raises(GameOver) as over:
        game.battle(me, [attacker], them)
    assert (me.hp, them.hp) == (3 - 5, 3 - 6)
    assert over.value.winner is None


def test_it_lets_a_target_be_chosen_only_once_per_battle_phase():
    """Battles: "any given player or creature can only be targeted once per battle phase"."""
    game = new_game()
    me, them = game.players
    first = in_play(game, 0, creature("First", 1, 5))
    second = in_play(game, 0, creature("Second", 1, 5))
    fix_dice(game, [3, 3, 3])
    game.battle(me, [first], them)
    game.battle(me, [second], them)
    assert them.hp == 17
    assert not second.exhausted  # the second battle was refused


def test_it_damages_the_target_creature_with_the_dice_left_over():
    """Battles step 5: leftover attacking dice go to a target creature."""
    game = new_game()
    me, them = game.players
    attacker = in_play(game, 0, creature("Attacker", 2, 5))
    target = in_play(game, 1, creature("Target", 1, 12), exhausted=True)  # cannot defend
    fix_dice(game, [5, 4])
    game.battle(me, [attacker], target)
    assert target.defense == 3
    assert them.hp == 20


def test_creatures_that_cannot_attack_or_defend_stay_out_of_battle():
    """Caveats "This creature cannot attack." and "This creature cannot defend."."""
    game = new_game()
    me, them = game.players
    warden = in_play(game, 0, creature("Warden", 1, 20, "This creature cannot attack."))
    golem = in_play(game, 1, creature("Golem", 5, 0, "This creature cannot defend."))
    assert not game.can_attack(me, warden) and game.can_defend(me, warden)
    assert game.can_attack(them, golem) and not game.can_defend(them, golem)


def test_a_use_caveat_is_paid_each_time_the_creature_battles():
    """Caveat "You must exhaust [x] of your resources to attack with, defend with, or use an
    ability of this creature" ("You must [do X]" ruling: each time)."""
    game = new_game()
    me, them = game.players
    text = (
        "You must exhaust 1 of your resources to attack with, defend with, or use an ability "
        "of this creature."
    )
    sentinel = in_play(game, 0, creature("Sentinel", 2, 25, text))
    assert not game.can_attack(me, sentinel)  # no resource to exhaust
    me.resources.append(sentinel.card)
    fix_dice(game, [1, 1])
    game.battle(me, [sentinel], them)
    assert me.spent == 1 and sentinel.exhausted


@pytest.mark.parametrize(
    ("defense", "dice", "used"),
    [(10, [1, 3, 5, 5, 6, 6], [5, 5]), (10, [1, 3, 6, 6], [1, 3, 6]), (10, [6, 2], [6, 2])],
)
def test_the_rolling_player_spends_the_least_dice_on_each_creature(defense, dice, used):
    """Battles step 4: each player applies their dice "in any order"; the engine's player keeps
    as much as it can for the target."""
    assert sorted(dice[i] for i in dice_to_destroy(defense, dice)) == sorted(used)


@given(
    defense=st.integers(min_value=1, max_value=45),
    dice=st.lists(st.integers(min_value=1, max_value=6), min_size=1, max_size=9),
)
def test_the_dice_spent_on_a_creature_are_the_smallest_total_then_the_fewest(defense, dice):
    """Battles step 4: the rolling player applies their dice "in any order"; the engine chooses
    for them (stated in `simplifications`) the dice of the smallest total that destroys the
    creature, then the fewest of them, whatever its defense, so the most is left over for the
    target; all of them when even all cannot destroy it."""
    chosen = dice_to_destroy(defense, dice)
    assert len(set(chosen)) == len(chosen) and set(chosen) <= set(range(len(dice)))
    if sum(dice) < defense:
        assert sorted(chosen) == list(range(len(dice)))
        return
    best = min(
        (sum(dice[i] for i in subset), size)
        for size in range(1, len(dice) + 1)
        for subset in itertools.combinations(range(len(dice)), size)
        if sum(dice[i] for i in subset) >= defense
    )
    assert (sum(dice[i] for i in chosen), len(chosen)) == best


def test_a_large_defense_is_not_destroyed_with_a_die_more_than_needed():
    """The case a largest-dice-first shortcut above 12 defense got wrong: 13 defense and the dice
    5, 3, 5, 5, 6, 6 are destroyed by 5 + 5 + 3, exactly 13, leaving both sixes for the
    target."""
    assert sorted([5, 3, 5, 5, 6, 6][i] for i in dice_to_destroy(13, [5, 3, 5, 5, 6, 6])) == [
        3,
        5,
        5,
    ]


def test_a_team_is_only_as_large_as_its_caveats_can_be_paid():
    """Caveats paid "each time": two creatures needing a resource each, one resource."""
    filler = filler_card()
    game = new_game()
    me, them = game.players
    text = (
        "You must exhaust 1 of your resources to attack with, defend with, or use an ability "
        "of this creature."
    )
    first = in_play(game, 0, creature("First", 1, 25, text))
    second = in_play(game, 0, creature("Second", 1, 25, text))
    me.resources.append(filler)
    fix_dice(game, [4])
    game.battle(me, [first, second], them)
    assert first.exhausted and not second.exhausted
    assert me.spent == 1 and them.hp == 16


def test_a_second_battle_against_another_target_is_fought():
    """Battles: each target once per Battle Phase, but another target may be battled: after
    the opponent, one of their creatures; the game counts both battles (each result's
    `battles`)."""
    game = new_game()
    me, them = game.players
    first = in_play(game, 0, creature("First", 1, 5))
    second = in_play(game, 0, creature("Second", 1, 5))
    target = in_play(game, 1, creature("Target", 1, 12), exhausted=True)  # cannot defend
    fix_dice(game, [3, 4])
    game.battle(me, [first], them)
    game.battle(me, [second], target)
    assert them.hp == 20 - 3 and target.defense == 12 - 4
    assert game.battles == 2 and game.damage == 3 + 4  # the game's battle damage
    told = [e["target"] for e in game.log if e["event"] == "battle"]
    assert told == ["player", game.ref(target.card)]


def test_offense_counters_are_used_by_every_creature_of_a_team_that_has_them():
    """Offense counters: their placer removes them as the battle's dice are rolled (the stated
    simplification), +1 offense each, for every creature of the team that has them, after
    one that has none."""
    game = new_game()
    me, them = game.players
    plain = in_play(game, 0, creature("Plain", 1, 5))
    marked = in_play(game, 0, creature("Marked", 1, 5))
    marked.add_marks("offense", 0, 2)
    fix_dice(game, [1, 1, 1, 1])
    game.battle(me, [plain, marked], them)
    assert marked.offense == 3 and them.hp == 20 - 4


def test_weakness_counters_take_offense_only_down_to_0_and_the_rest_stay():
    """Weakness counters: their placer removes one to take 1 offense ("decrease its offense by
    1"), and never below 0 ("A total of" ruling: not below 0): a creature at 1 offense with
    three loses one, and two stay."""
    game = new_game()
    me, them = game.players
    weak = in_play(game, 0, creature("Weak", 1, 5))
    weak.add_marks("weakness", 1, 3)
    game.battle(me, [weak], them)
    assert weak.offense == 0 and weak.mark("weakness", 1) == 2
    used = [e for e in game.log if e["event"] == "counter_used"]
    assert [(e["player"], e["kind"], e["offense"]) for e in used] == [(1, "weakness", 0)]


def test_battle_damage_counts_for_the_creatures_whose_dice_dealt_it():
    """Each result's `card_damage` and `damage`: dice that destroy a defender count for the
    attacking creature, and the defending dice left over that hit the attacking player for the
    defending creature; the game's battle damage adds both up."""
    game = new_game()
    me, them = game.players
    weak = in_play(game, 0, creature("Weak", 1, 1))
    in_play(game, 1, creature("Wall", 3, 30))
    fix_dice(game, [2, 4, 5, 6])  # the attacker's die, then the defender's three
    game.battle(me, [weak], them)
    assert game.card_damage[1] == {"Wall": 1 + 5 + 6}  # 4 on Weak's 1 defense counts 1
    assert game.card_damage[0] == {"Weak": 2}
    assert game.damage == 2 + 1 + 11


def test_leftover_defending_dice_hurt_the_attacking_player_only_when_a_player_was_targeted():
    """Battles step 6: "if the target was a player", the defending team's leftover dice go to
    the attacking player; against a target creature they go nowhere."""
    game = new_game()
    me = game.players[0]
    weak = in_play(game, 0, creature("Weak", 1, 1))
    target = in_play(game, 1, creature("Target", 3, 30))  # defends itself
    fix_dice(game, [2, 4, 5, 6])
    game.battle(me, [weak], target)
    assert weak not in me.creatures and me.hp == 20


def test_each_die_of_a_creature_counts_for_it_and_the_game_adds_every_battle():
    """Each result's `card_damage` adds up every die a creature's dice dealt, and the game's
    battle damage every battle's."""
    game = new_game()
    me, them = game.players
    brute = in_play(game, 0, creature("Brute", 2, 5))
    other = in_play(game, 0, creature("Other", 1, 5))
    target = in_play(game, 1, creature("Target", 1, 12), exhausted=True)  # cannot defend
    fix_dice(game, [5, 3, 4])
    game.battle(me, [other], target)
    game.battle(me, [brute], them)
    assert game.card_damage[0] == {"Brute": 3 + 4, "Other": 5}
    assert them.hp == 20 - 7 and game.damage == 7 + 5


def test_a_creature_with_0_offense_rolls_no_die_and_dice_stay_in_the_order_rolled():
    """Battles step 3: a team rolls one die per point of offense, so a creature at 0 offense
    adds none; with no re-roll to make, the dice are logged in the order rolled."""
    game = new_game()
    me, them = game.players
    strong = in_play(game, 0, creature("Strong", 2, 5))
    idle = in_play(game, 0, creature("Idle", 0, 5))
    fix_dice(game, [6, 1])
    game.battle(me, [strong, idle], them)
    (battle,) = [e for e in game.log if e["event"] == "battle"]
    assert battle["attack_dice"] == [6, 1] and them.hp == 20 - 7


def test_a_reroll_allowance_re_rolls_a_3_and_spends_one_die_each():
    """ "You may re-roll up to [x] dice for the rest of this turn up to [y] times each": the
    engine re-rolls each die of 3 or less (stated in `simplifications`), and each die re-rolled
    spends one of the x."""
    game = new_game()
    me = game.players[0]
    me.rerolls = (2, 1)
    first = in_play(game, 0, creature("First", 1, 5))
    fix_dice(game, [3, 5])
    assert [value for value, _ in game.team_dice(me, [first])] == [5]
    assert me.rerolls == (1, 1)


def test_a_reroll_allowance_leaves_a_4_and_each_reroll_is_logged():
    """ "You may re-roll up to [x] dice ...": a die of 4 or more is kept and spends nothing;
    each die re-rolled is logged with its place, the face it was, the face it is and why."""
    game = new_game()
    me = game.players[0]
    me.rerolls = (2, 1)
    pair = in_play(game, 0, creature("Pair", 2, 5))
    fix_dice(game, [4, 2, 6])
    assert sorted(value for value, _ in game.team_dice(me, [pair])) == [4, 6]
    assert me.rerolls == (1, 1)
    (told,) = [e for e in game.log if e["event"] == "reroll"]
    assert (told["player"], told["die"], told["was"], told["now"], told["why"]) == (
        0,
        0,
        2,
        6,
        "allowance",
    )


def test_an_immortality_counter_does_not_save_a_creature_destroyed_by_damage():
    """Immortality counters stop "an effect that would explicitly destroy" the creature;
    damage that takes its defense to 0 destroys it all the same, and the counter is not used."""
    game = new_game()
    them = game.players[1]
    saint = in_play(game, 1, creature("Saint", 1, 3))
    saint.add_marks("immortality", 1, 1)
    game.damage_creature(saint, 3, 0, None)
    assert saint not in them.creatures and them.graveyard == [saint.card]
    assert saint.mark("immortality", 1) == 1


@pytest.mark.parametrize(("low", "rerolled"), [(2, True), (3, False)])
def test_a_dice_counter_re_rolls_the_lowest_of_several_dice_while_it_is_2_or_less(low, rerolled):
    """Dice counters ("re-roll any one die"): the engine spends one on the team's lowest die
    while it shows 2 or less (stated in `simplifications`); a lowest die of 3 keeps the counter,
    and the dice are the team's either way."""
    game = new_game()
    me = game.players[0]
    pair = in_play(game, 0, creature("Pair", 2, 5))
    other = in_play(game, 0, creature("Other", 1, 5))
    pair.add_marks("dice", 0, 1)
    fix_dice(game, [5, low, 6, 4])
    dice = sorted(value for value, _ in game.team_dice(me, [pair, other]))
    assert dice == (sorted([5, 6, 4]) if rerolled else sorted([5, low, 6]))
    assert pair.mark("dice", 0) == (0 if rerolled else 1)
