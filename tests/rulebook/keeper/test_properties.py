"""Properties of the card builder that hold by the Card Building Guide, on generated cards.

Cards are generated from the guide's own (non-redacted) components with random variables, so
every property is checked over the whole component catalogue, not a handful of examples.
"""

import math
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.keeper.components import COMPONENTS, Kind
from rulebook.keeper.cost import explain_cost
from rulebook.keeper.tables import ELEVENTH_EDITION

REDACTED = {redacted.template.key for redacted in ELEVENTH_EDITION.redacted}
LEGAL = {
    kind: [c for c in COMPONENTS if c.kind == kind and c.template.key not in REDACTED]
    for kind in Kind
}
stats = st.integers(min_value=0, max_value=99)


def sentence(kind):
    return st.sampled_from(LEGAL[kind]).flatmap(
        lambda component: st.fixed_dictionaries(
            {name: st.integers(min_value=1, max_value=12) for name in component.template.variables}
        ).map(component.template.fill)
    )


def optional(kind):
    return st.one_of(st.just(""), sentence(kind))


@st.composite
def ability(draw):
    """condition? cost? target effect+ — always a target, so "t" effects have one."""
    parts = [draw(optional(Kind.CONDITION)), draw(optional(Kind.COST)), draw(sentence(Kind.TARGET))]
    parts += [
        draw(sentence(Kind.EFFECT)) for _ in range(draw(st.integers(min_value=1, max_value=3)))
    ]
    return " ".join(part for part in parts if part)


@st.composite
def creature_text(draw):
    lines = [draw(optional(Kind.CAVEAT))]
    lines += draw(st.lists(ability(), max_size=3))
    text = "\n".join(line for line in lines if line)
    return text or "This card has no abilities."


cards = st.one_of(
    st.tuples(st.just("Creature"), creature_text(), stats, stats),
    st.tuples(st.just("Spell"), ability(), st.just(0), st.just(0)),
)


def guide_formula(card_type, parsed, offense, defense):
    """The guide's "Resource Cost" Python, transcribed line by line (with exact fractions)."""
    ability_costs = []
    for ability_ in parsed.abilities:
        target = ability_.target
        t = target.component.formula.evaluate(target.variables) if target else None
        effect_costs = [
            part.component.formula.evaluate({**part.variables, "t": t})
            for part in ability_.of_kind(Kind.EFFECT)
        ]
        condition_relief = sum(
            p.component.formula.evaluate(p.variables) for p in ability_.of_kind(Kind.CONDITION)
        )
        cost_relief = sum(
            p.component.formula.evaluate(p.variables) for p in ability_.of_kind(Kind.COST)
        )
        total_relief = condition_relief + cost_relief
        ability_costs.append(max(1, sum(effect_costs) - total_relief))
    if card_type == "Spell":
        return max(1, math.ceil(ability_costs[0]))
    caveat = parsed.caveat
    caveat_relief = caveat.component.formula.evaluate(caveat.variables) if caveat else 0
    return max(
        1,
        math.ceil(max(0, offense + Fraction(defense, 5) - caveat_relief) + sum(ability_costs)),
    )


@given(cards)
def test_it_reads_every_card_built_from_official_components(card):
    card_type, text, offense, defense = card
    assert explain_cost(card_type, text, offense, defense).parsed.unread == ()


@given(cards)
def test_the_cost_is_the_guides_formula(card):
    card_type, text, offense, defense = card
    explanation = explain_cost(card_type, text, offense, defense)
    assert explanation.cost == guide_formula(card_type, explanation.parsed, offense, defense)


@settings(max_examples=200)
@given(st.sampled_from(["Creature", "Spell"]), st.text(max_size=200), stats, stats)
def test_the_cost_is_a_whole_number_of_at_least_one_for_any_text(card_type, text, offense, defense):
    """Guide, "Resource Cost": "If less than 1, set to 1"; the steps add up to it."""
    explanation = explain_cost(card_type, text, offense, defense)
    assert isinstance(explanation.cost, int) and explanation.cost >= 1
    assert sum(step.amount for step in explanation.steps) == explanation.cost


@given(ability(), sentence(Kind.EFFECT))
def test_adding_an_effect_never_lowers_the_cost(text, effect):
    """Every effect has a cost (guide, "Effects"), never a relief."""
    assert explain_cost("Spell", f"{text} {effect}").cost >= explain_cost("Spell", text).cost


@given(ability())
def test_an_activation_cost_never_raises_the_cost(text):
    """Activation costs "serve to reduce the resource cost" (guide, "Activation Costs")."""
    with_relief = f"Destroy 1 of your resources. {text}"
    parsed = explain_cost("Spell", with_relief).parsed
    if parsed.unread:  # the ability already had an activation cost or a condition
        return
    assert explain_cost("Spell", with_relief).cost <= explain_cost("Spell", text).cost


@given(creature_text(), stats, stats, st.integers(min_value=1, max_value=10))
def test_more_offense_never_lowers_a_creatures_cost(text, offense, defense, more):
    assert (
        explain_cost("Creature", text, offense + more, defense).cost
        >= explain_cost("Creature", text, offense, defense).cost
    )


@given(cards)
def test_case_and_spacing_do_not_change_the_cost(card):
    card_type, text, offense, defense = card
    shouted = "\n".join("  " + line.upper().replace(" ", "   ") for line in text.splitlines())
    assert (
        explain_cost(card_type, shouted, offense, defense).cost
        == explain_cost(card_type, text, offense, defense).cost
    )
