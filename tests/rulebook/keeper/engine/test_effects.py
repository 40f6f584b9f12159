"""Effects on what the targets hold: counters removed, resources exhausted (guide, "Effects";
rulebook, "Ability Clarifications/Rulings": "Counters", "Offense counter", "Each"; "Resources,
Exhaustion, and Recovery")."""

from __future__ import annotations

import pytest

from rulebook.keeper.engine.policy import HeuristicPolicy

from .builders import creature, fix_dice, in_play, new_game, spell


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
    placed = [(e["player"], e["kind"], e["placed"]) for e in game.log if e["event"] == "counters"]
    assert placed == [(0, "offense", 2)] * 2


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
