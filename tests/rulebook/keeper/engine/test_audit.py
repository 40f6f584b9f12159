"""The nine wrong plays an independent audit found in user-made decks (issue 16, items 1-9),
each reproduced here on a small board and played as the 11th-edition rulebook says."""

from __future__ import annotations

import pytest

from rulebook.keeper import simulation
from rulebook.keeper.engine.game import GameOver
from rulebook.simulation.stats import ChunkStats

from .builders import creature, filler_card, fix_dice, in_play, new_game, sample, spell

SWITCH = (
    "Switch control of each target in-play creature to a different player of your choice until "
    "the end of this turn."
)


def test_a_player_at_0_hitpoints_has_lost_before_their_trap_can_heal_them():
    """Winning and Losing: a player reduced to 0 hitpoints loses and "can no longer affect the
    game in any way" - their "when you take damage" trap does not heal them back."""
    game = new_game()
    me, them = game.players
    them.hp = 3
    heal = spell(
        "Second Wind", "Activate when you take at least 1 damage. Increase your hitpoints by 10."
    )
    trap = in_play(game, 1, heal)
    trap.exhausted = False
    attacker = in_play(game, 0, creature("Attacker", 1, 5))
    fix_dice(game, [6])
    with pytest.raises(GameOver) as over:
        game.battle(me, [attacker], them)
        game.settle()
    assert over.value.winner == 0
    assert them.hp == 3 - 6 and trap in them.traps


def test_damage_to_yourself_then_to_an_opponent_is_lost_by_the_caster_first():
    """Winning and Losing with the effect's "then": the damage to yourself comes first, so at
    0 hitpoints the caster has lost before the opponent is hurt (only a battle's steps 4-6 are
    simultaneous, Battles)."""
    filler = filler_card()
    game = new_game()
    me, them = game.players
    me.hp = them.hp = 4
    duel = spell(
        "Duel",
        "Roll 1 six-sided dice and inflict the result as damage to yourself, then roll 1 "
        "six-sided dice and inflict the result as damage to any one player.",
    )
    me.hand, me.resources = [duel], [filler]
    fix_dice(game, [5, 6])
    with pytest.raises(GameOver) as over:
        game.cast(me, duel)
        game.settle()
    assert over.value.winner == 1
    assert (me.hp, them.hp) == (4 - 5, 4)


def test_a_creature_cannot_pay_its_own_exhaust_caveat():
    """ "You must [do X] to attack with, defend with, or use an ability of this creature"
    ruling: X is "in addition to any usual requirement to exhaust the creature", so exhausting
    "1 of your unexhausted creatures" needs another one (so does an activation cost)."""
    game = new_game()
    me = game.players[0]
    needy = in_play(
        game,
        0,
        creature(
            "Needy",
            3,
            5,
            "You must exhaust 1 of your unexhausted creatures in play chosen by an opponent of "
            "your choice to attack with, defend with, or use an ability of this creature.",
        ),
    )
    needy.exhausted = False
    assert not game.can_attack(me, needy)
    helper = in_play(game, 0, creature("Helper", 1, 5))
    helper.exhausted = False
    assert game.can_attack(me, needy)
    game.exhaust_to_act(me, needy)
    assert needy.exhausted and helper.exhausted


@pytest.mark.parametrize(
    "cost", ["sacrifice 1 cards in play", "destroy 1 of your other cards in play"]
)
def test_a_creature_never_sacrifices_or_destroys_itself_to_act(cost):
    """The same ruling (found by the invariant checker): to attack with, defend with or use an
    ability of this creature it must still be there, so "sacrifice [x] cards in play" is paid
    with other cards, as "destroy [x] of your other cards in play" says it is."""
    game = new_game()
    me = game.players[0]
    text = f"You must {cost} to attack with, defend with, or use an ability of this creature."
    bold = in_play(game, 0, creature("Bold", 3, 5, text))
    bold.exhausted = False
    assert not game.can_attack(me, bold)
    other = in_play(game, 0, creature("Other", 1, 5))
    assert game.can_attack(me, bold)
    game.exhaust_to_act(me, bold)
    assert bold in me.creatures and other not in me.creatures


def test_a_creature_cannot_pay_its_own_exhaust_activation_cost():
    """Creature Abilities: an ability is activated by exhausting its creature, the cost paid at
    the same moment, so "Exhaust 1 of your unexhausted creatures in play." needs another one."""
    game = new_game()
    me = game.players[0]
    text = "Exhaust 1 of your unexhausted creatures in play. Draw 1 card."
    lone = in_play(game, 0, creature("Lone", 1, 5, text))
    lone.exhausted = False
    assert not game.can_activate(me, lone.card.abilities[0], lone)


def test_staying_exhausted_does_not_exhaust_an_unexhausted_card():
    """Recovery Phase, and the effect's words: "will not be unexhausted during this turn's
    Recovery Phase" keeps an exhausted card exhausted; it never exhausts an unexhausted one."""
    filler = filler_card()
    game = new_game()
    me = game.players[0]
    chill = spell(
        "Chill",
        "Target up to 2 cards in play. Target in-play cards will not be unexhausted during this "
        "turn's Recovery Phase.",
    )
    awake = in_play(game, 1, creature("Awake", 2, 5))
    awake.exhausted = False
    tired = in_play(game, 1, creature("Tired", 2, 5), exhausted=True)
    me.hand, me.resources = [chill], [filler]
    game.cast(me, chill)
    marked = [(e["player"], e["n"]) for e in game.log if e["event"] == "stays_exhausted"]
    assert sorted(marked) == sorted((0, game.ref(p.card)) for p in (awake, tired))  # the caster's
    game.recovery_phase()
    assert not awake.exhausted
    assert tired.exhausted


def test_others_damaged_counts_each_card_once_and_not_the_destroyed():
    """Creature Abilities, "Activate when at least [x] of your cards in play (excluding this
    card) are damaged, but not destroyed": a creature hit twice is one card, and one the same
    events destroyed is not damaged-but-not-destroyed."""
    game = new_game()
    watcher = in_play(
        game,
        0,
        creature(
            "Watcher",
            1,
            5,
            "Activate when at least 2 of your cards in play (excluding this card) are damaged, "
            "but not destroyed. Target this card. Place 1 counters on each target.",
        ),
    )
    watcher.exhausted = False
    sturdy = in_play(game, 0, creature("Sturdy", 1, 20))
    frail = in_play(game, 0, creature("Frail", 1, 2))
    game.damage_creature(sturdy, 1, 1, None)
    game.damage_creature(sturdy, 1, 1, None)
    game.damage_creature(frail, 1, 1, None)
    game.damage_creature(frail, 1, 1, None)  # destroyed
    game.settle()
    assert watcher.counters == 0 and not watcher.exhausted


def test_a_target_drawn_by_an_earlier_effect_is_still_destroyed():
    """ "Target" ruling: "All targets continue to be targeted throughout the respective ability
    regardless of what happens to them": the top card, drawn, is destroyed from the hand."""
    filler = filler_card()
    game = new_game()
    me = game.players[0]
    top = creature("Top", 1, 1)
    me.deck.append(top)
    purge = spell(
        "Purge",
        "Target up to 1 card on the top of one player's deck. Draw 1 card. Destroy all targets.",
    )
    me.hand, me.resources = [purge], [filler]
    game.cast(me, purge)
    assert top in me.graveyard and top not in me.hand


def test_a_creature_switched_twice_in_a_turn_goes_back_to_its_controller():
    """ "Switch control ... until the end of this turn": switched away and back, it ends the
    turn with the player who controlled it before, not given away for good."""
    filler = filler_card()
    game = new_game()
    me, them = game.players
    twice = spell("Twice", f"Target up to 1 card in play. {SWITCH} {SWITCH}")
    theirs = in_play(game, 1, creature("Theirs", 3, 10))
    me.hand, me.resources = [twice], [filler]
    game.cast(me, twice)
    game.recovery_phase()
    assert theirs in them.creatures and theirs not in me.creatures
    assert theirs.controller == 1


def test_a_reroll_allowance_is_spent_over_the_turn_not_granted_per_battle():
    """ "You may re-roll up to [x] dice for the rest of this turn up to [y] times each": one
    die in the whole turn, so the second battle's low die stands."""
    filler = filler_card()
    game = new_game()
    me = game.players[0]
    luck = spell(
        "Luck",
        "Target up to 1 card in play. You may re-roll up to 1 dice for the rest of this turn up "
        "to 1 times each.",
    )
    me.hand, me.resources = [luck], [filler]
    game.cast(me, luck)
    first = in_play(game, 0, creature("First", 1, 5))
    second = in_play(game, 0, creature("Second", 1, 5))
    fix_dice(game, [1, 6, 1, 6])
    assert [value for value, _ in game.team_dice(me, [first])] == [6]  # re-rolled
    assert [value for value, _ in game.team_dice(me, [second])] == [1]  # allowance spent


def test_a_resource_cannot_pay_for_its_own_summoning():
    """Resources, Exhaustion, and Recovery: a cost is paid by exhausting unexhausted resources;
    a creature summoned out of one's own Resource Zone is no longer one of them."""
    filler = filler_card()
    game = new_game()
    me = game.players[0]
    big, small = creature("Big", 5, 5, cost=3), creature("Small", 2, 5, cost=2)
    call = spell(
        "Call",
        "Target up to 1 of your resources. Reveal all targets, then summon or cast any number "
        "of targets that are not in play (paying the usual costs).",
        cost=0,
    )
    me.resources = [filler, filler, big]
    me.hand = [call]
    game.cast(me, call)
    assert big in me.resources and not me.creatures  # 2 other resources cannot pay 3
    assert me.spent <= len(me.resources)
    me.resources, me.spent = [filler, filler, small], 0
    me.hand = [call]
    game.cast(me, call)
    assert [c.card for c in me.creatures] == [small]  # the two others pay its 2
    assert (me.spent, len(me.resources)) == (2, 2)


# Item 10: each simplified rule is played as the rulebook says or stated in every result.


def test_one_player_of_your_choice_may_be_yourself():
    """ "Show all cards in your hand to one player of your choice and target up to [x] cards in
    your hand selected by that player": "one player" can be any player, including yourself
    ("One player" ruling), so the caster may pick the targets: here the strong creature."""
    filler = filler_card()
    game = new_game()
    me = game.players[0]
    weak, strong = creature("Weak", 1, 1), creature("Strong", 6, 30)
    call = spell(
        "Call",
        "Show all cards in your hand to one player of your choice and target up to 1 card in "
        "your hand selected by that player. Reveal all targets, then summon or cast any number "
        "of targets that are not in play (paying the usual costs).",
        cost=0,
    )
    me.hand, me.resources = [call, weak, strong], [filler]
    game.cast(me, call)
    assert [c.card for c in me.creatures] == [strong]


def test_every_result_states_the_engines_simplifications():
    """The rules the engine plays simpler than the rulebook reads (counters at fixed moments,
    triggers in batches, the turn cap, the deck-out check, "a total of" spread by the engine and
    the other choices it makes for a player) are in every result, as the components it cannot
    play are, and the draws at the turn cap are counted."""
    stats = ChunkStats()
    deck = sample("value")
    for seed in range(3):
        stats.add(simulation.play([deck, deck], seed), number=seed, seed=seed)
    result = stats.result()
    stated = " ".join(result["simplifications"])
    for words in (
        "200 turns", "counters", "Activation conditions", "empty deck", "A total of",
        "cost gives up", "selected by an opponent", "battle's dice", "re-rolled", "in any order",
    ):  # fmt: skip
        assert words in stated
    assert result["draws_at_turn_cap"] == 0
    again = ChunkStats.from_json(stats.as_json()).result()
    assert again["simplifications"] == result["simplifications"]
