"""A card's resource cost by the Card Building Guide's formula, explained step by step.

The guide ("Resource Cost"), in its own Python:

    total_relief = condition_relief + cost_relief
    ability_cost = max(1, sum(effect_costs) - total_relief)
    creature_cost = max(1, math.ceil(max(0, offense + (defense / 5) - caveat_relief)
                                     + sum(ability_costs)))
    spell_cost = max(1, math.ceil(ability_cost))

with each effect's "t" replaced by its ability's target selection cost. The computation keeps
exact fractions and records every addition, relief, floor and round-up as a `Step`, so the
explanation adds up to the cost line by line.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any

from .cards import CREATURE
from .components import Kind
from .parser import Ability, ParsedText, Part, parse_ability_text
from .tables import ELEVENTH_EDITION, EditionTables


@dataclass(frozen=True)
class Step:
    """One line of the explanation: what it adds (negative for a relief) and the total after."""

    component: str  # a component kind, or "offense", "defense", "minimum", "round up"
    amount: Fraction
    running_total: Fraction
    ability: int | None = None
    text: str | None = None  # the card's sentence, for a component
    formula: str | None = None  # the guide's notation
    variables: Mapping[str, Fraction | int] = field(default_factory=dict)
    base_cost: Fraction | None = None  # the formula's value (a cost, or a relief)
    note: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {
            "component": self.component,
            "ability": self.ability,
            "text": self.text,
            "formula": self.formula,
            "variables": {name: number(value) for name, value in self.variables.items()},
            "base_cost": None if self.base_cost is None else number(self.base_cost),
            "amount": number(self.amount),
            "running_total": number(self.running_total),
            "note": self.note,
        }


@dataclass(frozen=True)
class CostExplanation:
    cost: int
    steps: tuple[Step, ...]
    parsed: ParsedText


def number(value: Fraction | int) -> int | float:
    """A JSON-friendly number: whole numbers stay integers, fractions become 4-place decimals."""
    value = Fraction(value)
    return value.numerator if value.denominator == 1 else round(float(value), 4)


class _Ledger:
    """Appends steps while keeping the running total."""

    def __init__(self) -> None:
        self.total = Fraction(0)
        self.steps: list[Step] = []

    def add(self, component: str, amount: Fraction | int, **details: Any) -> None:
        self.total += amount
        self.steps.append(Step(component, Fraction(amount), self.total, **details))

    def at_least(self, floor: int, note: str, ability: int | None = None) -> None:
        if self.total < floor:
            self.add("minimum", floor - self.total, ability=ability, note=note)

    def round_up(self) -> None:
        if self.total.denominator != 1:
            self.add("round up", math.ceil(self.total) - self.total, note="round up to a whole")


@lru_cache(maxsize=4096)
def explain_cost(
    card_type: str,
    text: str,
    offense: int = 0,
    defense: int = 0,
    tables: EditionTables = ELEVENTH_EDITION,
) -> CostExplanation:
    """The card's resource cost and how the guide's formula reaches it; offense and defense
    count for creatures only."""
    parsed = parse_ability_text(card_type, text, tables)
    ledger = _Ledger()
    if card_type == CREATURE:
        _power_steps(ledger, parsed.caveat, offense, defense)
    for ability in parsed.abilities:
        _ability_steps(ledger, ability)
    ledger.round_up()
    ledger.at_least(1, "a card costs at least 1")
    return CostExplanation(int(ledger.total), tuple(ledger.steps), parsed)


def _power_steps(ledger: _Ledger, caveat: Part | None, offense: int, defense: int) -> None:
    """offense + defense/5 - caveat relief, set to 0 if less than 0."""
    ledger.add("offense", offense, base_cost=Fraction(offense), note="the creature's offense")
    ledger.add(
        "defense",
        Fraction(defense, 5),
        formula="defense/5",
        variables={"defense": defense},
        base_cost=Fraction(defense, 5),
        note="one fifth of the creature's defense",
    )
    if caveat is not None:
        _component_step(ledger, caveat, caveat.variables, ability=None)
    ledger.at_least(0, "offense + defense/5 - caveat relief is less than 0: set to 0")


def _ability_steps(ledger: _Ledger, ability: Ability) -> None:
    """The effects' costs (with t, the target selection's cost) minus the condition and
    activation cost reliefs, at least 1."""
    start = ledger.total
    values: dict[str, Fraction | int] = {}
    target = ability.target
    if target is not None:
        t = target.component.formula.evaluate(target.variables)
        values["t"] = t
        ledger.add(
            str(Kind.TARGET),
            0,
            ability=ability.number,
            text=target.text,
            formula=target.component.formula.notation,
            variables=dict(target.variables),
            base_cost=t,
            note="becomes t in the effects' formulas; not added by itself",
        )
    for part in ability.of_kind(Kind.EFFECT):
        _component_step(ledger, part, {**part.variables, **values}, ability=ability.number)
    for part in ability.of_kind(Kind.CONDITION) + ability.of_kind(Kind.COST):
        _component_step(ledger, part, part.variables, ability=ability.number)
    if ledger.total - start < 1:
        ledger.add(
            "minimum",
            start + 1 - ledger.total,
            ability=ability.number,
            note="an ability costs at least 1",
        )


def _component_step(
    ledger: _Ledger, part: Part, values: Mapping[str, Fraction | int], ability: int | None
) -> None:
    formula = part.component.formula
    used = {name: values[name] for name in sorted(formula.variables)}
    value = formula.evaluate(used)
    relief = part.kind.is_relief
    ledger.add(
        str(part.kind),
        -value if relief else value,
        ability=ability,
        text=part.text,
        formula=formula.notation,
        variables=used,
        base_cost=value,
        note="relief" if relief else "cost",
    )
