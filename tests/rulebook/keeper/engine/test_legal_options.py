"""What the rules let a player answer in the Action Phase and in battle, and what the game
refuses (rulebook, "Turn Order" 2 and 3; "Creature Abilities"; "Casting Spells and Setting
Traps"; "Battles", step 1)."""

from __future__ import annotations

from rulebook.core.views import game_objects
from rulebook.keeper.engine.legal import ActionOptions, BattleOptions, Swaps

from .builders import creature, filler_card, give_resources, in_play, new_game, spell

DRAW = "Draw 1 card."
WHEN_HURT = "Activate when you take at least 5 damage. Draw 1 card."
STUDY = "STUDY: Exhaust 1 of your resources. Draw 1 card."


def action_phase(resources: int = 2):
    game = new_game()
    me = game.players[0]
    give_resources(me, resources)
    return game, me, ActionOptions(game, me)


def test_a_creature_in_hand_is_summoned_only_when_its_cost_is_paid():
    """Creatures: "pay a number of resources equal to the card's resource cost" - from the
    hand, as a summon with no ability."""
    filler = filler_card()
    _, me, options = action_phase(resources=2)
    cheap, dear = creature("Cheap", 1, 5, cost=2), creature("Dear", 5, 5, cost=3)
    me.hand = [cheap, dear]
    assert ("summon", cheap, None) in options
    assert ("summon", dear, None) not in options
    assert ("summon", filler, None) not in options  # not in the hand
    assert ("summon", cheap, cheap.abilities) not in options
    assert [card for card in options.affordable_creatures()] == [cheap]
    assert options.summonable(cheap) and not options.summonable(dear)
    assert [action for action in options if action[0] == "summon"] == [("summon", cheap, None)]


def test_a_spell_in_hand_is_cast_or_set_when_paid_and_cast_only_without_a_condition():
    """Casting Spells and Setting Traps: either costs the spell's cost; a spell with an
    activation condition is set as a trap, not cast, in the Action Phase."""
    _, me, options = action_phase(resources=1)
    now, later = spell("Now", DRAW), spell("Later", WHEN_HURT)
    dear = spell("Dear", DRAW, cost=2)
    me.hand = [now, later, dear]
    assert ("cast", now, now.abilities[0]) in options
    assert ("set", now, now.abilities[0]) in options
    assert ("cast", later, later.abilities[0]) not in options
    assert ("set", later, later.abilities[0]) in options
    assert ("cast", dear, dear.abilities[0]) not in options
    assert ("set", dear, dear.abilities[0]) not in options
    assert ("cast", now, later.abilities[0]) not in options  # another card's ability
    outside = spell("Outside", DRAW)
    assert ("cast", outside, outside.abilities[0]) not in options  # not in the hand
    listed = set(options)
    assert listed == {
        ("cast", now, now.abilities[0]),
        ("set", now, now.abilities[0]),
        ("set", later, later.abilities[0]),
    }
    assert set(options.by_kind()) == listed


def test_an_ability_is_used_only_by_an_unexhausted_creature_of_ones_own_that_can_pay():
    """Creature Abilities: exhaust the creature to activate; an ability with an activation
    condition is not chosen, and the activation cost must be payable."""
    game, me, options = action_phase(resources=1)
    scribe = in_play(game, 0, creature("Scribe", 1, 5, STUDY))
    tired = in_play(game, 0, creature("Tired", 1, 5, STUDY), exhausted=True)
    watcher = in_play(game, 0, creature("Watcher", 1, 5, f"WATCH: {WHEN_HURT}"))
    theirs = in_play(game, 1, creature("Theirs", 1, 5, STUDY.replace("1 card", "2 cards")))
    (study,) = scribe.card.abilities
    assert ("ability", scribe, study) in options
    assert ("ability", tired, tired.card.abilities[0]) not in options
    assert ("ability", watcher, watcher.card.abilities[0]) not in options
    assert ("ability", theirs, theirs.card.abilities[0]) not in options
    assert ("ability", scribe, theirs.card.abilities[0]) not in options
    assert [a for a in options if a[0] == "ability"] == [("ability", scribe, study)]
    assert [a for a in options.by_kind() if a[0] == "ability"] == [("ability", scribe, study)]
    me.spent = 1  # nothing left to pay the cost with
    assert ("ability", scribe, study) not in options


def test_a_trap_is_sprung_only_unexhausted_without_a_condition_and_by_its_controller():
    """Casting Spells and Setting Traps: "To activate a trap, it must be unexhausted"; a trap
    with an activation condition springs when it is met, not by choice."""
    game, _, options = action_phase(resources=0)
    ready = in_play(game, 0, spell("Ready", DRAW))
    tired = in_play(game, 0, spell("Tired", DRAW), exhausted=True)
    waiting = in_play(game, 0, spell("Waiting", WHEN_HURT))
    theirs = in_play(game, 1, spell("Theirs", DRAW))
    assert ("trap", ready, ready.card.abilities[0]) in options
    for trap in (tired, waiting, theirs):
        assert ("trap", trap, trap.card.abilities[0]) not in options
    assert ("trap", ready, tired.card.abilities[0]) not in options
    assert list(options) == list(options.by_kind()) == [("trap", ready, ready.card.abilities[0])]


def test_an_answer_that_is_no_action_is_refused():
    """Turn Order 2: an answer is one of the Action Phase's actions, or a pass."""
    filler = filler_card()
    *_, options = action_phase()
    for answer in ("summon", ("summon",), ("draw", filler, None), 3, (None, None, None)):
        assert answer not in options


def test_a_battle_needs_a_team_of_distinct_able_attackers_and_a_target_not_yet_battled():
    """Battles, step 1: one or more of your unexhausted creatures, each once, against the
    opponent or one of their creatures, each target once a Battle Phase."""
    game = new_game()
    me, them = game.players
    a = in_play(game, 0, creature("A", 1, 5))
    b = in_play(game, 0, creature("B", 1, 5))
    tired = in_play(game, 0, creature("Tired", 1, 5), exhausted=True)
    x = in_play(game, 1, creature("X", 1, 5))
    battled = in_play(game, 1, creature("Battled", 1, 5))
    me.battle_targets.add(id(battled))
    options = BattleOptions(game, me)
    assert ([a, b], them) in options and ([b], x) in options
    assert ([], them) not in options
    assert ([a, a], them) not in options
    assert ([a, tired], them) not in options
    assert ([x], them) not in options  # not the attacker's creature
    assert ([a], battled) not in options
    assert ([a], b) not in options  # not an opponent's creature
    assert ([a], me) not in options
    assert "battle" not in options and ([a],) not in options
    assert options.attackers() == [a, b]
    assert options.targets()[1:] == [x]


def test_swaps_are_refused_unless_each_takes_a_hand_card_for_a_reserves_card():
    """Turn Order 1: "exchange any number of cards in your hand for any of the same number of
    cards in your reserves"."""
    game = new_game()
    me = game.players[0]
    h, r = creature("H", 1, 1), creature("R", 1, 1)
    me.hand, me.reserves = [h], [r]
    options = Swaps(me)
    assert [(h, r)] in options and [] in options
    assert [(r, h)] not in options
    assert [(h, h)] not in options  # a hand card for a card not in the reserves
    assert [(r, r)] not in options  # a reserves card for a card not in the hand
    assert [(h, r), (h, r)] not in options  # H is in the reserves after the first swap
    assert [(h,)] not in options and [h] not in options and "swap" not in options
    assert (options.hand, options.reserves) == ([h], [r])


def test_an_ability_paid_with_its_own_counters_is_offered_only_when_the_creature_has_them():
    """Activation costs: "Remove [x] counters from this card." is paid from the acting
    creature's own counters (guide, "Activation Costs")."""
    game, _, options = action_phase(resources=0)
    text = "BURST: Remove 2 counters from this card. Draw 1 card."
    charged = in_play(game, 0, creature("Charged", 1, 5, text))
    charged.counters = 2
    empty = in_play(game, 0, creature("Empty", 1, 5, text))
    assert ("ability", charged, charged.card.abilities[0]) in options
    assert ("ability", empty, empty.card.abilities[0]) not in options
    assert [action[1] for action in options if action[0] == "ability"] == [charged]


def test_the_opponent_is_offered_as_a_battle_target_as_the_player_sees_them():
    """Battles, step 1: the team attacks the opponent or a creature of theirs. The opponent is
    offered as the attacker's view shows them (rulebook.core.views), so the options hand a bot
    no way to the opponent's hidden hand; an answer naming it is read as the opponent."""
    game = new_game()
    me, them = game.players
    a = in_play(game, 0, creature("A", 1, 5))
    options = BattleOptions(game, me)
    offered = options.targets()[0]
    assert offered is game.view(me.index).players[them.index]
    assert offered is not them
    assert game_objects(([a], offered)) == ([a], them)
