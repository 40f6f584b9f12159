"""The official ability components of the Card Building Guide, 11th edition, as data.

Each line is one entry of the guide's lists ("Caveats", "Activation Conditions", "Activation
Costs", "Target Selections", "Effects"): its kind, its text with the variables [x], [y], [z], and
its cost (effects, target selections) or relief (caveats, conditions, activation costs) in the
guide's own notation (see formula.py). Redacted (crossed-out) components are listed too, with the
cost the guide still prints, so a banned card can be recognised and explained; which components
are redacted, revised or cost-revised is the business of tables.py, as the rulebook keeps it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from .formula import Formula, parse_formula
from .templates import Template


class Kind(StrEnum):
    """The component kinds, in the order an ability lists them (guide, "Constructing Abilities")."""

    CAVEAT = "caveat"
    CONDITION = "activation condition"
    COST = "activation cost"
    TARGET = "target selection"
    EFFECT = "effect"

    @property
    def is_relief(self) -> bool:
        """Caveats, conditions and activation costs lower the cost (guide, "Resource Cost")."""
        return self in (Kind.CAVEAT, Kind.CONDITION, Kind.COST)


@dataclass(frozen=True)
class Component:
    kind: Kind
    template: Template
    formula: Formula
    # Variable limits printed with the component, e.g. {x≤14}: the highest value allowed.
    limits: Mapping[str, int] = field(default_factory=dict)

    @property
    def text(self) -> str:
        return self.template.text


def _component(kind: Kind, notation: str, text: str, **limits: int) -> Component:
    return Component(kind, Template(text), parse_formula(notation), limits)


_C, _A, _P, _T, _E = Kind.CAVEAT, Kind.CONDITION, Kind.COST, Kind.TARGET, Kind.EFFECT
_SUMMON = "to summon this creature."
_CHOSEN = "chosen by an opponent of your choice"
_USE = "to attack with, defend with, or use an ability of this creature."

COMPONENTS: tuple[Component, ...] = (
    # Caveats (guide, "Caveats"); relief in the formula.
    _component(_C, "x", f"You must exhaust [x] of your unexhausted creatures in play {_SUMMON}"),
    _component(
        _C,
        "2x",
        "You must exhaust [x] of your unexhausted creatures in play chosen by an opponent of "
        f"your choice {_SUMMON}",
    ),
    _component(_C, "3x/2", f"You must sacrifice [x] random cards in your hand {_SUMMON}"),
    _component(_C, "2x", f"You must sacrifice [x] cards in play {_SUMMON}"),
    _component(
        _C,
        "3x",
        f"You must sacrifice [x] cards in play chosen by an opponent of your choice {_SUMMON}",
    ),
    _component(_C, "3x/4", f"You must destroy [x] random cards in your hand {_SUMMON}"),
    _component(_C, "x", f"You must destroy [x] of your cards in play {_SUMMON}"),
    _component(
        _C,
        "3x/2",
        f"You must destroy [x] of your cards in play {_CHOSEN} {_SUMMON}",
    ),
    _component(_C, "x", f"You must destroy [x] of your resources {_SUMMON}"),
    _component(
        _C,
        "3x/2",
        f"You must destroy [x] of your resources chosen by an opponent of your choice {_SUMMON}",
    ),
    _component(_C, "2x", f"You must remove [x] counters from this card {_USE}"),
    _component(_C, "x/2", f"You must exhaust [x] of your resources {_USE}"),
    _component(
        _C, "2x", f"You must exhaust [x] of your other unexhausted creatures in play {_USE}"
    ),
    _component(
        _C,
        "4x",
        "You must exhaust [x] of your unexhausted creatures in play chosen by an opponent of "
        f"your choice {_USE}",
    ),
    _component(_C, "3x", f"You must sacrifice [x] random cards in your hand {_USE}"),
    _component(_C, "4x", f"You must sacrifice [x] cards in play {_USE}"),
    _component(
        _C,
        "6x",
        f"You must sacrifice [x] cards in play chosen by an opponent of your choice {_USE}",
    ),
    _component(_C, "3x/2", f"You must destroy [x] random cards in your hand {_USE}"),
    _component(_C, "2x", f"You must destroy [x] of your other cards in play {_USE}"),
    _component(
        _C,
        "3x",
        f"You must destroy [x] of your other cards in play {_CHOSEN} {_USE}",
    ),
    _component(_C, "2x", f"You must destroy [x] of your resources {_USE}"),
    _component(
        _C,
        "3x",
        f"You must destroy [x] of your resources chosen by an opponent of your choice {_USE}",
    ),
    _component(_C, "2", "This creature cannot attack."),
    _component(_C, "2", "This creature cannot defend."),
    _component(
        _C,
        "2",
        "If this in-play creature is unexhausted at the end of your own Battle Phase, "
        "destroy this creature.",
    ),
    _component(_C, "1.5", "This creature cannot attack or defend."),
    _component(_C, "x/2", f"You must pay [x] hitpoints {_SUMMON}", x=14),
    _component(_C, "x", f"You must sacrifice [x] cards on the top of your deck {_SUMMON}", x=7),
    _component(_C, "x/2", f"You must destroy [x] cards on the top of your deck {_SUMMON}", x=7),
    # Activation conditions (guide, "Activation Conditions"); relief.
    _component(_A, "3", "Activate when this card is damaged, but not destroyed."),
    _component(_A, "2", "Activate when this in-play card is destroyed."),
    _component(
        _A,
        "2",
        "Activate when this card as a resource is destroyed by paying this card's resource cost.",
    ),
    _component(
        _A,
        "2",
        "Activate when this card in your hand is destroyed by paying this card's resource cost.",
    ),
    _component(
        _A,
        "2",
        "Activate when this card in your deck is destroyed by paying this card's resource cost.",
    ),
    _component(
        _A,
        "x",
        "Activate when at least [x] of your cards in play (excluding this card) are damaged, "
        "but not destroyed.",
    ),
    _component(
        _A,
        "x",
        "Activate when at least [x] of your cards in play (excluding this card) are destroyed.",
    ),
    _component(_A, "x", "Activate when at least [x] cards in your hand are destroyed."),
    _component(_A, "x", "Activate when at least [x] cards in your deck are destroyed."),
    _component(_A, "x/5", "Activate when your cards in play take a total of at least [x] damage."),
    _component(_A, "x/5", "Activate when you take at least [x] damage."),
    _component(_A, "0", "Activate in response to an opponent's summon."),
    _component(_A, "0", "Activate in response to an opponent's attack."),
    _component(_A, "0", "Activate in response to an opponent's card effect."),
    # Activation costs (guide, "Activation Costs"); relief.
    _component(_P, "2x", "Remove [x] counters from this card."),
    _component(_P, "x/2", "Exhaust [x] of your resources."),
    _component(_P, "2x", "Exhaust [x] of your unexhausted creatures in play."),
    _component(
        _P,
        "4x",
        "Exhaust [x] of your unexhausted creatures in play chosen by an opponent of your choice.",
    ),
    _component(_P, "3x", "Sacrifice [x] random cards in your hand."),
    _component(_P, "4x", "Sacrifice [x] cards in play."),
    _component(_P, "6x", "Sacrifice [x] cards in play chosen by an opponent of your choice."),
    _component(_P, "3x/2", "Destroy [x] random cards in your hand."),
    _component(_P, "2x", "Destroy [x] of your cards in play."),
    _component(_P, "3x", "Destroy [x] of your cards in play chosen by an opponent of your choice."),
    _component(_P, "2x", "Destroy [x] of your resources."),
    _component(_P, "3x", "Destroy [x] of your resources chosen by an opponent of your choice."),
    _component(_P, "x", "Pay [x] hitpoints.", x=14),
    _component(_P, "2x", "Sacrifice [x] cards on the top of your deck.", x=7),
    _component(_P, "x", "Destroy [x] cards on the top of your deck.", x=7),
    # Target selections (guide, "Target Selections"); their cost becomes "t" in the effects.
    _component(_T, "0.5", "Target this card."),
    _component(_T, "x", "Target up to [x] cards in play."),
    _component(_T, "x/(y+1)", "Target up to [x] cards in play with at least [y] counters."),
    _component(_T, "x", "Target up to [x] of your resources."),
    _component(_T, "x/2", "Target up to [x] exhausted cards in play."),
    _component(_T, "x/2", "Target up to [x] cards in play selected by an opponent of your choice."),
    _component(_T, "x", "Target up to [x] cards in your hand."),
    _component(
        _T,
        "x/2",
        "Show all cards in your hand to one player of your choice and target up to [x] cards in "
        "your hand selected by that player.",
    ),
    _component(_T, "x", "Target up to [x] cards in one player's hand randomly."),
    _component(_T, "x/2", "Target up to [x] cards in one opponent's hand selected by that player."),
    _component(_T, "x", "Target up to [x] cards on the top of one player's deck."),
    _component(
        _T,
        "y²/x",
        "Have one opponent look at exactly [x] cards on top of your deck and target up to [y] of "
        "those cards selected by that player.",
    ),
    _component(
        _T,
        "y²/x",
        "Have one opponent look at exactly [x] cards on top of their own deck and target up to "
        "[y] of those cards selected by that player.",
    ),
    _component(_T, "x", "Target up to [x] cards in one player's graveyard randomly."),
    _component(
        _T,
        "x/2",
        "Show all cards in your graveyard to an opponent of your choice and target up to [x] "
        "cards in your graveyard selected by that player.",
    ),
    _component(
        _T, "x/2", "Target up to [x] cards in one opponent's graveyard selected by that player."
    ),
    _component(_T, "x/2", "Target up to [x] cards in the current chain."),
    _component(_T, "x", "Target up to [x] cards in your graveyard."),
    # Effects (guide, "Effects"); cost, with "t" the target selection's cost.
    _component(_E, "xt", "Place [x] counters on each target."),
    _component(_E, "xt", "Remove up to [x] counters from each target."),
    _component(
        _E,
        "4xt",
        "Place [x] offense counters on each target; you can remove an offense counter from a "
        "card at any time to increase its offense by 1.",
    ),
    _component(
        _E,
        "4xt",
        "Place [x] defense counters on each target; you can remove a defense counter from a "
        "card at any time to increase its defense by 5.",
    ),
    _component(
        _E,
        "4xt",
        "Place [x] weakness counters on each target; you can remove a weakness counter from a "
        "card at any time to decrease its offense by 1.",
    ),
    _component(
        _E,
        "4xt",
        "Place [x] damage counters on each target; you can remove a damage counter from a card "
        "at any time to roll a six-sided die and inflict damage to it equal to the result.",
    ),
    _component(
        _E,
        "4xt",
        "Place [x] exhaustion counters on each target; you can remove an exhaustion counter "
        "from a card at any time to exhaust it.",
    ),
    _component(
        _E,
        "4xt",
        "Place [x] dice counters on each target; you can remove a dice counter from a card at "
        "any time to re-roll any one die.",
    ),
    _component(
        _E,
        "6xt",
        "Place [x] immortality counters on each target; you can remove an immortality counter "
        "from a creature at any time to prevent it from being destroyed or moved to another "
        "zone by an effect that would explicitly do so.",
    ),
    _component(_E, "t/2", "See all targets."),
    _component(_E, "2t", "Exhaust all targets."),
    _component(_E, "3t", "Send all targets to the resource zone of their owners (exhausted)."),
    _component(_E, "3t", "Destroy all targets."),
    _component(_E, "(x+t)/2", "Increase targets' offense by a total of [x]."),
    _component(_E, "(x+t)/12", "Increase targets' defense by a total of [x]."),
    _component(_E, "(x+t)/2", "Decrease targets' offense by a total of [x]."),
    _component(
        _E,
        "(x+t)/4",
        "Roll [x] six-sided dice and inflict the result of each die as damage to one target.",
    ),
    _component(
        _E,
        "3t",
        "Reveal all targets, then summon or cast any number of targets that are not in play "
        "(paying the usual costs).",
    ),
    _component(
        _E,
        "4t",
        "Switch control of each target in-play creature to a different player of your choice "
        "until the end of this turn.",
    ),
    _component(_E, "3t", "Place all targets on top of owner's deck in any order."),
    _component(_E, "2x", "Draw [x] cards."),
    _component(_E, "x", "All players draw [x] cards."),
    _component(_E, "2x", "Increase your hitpoints by [x]."),
    _component(_E, "4x", "Roll [x] six-sided dice and increase your hitpoints by the result."),
    _component(
        _E,
        "2x",
        "Roll [x] six-sided dice and increase your hitpoints by the result, then roll [x] "
        "six-sided dice and increase the hitpoints of one opponent by the result.",
    ),
    _component(
        _E,
        "2x",
        "Roll [x] six-sided dice and inflict the result as damage to yourself, then roll [x] "
        "six-sided dice and inflict the result as damage to any one player.",
    ),
    _component(
        _E, "xy", "You may re-roll up to [x] dice for the rest of this turn up to [y] times each."
    ),
    _component(
        _E, "2t", "Target in-play cards will not be unexhausted during this turn's Recovery Phase."
    ),
    _component(_E, "x/4+t", "Inflict a total of [x] damage to targets."),
    _component(_E, "x/2", "Inflict [x] damage to any one player."),
    _component(_E, "5t", "Negate attack of all targets."),
    _component(_E, "5t", "Negate activated effect of all targets."),
    _component(
        _E, "xy", "You may re-roll up to [x] dice in the current chain up to [y] times each."
    ),
)

BY_KEY: dict[str, Component] = {component.template.key: component for component in COMPONENTS}
