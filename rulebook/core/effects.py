"""What every game's effects vocabulary checks the same way (rulebook/<game>/effects.py): an
`effects` attribute is a list of effect objects, each naming its action (`do`) and that
action's parameters. Each game says which actions it has, their parameters and its own keys
(when an effect happens, what a Reaction answers); these two walks are shared."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
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
