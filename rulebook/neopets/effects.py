"""The effect vocabulary: a card's `effects` attribute, as the engine plays it.

A card's effects are a list of small dicts, each naming one action with `do`, e.g.
`{"do": "draw", "n": 2}` or
`{"do": "stat", "stat": "attack", "by": 2, "until": "end_of_turn"}`. An effect happens when its
`when` trigger fires ("played" unless it says otherwise); a stat, die or damage modifier lasting
`"until": "while_in_play"` (or `"when": "while_in_play"`) is a passive ability (CR 8.18) of a
card in play.

`effect_problems` is what an importer calls: it refuses malformed effects (wrong shapes, bad
numbers, unknown triggers). An action this vocabulary does not know is not malformed: it is an
effect the engine cannot play, which `unsupported_effects` lists so that every game result
names it (never silently ignored). A card with rules text but no `effects` attribute at all is
unsupported too; `"effects": []` says the card does nothing beyond the rules of its type.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rulebook.core.effects import listed_problems, parameter_problems

# Triggers (CR 8.16): when an effect of a card happens.
PLAYED = "played"  # as the card resolves (CR 8.20.15)
WHILE_IN_PLAY = "while_in_play"  # a passive ability of a card in play (CR 8.18)
TURN_START = "turn_start"  # "at the beginning of your turn" (CR 5.1.2)
BATTLE_START = "battle_start"  # "at the beginning of your Battle Phase" (CR 5.5.2)
DEALT_DAMAGE = "dealt_damage"  # "when your Neopet is dealt damage" (CR 5.5.7f)
END_OF_TURN = "end_of_turn"  # "at the end of your turn" (CR 5.5.8)
TRIGGERS = (PLAYED, WHILE_IN_PLAY, TURN_START, BATTLE_START, DEALT_DAMAGE, END_OF_TURN)

# How long a stat change lasts.
DURATIONS = ("end_of_turn", "end_of_round", "permanent", WHILE_IN_PLAY)
STATS = ("hp", "attack", "defence", "agility")
TARGETS = ("self", "opponent")
CARD_TYPES = (
    "Codestone",
    "Equipment",
    "Food",
    "Faerie",
    "Hero",
    "Villain",
    "Legend",
    "Paint Brush",
    "Potion",
    "Location",
    "Map Piece",
)
D3 = "d3"  # an amount rolled on a d3 (CR 9.4.1)


def _count(value: Any) -> str | None:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 50:
        return None
    return f"must be a whole number from 0 to 50, not {value!r}"


def _amount(value: Any) -> str | None:
    """A number of cards or points, or "d3" for a d3 roll (CR 9.4.1)."""
    return None if value == D3 else _count(value)


def _delta(value: Any) -> str | None:
    if isinstance(value, int) and not isinstance(value, bool) and -10 <= value <= 10:
        return None
    return f"must be a whole number from -10 to 10, not {value!r}"


def _dice(value: Any) -> str | None:
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 10:
        return None
    return f"must be a number of dice from 1 to 10, not {value!r}"


def _face(value: Any) -> str | None:
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 6:
        return None
    return f"must be a die face from 1 to 6, not {value!r}"


def _text(value: Any) -> str | None:
    return (
        None if isinstance(value, str) and value else f"must be a non-empty string, not {value!r}"
    )


def _one_of(*choices: str) -> Callable[[Any], str | None]:
    def check(value: Any) -> str | None:
        return None if value in choices else f"must be one of {', '.join(choices)}; not {value!r}"

    return check


_STAT = _one_of(*STATS)
_UNTIL = _one_of(*DURATIONS)
_TARGET = _one_of(*TARGETS)
_TYPE = _one_of(*CARD_TYPES)
_STEP = _one_of("attack", "defence")

# Each action: its parameters (name -> check) and which of them it needs.
Params = Mapping[str, Callable[[Any], str | None]]
ACTIONS: dict[str, tuple[Params, tuple[str, ...]]] = {
    "draw": ({"n": _amount}, ("n",)),
    "heal": ({"n": _amount}, ("n",)),
    # Damage to a Neopet (the opponent's unless target says self); with `roll`, that many dice
    # are rolled as the card enters the queue (CR 7.7.4): a success deals n, a critical crit_n.
    "damage": ({"n": _amount, "roll": _dice, "crit_n": _count, "target": _TARGET}, ("n",)),
    # A stat change lasting `until` (end_of_turn unless it says otherwise).
    "stat": ({"stat": _STAT, "by": _delta, "until": _UNTIL, "target": _TARGET}, ("stat", "by")),
    "freeze": ({"target": _TARGET}, ()),  # CR 8.20.4
    "negate": ({}, ()),  # negate the card this responds to in the queue (CR 8.20.6)
    "search": ({"name": _text, "type": _TYPE}, ()),  # deck -> Inventory, by name (CR 9.9.1)
    "scrap": ({"n": _amount, "target": _TARGET}, ("n",)),  # CR 8.20.8
    "discard": ({"n": _amount, "target": _TARGET}, ("n",)),  # CR 8.20.3
    "extra_play": ({"n": _count}, ("n",)),  # more cards this Preparation Phase (CR 9.1.1)
    "reroll": ({"n": _count}, ("n",)),  # reroll more of your dice in each battle
    "extra_dice": ({"n": _count, "step": _STEP}, ("n", "step")),
    "set_die": ({"value": _face}, ("value",)),  # change one of your rolled dice
    "recover": ({"n": _count, "type": _TYPE, "name": _text}, ("n",)),  # Discard -> Inventory
    "replay": ({"type": _TYPE, "name": _text}, ()),  # play a card from your Discard (CR 9.1)
    "transform": ({"via": _text}, ("via",)),  # into the Rainbow Pool Neopet it names
    "halve_damage": ({}, ()),  # battle damage to this Neopet is halved (CR 10.1.1)
    "requires_map_pieces": ({"n": _count}, ("n",)),  # a Location's play condition (CR 7.10.9)
}
# Actions whose `target` is the opponent unless it says "self"; every other action's is "self".
AIMED_AT_OPPONENT = frozenset({"damage", "freeze"})
# Actions that are passive abilities whatever `when` says (CR 8.18).
PASSIVE_ACTIONS = frozenset({"reroll", "extra_dice", "halve_damage", "requires_map_pieces"})
_COMMON = {"do", "when"}


def effect_problems(effects: Any) -> list[tuple[str, str]]:
    """Every problem with a card's `effects` value, as (path, message); [] when well-formed.

    Unknown actions are not problems here: see `unsupported_effects`.
    """
    return listed_problems(effects, _one_effect_problems)


def _one_effect_problems(effect: Any) -> list[tuple[str, str]]:
    if not isinstance(effect, Mapping):
        return [("", f"must be an object with a 'do', not {effect!r}")]
    action = effect.get("do")
    if not isinstance(action, str) or not action:
        return [(".do", "must name the action, e.g. 'draw'")]
    problems: list[tuple[str, str]] = []
    when = effect.get("when", PLAYED)
    if when not in TRIGGERS:
        problems.append((".when", f"must be one of {', '.join(TRIGGERS)}; not {when!r}"))
    if action not in ACTIONS:
        return problems  # an effect the engine cannot play: listed, not refused
    params, required = ACTIONS[action]
    return problems + parameter_problems(effect, action, params, required, _COMMON)


def unsupported_effects(text: str, effects: Any) -> tuple[str, ...]:
    """What of a card the engine cannot play, described for people; () when it plays it all."""
    if effects is None:
        return ("rules text without structured effects",) if text.strip() else ()
    if not isinstance(effects, list):
        return ("effects that are not a list",)
    found = []
    for effect in effects:
        action = effect.get("do") if isinstance(effect, Mapping) else None
        if action not in ACTIONS:
            found.append(f"unknown effect {action!r}")
        elif _one_effect_problems(effect):
            found.append(f"malformed {action!r} effect")
    return tuple(found)
