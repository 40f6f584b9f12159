"""Effects on what the targets hold: counters removed, resources exhausted (guide, "Effects";
rulebook, "Ability Clarifications/Rulings": "Counters", "Offense counter", "Each"; "Resources,
Exhaustion, and Recovery")."""

from __future__ import annotations

import pytest

from rulebook.keeper.engine.policy import HeuristicPolicy

from .builders import creature, filler_card, fix_dice, in_play, new_game, spell


class Picks(HeuristicPolicy):
    """The heuristic, except that it targets exactly the cards named in `wanted`."""

    def __init__(self, *wanted: str) -> None:
        self.wanted = wanted

    def pick_targets(self, game, decision, hostile):
        return [target for target in decision.options if target.card.name in self.wanted]


def cast(game, text: str, caster: int = 0) -> None:
    card = spell("Test Spell", text)
    game.resolve(game.players[caster], card.abilities[0], card, None)


@pytest.mark.parametrize(("removed", "left"), [(5, 0), (2, 3)])
def test_an_effect_removes_counters_whoever_placed_them(removed, left):
    """ "Remove up to [x] counters from each target.": plain counters and named ones alike,
    those of either placer ("there is no restriction on how any counter, including a counter
    with an effect, can be removed ... by a card effect"), up to x in all."""
    game = new_game()
    victim = in_play(game, 1, creature("Victim", 3, 10))
    victim.counters = 1
    victim.add_marks("offense", 0, 2)
    victim.add_marks("offense", 1, 2)
    cast(game, f"Target up to 1 card in play. Remove up to {removed} counters from each target.")
    assert victim.all_counters() == left
    (event,) = [e for e in game.log if e["event"] == "counters"]  # the log says who removed
    assert (event["player"], event["n"], event["removed"]) == (0, game.ref(victim.card), 5 - left)


def test_a_removed_counter_can_no_longer_be_used_by_its_placer():
    """Counters stay "until ... an ability removes them": once removed, neither player can
    spend an offense counter they had placed on the creature."""
    game = new_game()
    victim = in_play(game, 1, creature("Victim", 3, 10))
    victim.add_marks("offense", 0, 1)
    victim.add_marks("offense", 1, 1)
    cast(game, "Target up to 1 card in play. Remove up to 2 counters from each target.")
    assert not victim.take_mark("offense", 0) and not victim.take_mark("offense", 1)


def resources(game, player: int, names: str):
    cards = [creature(name, 1, 1) for name in names]
    game.players[player].resources.extend(cards)
    return cards


@pytest.mark.parametrize("spent", [0, 1, 2])
def test_exhausting_targeted_resources_leaves_them_unable_to_pay(spent):
    """ "Target up to [x] of your resources." then "Exhaust all targets.": each targeted
    resource is exhausted ("To pay a resource cost is to exhaust a number of unexhausted
    resources"), the others stay as they were, whichever of the zone's cards is picked."""
    game = new_game(policies=(Picks("C"), Picks("C")))
    me = game.players[0]
    _, _, c, d = resources(game, 0, "ABCD")
    me.spent = spent  # the first `spent` of the zone are exhausted (A, or A and B)
    cast(game, "Target up to 1 of your resources. Exhaust all targets.")
    assert not me.unexhausted_resource(c)
    assert me.unspent == 4 - spent - 1
    assert me.unexhausted_resource(d)
    assert sorted(card.name for card in me.resources) == ["A", "B", "C", "D"]
    (event,) = [e for e in game.log if e["event"] == "exhaust_resource"]
    assert (event["spent"], event["resources"]) == (spent + 1, 4)
    assert (event["player"], event["n"]) == (0, game.ref(c))  # whose resource, and which


def test_exhausting_an_exhausted_resource_changes_nothing():
    """An exhausted resource targeted by "Exhaust all targets." stays exhausted, and the
    unexhausted ones can still pay."""
    game = new_game(policies=(Picks("A"), Picks("A")))
    me = game.players[0]
    resources(game, 0, "ABC")
    me.spent = 1
    cast(game, "Target up to 1 of your resources. Exhaust all targets.")
    assert me.unspent == 2


def test_a_card_sent_to_the_resource_zone_arrives_exhausted_beside_the_exhausted_ones():
    """ "Send all targets to the resource zone of their owners (exhausted).": the owner's
    resources already exhausted stay so, and the unexhausted ones are still there to pay."""
    game = new_game()
    them = game.players[1]
    resources(game, 1, "ABC")
    them.spent = 2
    victim = in_play(game, 1, creature("Victim", 3, 10))
    cast(
        game,
        "Target up to 1 card in play. Send all targets to the resource zone of their "
        "owners (exhausted).",
    )
    assert victim.card in them.resources and not them.unexhausted_resource(victim.card)
    assert (len(them.resources), them.unspent) == (4, 1)
    (moved,) = [e for e in game.log if e["event"] == "moved"]
    assert (moved["player"], moved["to"], moved["resources"], moved["spent"]) == (
        1,
        "resources",
        4,
        3,
    )


def test_counters_placed_twice_add_up():
    """ "Place [x] offense counters on each target": a second placing adds x more, and each
    is its placer's to spend ("Offense counter" ruling)."""
    game = new_game()
    ally = in_play(game, 0, creature("Ally", 1, 5))
    text = (
        "Target up to 1 card in play. Place 2 offense counters on each target; you can remove "
        "an offense counter from a card at any time to increase its offense by 1."
    )
    cast(game, text)
    cast(game, text)
    assert (ally.mark("offense", 0), ally.mark("offense", 1)) == (4, 0)
    placed = [
        (e["player"], e["n"], e["kind"], e["placed"]) for e in game.log if e["event"] == "counters"
    ]
    assert placed == [(0, game.ref(ally.card), "offense", 2)] * 2


@pytest.mark.parametrize(
    ("plain", "named", "qualifies"), [(0, 2, True), (1, 1, True), (1, 0, False)]
)
def test_named_counters_count_toward_at_least_y_counters(plain, named, qualifies):
    """ "Target up to [x] cards in play with at least [y] counters.": a counter is any marker on
    the creature ("Counters" ruling), named ones (offense, weakness...) as much as plain ones."""
    game = new_game()
    them = game.players[1]
    victim = in_play(game, 1, creature("Victim", 3, 10))
    victim.counters = plain
    victim.add_marks("weakness", 0, named)
    cast(game, "Target up to 1 card in play with at least 2 counters. Destroy all targets.")
    assert (victim not in them.creatures) == qualifies


def test_another_kind_of_counter_gives_no_re_roll():
    """Dice counters ("you can remove a dice counter ... to re-roll any one die") are the only
    counters that re-roll: an attacker carrying an immortality counter keeps its die of 1."""
    game = new_game()
    me, them = game.players
    attacker = in_play(game, 0, creature("Attacker", 1, 5))
    attacker.add_marks("immortality", 1, 1)
    fix_dice(game, [1])
    game.battle(me, [attacker], them)
    assert them.hp == 19
    assert not [e for e in game.log if e["event"] == "reroll"]


class Wants(Picks):
    """`Picks`, and summons or casts only the revealed cards named in `summoned`."""

    def __init__(self, *wanted: str, summoned: tuple[str, ...] = ()) -> None:
        super().__init__(*wanted)
        self.summoned = summoned

    def wants(self, game, decision, card):
        return card is not None and card.name in self.summoned


REVEAL_AND_SUMMON = (
    "Reveal all targets, then summon or cast any number of targets that are not in play "
    "(paying the usual costs)."
)


def test_the_caster_is_asked_of_each_revealed_card_and_summons_only_those_wanted():
    """ "Reveal all targets, then summon or cast any number of targets": "any number", so the
    caster is asked of each revealed card, which the question names, and summons or casts only
    the ones they want."""
    filler = filler_card()
    policy = Wants("Kept", "Called", "Bolt", summoned=("Called", "Bolt"))
    game = new_game(policies=(policy, policy))
    me, them = game.players
    kept, called = creature("Kept", 1, 5), creature("Called", 2, 5)
    bolt = spell("Bolt", "Inflict 3 damage to any one player.")
    me.hand = [kept, called, bolt]
    me.resources = [filler] * 3
    cast(game, f"Target up to 3 cards in your hand. {REVEAL_AND_SUMMON}")
    assert [c.card for c in me.creatures] == [called]
    assert me.hand == [kept] and them.hp == 20 - 3


def test_a_revealed_spell_with_an_activation_condition_is_not_cast():
    """ "(paying the usual costs)": a spell with an activation condition is cast only when its
    condition is met ("Casting Spells and Setting Traps"), which being revealed is not; the
    spell without one is cast."""
    filler = filler_card()
    game = new_game(policies=(Picks("Waiting", "Bolt"), Picks("Waiting", "Bolt")))
    me, them = game.players
    waiting = spell("Waiting", "Activate when you take at least 5 damage. Draw 1 card.")
    bolt = spell("Bolt", "Inflict 3 damage to any one player.")
    me.hand = [waiting, bolt]
    me.resources = [filler] * 3
    cast(game, f"Target up to 2 cards in your hand. {REVEAL_AND_SUMMON}")
    assert me.hand == [waiting] and them.hp == 20 - 3


def test_a_target_an_immortality_counter_kept_in_play_is_not_summoned_the_next_is():
    """ "Place all targets on top of owner's deck": an immortality counter's placer removes it
    to keep the creature in play ("Effect that would explicitly ... move it" ruling). The next
    effect finds each target where the first left it ("Target" ruling): the one still in play
    is not summoned again, and the one on the deck is, paying its cost."""
    filler = filler_card()
    game = new_game(policies=(Picks("Saint", "Other"), Picks("Saint", "Other")))
    me = game.players[0]
    saint = in_play(game, 0, creature("Saint", 3, 10))
    saint.add_marks("immortality", 0, 1)
    other = in_play(game, 0, creature("Other", 2, 5))
    me.resources = [filler]
    cast(
        game,
        "Target up to 2 cards in play. Place all targets on top of owner's deck in any order. "
        + REVEAL_AND_SUMMON,
    )
    assert me.creatures[0] is saint and not saint.take_mark("immortality", 0)
    assert [c.card for c in me.creatures] == [saint.card, other.card]
    assert other.card not in me.deck and me.unspent == 0
