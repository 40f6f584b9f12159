"""The effect vocabulary of the tournament engine: a card's `effects` attribute, as data.

A card's effects are a list of small dicts, each saying when it happens (`when`, one of the
rules summary's effect kinds) and what it does (`do`), e.g.

    {"when": "play", "do": "gain_rp", "n": 1}                           Play: gain 1 RP.
    {"when": "score", "do": "gain_rp", "n": 1, "per": {"kind": "Knight"}}
    {"when": "reaction", "on": "drained", "do": "prevent"}

Kinds (rules summary, "Effects on cards"): `play` (as the Single comes into play), `next` (on the
next Single its owner plays), `flip` (as the card is flipped face-down), `ongoing` (while the card
is face-up), `top` (while it is its owner's Top Card, and the tableau is not full and the hand
not empty), `score` (at the end of the tournament), `reaction` (optional, when `on` happens; the
card is then flipped) and `action` (the "Action:" keyword: once a turn, then the card flips).

Actions:
- `gain_rp` `n` [`per` {"kind"|"element": value}] [`if` "alone"]: gain n RP (n for each face-up
  Single of yours matching `per`; only when the tableau holds nothing else, with "alone").
- `drain_rp` `n`: an opponent (the owner chooses) loses n RP (never below 0).
- `clash` `win`: start a clash with every other player; its winner gains `win` RP.
- `flip_opponent`: flip a face-up Single in an opponent's tableau face-down.
- `stars` `n`: next - the next Single played gains +n stars; ongoing/top - your Top Card has +n.
- `clash_bonus` `n` [`started` true]: add n to your total in clashes (only those you start).
- `shield`: opponents cannot flip your cards. `block_next`: opponents' Next effects do nothing.
- Reactions: `tie_clash` on `clashed` (another player starts a clash: it is a tie),
  `reveal_again` on `revealed` (reveal another card in place of yours), `prevent` on `drained`.

`effect_problems` is what an importer calls: it refuses malformed effects. An action this
vocabulary does not know is not malformed: the engine cannot play it, and `unsupported_effects`
names it in every result, as it does a card with rules text but no `effects` attribute.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulebook.core.effects import listed_problems, parameter_problems

# The effect kinds (rules summary, "Effects on cards"), and the "Action:" keyword.
PLAY, NEXT, FLIP, ONGOING, TOP, SCORE, REACTION, ACTION = (
    "play", "next", "flip", "ongoing", "top", "score", "reaction", "action",
)  # fmt: skip
KINDS = (PLAY, NEXT, FLIP, ONGOING, TOP, SCORE, REACTION, ACTION)
# "Top > Ongoing > Play > Next > Score is the order of what effects take priority."
PRIORITY = (TOP, ONGOING, PLAY, NEXT, SCORE)

# What a Reaction answers to, and what it does then.
REACTIONS = {"clashed": "tie_clash", "revealed": "reveal_again", "drained": "prevent"}

_TRIGGERED = frozenset({PLAY, NEXT, FLIP, SCORE, ACTION})
_CONTINUOUS = frozenset({ONGOING, TOP})
# Each action: the kinds it may have, its parameters (name -> check) and the required ones.
_PER_KEYS = ("kind", "element")


def _count(value: Any) -> str | None:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 10:
        return None
    return f"must be a whole number from 0 to 10, not {value!r}"


def _per(value: Any) -> str | None:
    if (
        isinstance(value, Mapping)
        and len(value) == 1
        and next(iter(value)) in _PER_KEYS
        and isinstance(next(iter(value.values())), str)
    ):
        return None
    return f'must be {{"kind": ...}} or {{"element": ...}}, not {value!r}'


def _alone(value: Any) -> str | None:
    return None if value == "alone" else f"must be 'alone', not {value!r}"


def _true(value: Any) -> str | None:
    return None if value is True else f"must be true, not {value!r}"


ACTIONS: dict[str, tuple[frozenset[str], dict[str, Any], tuple[str, ...]]] = {
    "gain_rp": (_TRIGGERED, {"n": _count, "per": _per, "if": _alone}, ("n",)),
    "drain_rp": (_TRIGGERED, {"n": _count}, ("n",)),
    "clash": (_TRIGGERED - {SCORE}, {"win": _count}, ("win",)),
    "flip_opponent": (_TRIGGERED - {SCORE}, {}, ()),
    "stars": (frozenset({NEXT}) | _CONTINUOUS, {"n": _count}, ("n",)),
    "clash_bonus": (_CONTINUOUS, {"n": _count, "started": _true}, ("n",)),
    "shield": (_CONTINUOUS, {}, ()),
    "block_next": (_CONTINUOUS, {}, ()),
    **{reaction: (frozenset({REACTION}), {}, ()) for reaction in REACTIONS.values()},
}
_COMMON = ("when", "do", "on")


def effect_problems(effects: Any) -> list[tuple[str, str]]:
    """Every problem of an `effects` attribute, as (sub-path, message): `[1].n`, `[0].when`.
    Unknown actions are not problems here: see `unsupported_effects`."""
    return listed_problems(effects, _one_effect_problems)


def _one_effect_problems(effect: Any) -> list[tuple[str, str]]:
    if not isinstance(effect, Mapping):
        return [("", f"must be an object with a 'when' and a 'do', not {effect!r}")]
    action, when = effect.get("do"), effect.get("when")
    if not isinstance(action, str) or not action:
        return [(".do", "must name the action, e.g. 'gain_rp'")]
    problems: list[tuple[str, str]] = []
    if when not in KINDS:
        problems.append((".when", f"must be one of {', '.join(KINDS)}; not {when!r}"))
    if action not in ACTIONS:
        return problems  # an effect the engine cannot play: listed, not refused
    kinds, params, required = ACTIONS[action]
    if when in KINDS and when not in kinds:
        problems.append((".when", f"{action!r} happens {', '.join(sorted(kinds))}; not {when}"))
    on = effect.get("on")  # any JSON value: a list here is a problem to name, not a TypeError
    if when == REACTION and (REACTIONS.get(on) if isinstance(on, str) else None) != action:
        wanted = next(on for on, act in REACTIONS.items() if act == action)
        problems.append((".on", f"{action!r} is a Reaction on {wanted!r}"))
    elif when != REACTION and "on" in effect:
        problems.append((".on", "only a Reaction says what it answers to"))
    return problems + parameter_problems(effect, action, params, required, _COMMON)


# Kinds that never happen on a card kept on the tournament board (a Deck Box, an Accessory): it
# is never played, never a Single in the tableau, never the Top Card.
SINGLE_ONLY = frozenset({PLAY, NEXT, TOP})


def unsupported_effects(text: str, effects: Any, *, single: bool) -> tuple[str, ...]:
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
        elif not single and effect["when"] in SINGLE_ONLY:
            found.append(f"a {effect['when']} effect off the tableau (it never happens)")
    return tuple(found)
