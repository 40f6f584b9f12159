"""The rulebook's revision tables, 11th edition, as data (rulebook, last four sections).

- "Redacted Ability Text (Banned Cards)": a card with any of these texts is banned. The
  rulebook gives no editions; the Card Building Guide marks each redaction with one.
- "Revised Costs": a card bearing one of these texts must carry an Edition Indicator of at
  least that edition; without one, or with an older one, it is banned.
- "Revised Ability Text": old wording -> the wording to read instead (editions from the guide's
  "Revised from" notes). The card stays legal.
- "Revised Variable Limits": none in the 11th edition ("N/A"); a variant edition lists them.

Texts are written exactly as the rulebook prints them (strike-through and bold removed), with
[x], [y], [z] for the numbers a card fills in. A later edition is another `EditionTables`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .formula import Formula, parse_formula
from .templates import Template


@dataclass(frozen=True)
class RedactedText:
    template: Template
    edition: int  # the edition that redacted it


@dataclass(frozen=True)
class CostRevision:
    template: Template
    edition: int  # cards bearing the text must indicate at least this edition
    old_formula: Formula


@dataclass(frozen=True)
class TextRevision:
    old: Template
    new: Template
    edition: int


@dataclass(frozen=True)
class VariableLimit:
    template: Template
    limits: Mapping[str, int]  # variable -> the highest value allowed
    edition: int


@dataclass(frozen=True, eq=False)
class EditionTables:
    """One edition's four revision tables, with look-ups by normalised text."""

    edition: int
    redacted: tuple[RedactedText, ...]
    cost_revisions: tuple[CostRevision, ...]
    text_revisions: tuple[TextRevision, ...]
    variable_limits: tuple[VariableLimit, ...] = ()
    _cost_by_key: dict[str, CostRevision] = field(init=False, repr=False)
    _limits_by_key: dict[str, VariableLimit] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        costs = {revision.template.key: revision for revision in self.cost_revisions}
        limits = {limit.template.key: limit for limit in self.variable_limits}
        object.__setattr__(self, "_cost_by_key", costs)
        object.__setattr__(self, "_limits_by_key", limits)

    def cost_revision(self, template: Template) -> CostRevision | None:
        return self._cost_by_key.get(template.key)

    def variable_limit(self, template: Template) -> VariableLimit | None:
        return self._limits_by_key.get(template.key)


def _redacted(text: str, edition: int) -> RedactedText:
    return RedactedText(Template(text), edition)


def _cost(text: str, edition: int, old: str) -> CostRevision:
    return CostRevision(Template(text), edition, parse_formula(old))


def _revised(old: str, new: str, edition: int) -> TextRevision:
    return TextRevision(Template(old), Template(new), edition)


ELEVENTH_EDITION = EditionTables(
    edition=11,
    redacted=(
        _redacted("Activate in response to an opponent's summon.", 7),
        _redacted("Activate in response to an opponent's attack.", 7),
        _redacted("Activate in response to an opponent's card effect.", 7),
        _redacted("Destroy [x] cards on the top of your deck.", 9),
        _redacted("Inflict a total of [x] damage to targets.", 2),
        _redacted("Inflict [x] damage to any one player.", 2),
        _redacted("Negate activated effect of all targets.", 7),
        _redacted("Negate attack of all targets.", 7),
        _redacted("Pay [x] hitpoints.", 9),
        _redacted("Sacrifice [x] cards on the top of your deck.", 9),
        _redacted("Target up to [x] cards in the current chain.", 7),
        _redacted("Target up to [x] cards in your graveyard.", 9),
        _redacted("This creature cannot attack or defend.", 9),
        _redacted("You may re-roll up to [x] dice in the current chain up to [y] times each.", 7),
        _redacted("You must destroy [x] cards on the top of your deck to summon this creature.", 9),
        _redacted("You must pay [x] hitpoints to summon this creature.", 9),
        _redacted(
            "You must sacrifice [x] cards on the top of your deck to summon this creature.", 9
        ),
    ),
    cost_revisions=(
        _cost("Decrease targets' offense by a total of [x].", 11, "x+t"),
        _cost("Destroy all targets.", 11, "8t"),
        _cost("Draw [x] cards.", 9, "4x"),
        _cost("Increase targets' defense by a total of [x].", 11, "x/5+t"),
        _cost("Increase targets' offense by a total of [x].", 11, "x+t"),
        _cost("Place [x] counters on each target.", 9, "2xt"),
        _cost(
            "Roll [x] six-sided dice and inflict the result of each die as damage to one target.",
            11,
            "x+t",
        ),
        _cost("See all targets.", 9, "2t"),
        _cost("This creature cannot attack.", 9, "1"),
        _cost("This creature cannot defend.", 9, "1"),
    ),
    text_revisions=(
        _revised(
            "Activate when a card in your deck is destroyed.",
            "Activate when at least 1 card in your deck is destroyed.",
            8,
        ),
        _revised(
            "Activate when a card in your hand is destroyed.",
            "Activate when at least 1 card in your hand is destroyed.",
            8,
        ),
        _revised(
            "Activate when another of your cards in play is damaged, but not destroyed.",
            "Activate when at least 1 of your cards in play (excluding this card) is damaged, "
            "but not destroyed.",
            8,
        ),
        _revised(
            "Activate when another of your cards in play is destroyed.",
            "Activate when at least 1 of your cards in play (excluding this card) is destroyed.",
            8,
        ),
        _revised(
            "Activate when this card as a resource is destroyed.",
            "Activate when this card as a resource is destroyed by paying this card's resource "
            "cost.",
            8,
        ),
        _revised(
            "Activate when this card in your deck is destroyed.",
            "Activate when this card in your deck is destroyed by paying this card's resource "
            "cost.",
            8,
        ),
        _revised(
            "Activate when this card in your hand is destroyed.",
            "Activate when this card in your hand is destroyed by paying this card's resource "
            "cost.",
            8,
        ),
        _revised("Activate when you take damage.", "Activate when you take at least 5 damage.", 8),
        _revised(
            "Exhaust [x] of your unexhausted cards in play.",
            "Exhaust [x] of your unexhausted creatures in play.",
            2,
        ),
        _revised(
            "Exhaust [x] of your unexhausted cards in play chosen by an opponent of your choice.",
            "Exhaust [x] of your unexhausted creatures in play chosen by an opponent of your "
            "choice.",
            2,
        ),
        _revised("Target up to [x] resources.", "Target up to [x] of your resources.", 6),
        _revised(
            "You may re-roll up to [x] dice for the rest of this turn (excluding the current "
            "chain) up to [y] times each.",
            "You may re-roll up to [x] dice for the rest of this turn up to [y] times each.",
            7,
        ),
        _revised(
            "You must exhaust [x] of your unexhausted cards in play chosen by an opponent of your "
            "choice to summon this creature.",
            "You must exhaust [x] of your unexhausted creatures in play chosen by an opponent of "
            "your choice to summon this creature.",
            3,
        ),
    ),
    variable_limits=(),  # "Revised Variable Limits: N/A"
)
