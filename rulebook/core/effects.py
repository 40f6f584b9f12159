"""What every game's effects vocabulary checks the same way (rulebook/<game>/effects.py): an
`effects` attribute is a list of effect objects, each naming its action (`do`) and that
action's parameters. Each game says which actions it has, their parameters and its own keys
(when an effect happens, what a Reaction answers); these two walks are shared."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

Problems = list[tuple[str, str]]  # (sub-path such as "[1].n", message)


def listed_problems(effects: Any, one_effect: Callable[[Any], Problems]) -> Problems:
    """Every problem of an `effects` value, each effect checked by `one_effect` and its path
    prefixed with its index; [] when well-formed."""
    if not isinstance(effects, list):
        return [("", f"must be a list of effects, not {effects!r}")]
    problems: Problems = []
    for index, effect in enumerate(effects):
        problems.extend((f"[{index}]{path}", msg) for path, msg in one_effect(effect))
    return problems


def parameter_problems(
    effect: Mapping[str, Any],
    action: str,
    params: Mapping[str, Callable[[Any], str | None]],
    required: Collection[str],
    common: Collection[str],
) -> Problems:
    """The action's required parameters that are missing, and every other key that is not one
    of its parameters (the game's `common` keys aside) or whose value its check refuses."""
    problems: Problems = [
        (f".{name}", f"is required by {action!r}") for name in required if name not in effect
    ]
    for name, value in effect.items():
        if name in common:
            continue
        check = params.get(name)
        if check is None:
            problems.append((f".{name}", f"is not a parameter of {action!r}"))
        elif message := check(value):
            problems.append((f".{name}", message))
    return problems


@dataclass(frozen=True, slots=True)
class EffectReadout:
    """What an engine does with a card's effect data, for the people who review it: each effect
    it plays, in words, and each part of the card it cannot play (its game's
    `unsupported_effects`: listed, never silently ignored)."""

    plays: tuple[str, ...]
    unsupported: tuple[str, ...]


def effect_readout(
    text: str, effects: Any, unsupported_of: Callable[[str, Any], Sequence[str]]
) -> EffectReadout:
    """The readout of a card's `effects` value, by its game's `unsupported_of(text, effects)`:
    an effect is played when that lists nothing for it alone."""
    listed = effects if isinstance(effects, list) else []
    plays = tuple(
        effect_words(effect)
        for effect in listed
        if isinstance(effect, Mapping) and not unsupported_of("", [effect])
    )
    return EffectReadout(plays=plays, unsupported=tuple(unsupported_of(text, effects)))


def effect_words(effect: Mapping[str, Any]) -> str:
    """An effect as a reviewer reads it: its action, then its parameters (`draw: n 2`)."""
    params = ", ".join(f"{name} {value}" for name, value in effect.items() if name != "do")
    return f"{effect.get('do')}: {params}" if params else str(effect.get("do"))
