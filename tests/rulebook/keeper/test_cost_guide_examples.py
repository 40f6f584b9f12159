"""The Card Building Guide's (and rulebook's) own examples, costed by the guide's formula.

Each test names the passage it reproduces. The guide's "Resource Cost" section is the formula:
creature = max(1, ceil(max(0, offense + defense/5 - caveat relief) + sum(ability costs))),
spell = max(1, ceil(ability cost)), ability = max(1, sum(effect costs) - total relief).
"""

from fractions import Fraction

from rulebook.keeper.cost import explain_cost

CREATURE, SPELL = "Creature", "Spell"


def steps_of(explanation, component):
    return [step for step in explanation.steps if step.component == component]


def test_it_replaces_t_with_the_target_selection_cost():
    """Guide, "Resource Cost": "if your target selection cost is 4 and an effect cost is listed
    as '3t', then that becomes 3*4, i.e. 12"."""
    explanation = explain_cost(SPELL, "Target up to 4 cards in play. Destroy all targets.")
    (target,) = steps_of(explanation, "target selection")
    (effect,) = steps_of(explanation, "effect")
    assert target.base_cost == 4 and target.amount == 0
    assert effect.formula == "3t" and effect.variables == {"t": 4}
    assert effect.base_cost == 12
    assert explanation.cost == 12


def test_a_named_ability_costs_as_if_unnamed():
    """Guide, "Constructing Abilities": "HEALING: Roll 2 six-sided dice and increase your
    hitpoints by the result." — names serve no function; 4x with x = 2."""
    named = explain_cost(
        SPELL, "HEALING: Roll 2 six-sided dice and increase your hitpoints by the result."
    )
    unnamed = explain_cost(
        SPELL, "Roll 2 six-sided dice and increase your hitpoints by the result."
    )
    assert named.cost == unnamed.cost == 8
    assert named.parsed.abilities[0].name == "HEALING"


def test_a_creature_without_abilities_costs_its_offense_and_a_fifth_of_its_defense():
    """Guide, "Resource Cost" and "Constructing Abilities" ("This card has no abilities.")."""
    assert explain_cost(CREATURE, "This card has no abilities.", 3, 12).cost == 6  # ceil(5.4)
    assert explain_cost(CREATURE, "This card has no abilities.", 2, 10).cost == 4


def test_a_card_costs_at_least_one():
    """Guide, "Resource Cost": "If less than 1, set to 1"."""
    explanation = explain_cost(CREATURE, "This card has no abilities.", 0, 0)
    assert explanation.cost == 1
    assert explanation.steps[-1].component == "minimum"


def test_a_caveat_relief_never_takes_the_power_below_zero():
    """Guide, "Resource Cost": subtract the caveat relief, "and if less than 0, set to 0";
    guide, "Caveats": caveats reduce the cost of offense and defense only."""
    explanation = explain_cost(
        CREATURE,
        "You must sacrifice 3 cards in play to summon this creature.\nDraw 2 cards.",
        1,
        5,
    )
    # 1 + 5/5 - 6 = -4 -> 0; then + the ability's 2x = 4.
    assert explanation.cost == 4
    (floor,) = [step for step in explanation.steps if step.component == "minimum"]
    assert floor.amount == 4 and floor.running_total == 0


def test_reliefs_lower_an_ability_but_not_below_one():
    """Guide, "Resource Cost": ability cost = max(1, effects - (condition + activation cost))."""
    explanation = explain_cost(
        SPELL,
        "Activate when this in-play card is destroyed. Destroy 2 of your resources. Draw 1 card.",
    )
    # 2 - (2 + 4) -> 1
    assert [step.amount for step in explanation.steps] == [2, -2, -4, 5]
    assert explanation.cost == 1


def test_the_total_is_rounded_up_at_the_end():
    """Guide, "Resource Cost": round up to the next integer if it isn't one already."""
    explanation = explain_cost(
        SPELL,
        "Target up to 2 cards in play. Roll 3 six-sided dice and inflict the result of each die "
        "as damage to one target.",
    )
    # (x + t)/4 = (3 + 2)/4 = 1.25 -> 2
    assert explanation.steps[-1].component == "round up"
    assert explanation.steps[-1].amount == Fraction(3, 4)
    assert explanation.cost == 2


def test_mammon_the_dark_angels_caveat():
    """Rulebook, "Creatures": "You must sacrifice 1 card in play to summon this creature." —
    a caveat with relief 2x (guide, "Caveats")."""
    explanation = explain_cost(
        CREATURE, "You must sacrifice 1 card in play to summon this creature.", 4, 10
    )
    (caveat,) = steps_of(explanation, "caveat")
    assert caveat.base_cost == 2 and caveat.amount == -2
    assert explanation.cost == 4  # 4 + 2 - 2


def test_dark_necromancers_two_abilities():
    """Rulebook, "Creature Abilities": CONTRACT WITH THE DEAD (t = 0.5, xt = 0.5, so 1) and
    NECROMANCY (3t = 6 with t = 2, less 2x = 4 relief, so 2)."""
    explanation = explain_cost(
        CREATURE,
        "CONTRACT WITH THE DEAD: Target this card. Place 1 counter on each target.\n"
        "NECROMANCY: Remove 2 counters from this card. Target up to 2 cards in one player's "
        "graveyard randomly. Reveal all targets, then summon or cast any number of targets that "
        "are not in play (paying the usual costs).",
        0,
        0,
    )
    by_ability = {}
    for step in explanation.steps:
        if step.ability is not None:
            by_ability[step.ability] = by_ability.get(step.ability, 0) + step.amount
    assert by_ability == {1: 1, 2: 2}
    assert explanation.cost == 3


def test_the_explanation_adds_up_to_the_cost():
    explanation = explain_cost(
        CREATURE,
        "You must exhaust 1 of your resources to attack with, defend with, or use an ability of "
        "this creature.\nBURST: Remove 2 counters from this card. Target up to 1 card in play. "
        "Roll 3 six-sided dice and inflict the result of each die as damage to one target.",
        1,
        5,
    )
    assert sum(step.amount for step in explanation.steps) == explanation.cost
    assert explanation.steps[-1].running_total == explanation.cost
