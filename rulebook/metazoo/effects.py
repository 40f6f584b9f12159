"""The MetaZoo effect vocabulary: a Page's `effects` attribute, as the engine plays it.

A Page's effects are a list of small dicts, each naming one action with `do` and the keyword it
resolves under with `when` (Keywords/Static Effects, p. 25), e.g.
`{"when": "contract", "do": "damage", "n": 25, "target": "opposing_beastie"}`. A Spell's or
Potion's own effect resolves under "contract" (How to Contract a Page, p. 18).

`effect_problems` is what an importer calls (it refuses malformed effects). An action this
vocabulary does not know is not malformed: `unsupported_effects` lists it, so that every game
result names it and the engine never plays it as something else. A Page with rules text but no
`effects` attribute is unsupported too; `"effects": []` says the Page does nothing beyond the
rules of its type and its attributes. Attacks (`attacks`) carry their own Damage, Status Effect
icon (`status`), Aura Attack Advantage (`advantage`) and Terra Bonus (`terra`); an Attack's
`effect` text with neither a `status` nor `effects` of its own is unsupported.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rulebook.core.effects import listed_problems, parameter_problems

# Keywords (p. 25) and the other times an effect happens.
CONTRACT = "contract"  # CONTRACT: as the Page is Contracted (a Spell's or Potion's own effect)
ENTER = "enter"  # ENTER: as it enters the Arena
DESTROYED = "destroyed"  # DESTROYED: as it is Destroyed
FLIPPED = "flipped"  # FLIPPED: a Trap flipped face-up and Contracted
ARENA = "arena"  # ARENA: while face-up in the Arena
ANY_TIME = "any_time"  # "Any time": usable whenever its controller has priority
POWER = "power"  # a Power: Fatigue the Page, on your turn (Turn Steps: Use Powers)
START_OF_TURN = "start_of_turn"  # "at the start of your turn"
END_OF_TURN = "end_of_turn"  # "at the end of your turn"
WHENS = (CONTRACT, ENTER, DESTROYED, FLIPPED, ARENA, ANY_TIME, POWER, START_OF_TURN, END_OF_TURN)

# Status Effects (Status Effects, p. 29; Glossary).
STATUSES = ("frozen", "burn", "paralyze", "poison", "scared", "sleep", "confusion")
# The Aura Types a Page may have (Aura Types, p. 8).
AURA_TYPES = (
    "cosmic",
    "dark",
    "earth",
    "flame",
    "forest",
    "frost",
    "light",
    "lightning",
    "spirit",
    "water",
)
# The Traits the engine plays (the rulebook's Traits table was an image the seed lost: the
# README's rules notes say what each does here). Any other Trait is listed as unsupported.
TRAITS = ("First Strike", "Flight", "Fleet", "Stoneskin", "Magiproof", "Regen", "Trap")
# Terra Bonuses the sample Pages name (Terra Bonuses, p. 12): which a Terra Page activates.
TERRAS = ("river", "forest", "cemetery", "mountain", "city", "night")

# Who or what an effect reaches. "each_…"/"every_…" reach all such Pages without targeting
# (Targeting Defined, p. 23: Magiproof does not stop them); the others are targets, chosen as
# the Page is Contracted or the effect used.
TARGETS = (
    "beastie",  # any Beastie in the Arena
    "opposing_beastie",
    "own_beastie",
    "artifact",  # any Artifact in the Arena
    "opposing_artifact",
    "opposing_caster",
    "self",  # the Page itself
    "attacker",  # the Beastie Attacking this Page's controller (a Trap's effect)
    "spell",  # a Spell in the resolution chain (nullify)
    "each_opposing_beastie",
    "every_beastie",
)
SINGLE_TARGETS = frozenset(
    {"beastie", "opposing_beastie", "own_beastie", "artifact", "opposing_artifact", "spell"}
)


def _count(value: Any) -> str | None:
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 500:
        return None
    return f"must be a whole number from 1 to 500, not {value!r}"


def _multiple_of_5(value: Any) -> str | None:
    """Damage and LP come in multiples of 5 (Combat: Damage allocated in multiples of 5)."""
    problem = _count(value)
    return problem or (None if value % 5 == 0 else f"must be a multiple of 5, not {value!r}")


def _one_of(*choices: str) -> Callable[[Any], str | None]:
    def check(value: Any) -> str | None:
        return None if value in choices else f"must be one of {', '.join(choices)}; not {value!r}"

    return check


def _flag(value: Any) -> str | None:
    return None if isinstance(value, bool) else f"must be true or false, not {value!r}"


_TARGET = _one_of(*TARGETS)
_STATUS = _one_of(*STATUSES)
_AURA = _one_of(*AURA_TYPES)
_AURA_OR_ANY = _one_of(*AURA_TYPES, "any")
_TRAIT = _one_of(*TRAITS)

Params = Mapping[str, Callable[[Any], str | None]]
# Each action: its parameters (name -> check) and which of them it needs.
ACTIONS: dict[str, tuple[Params, tuple[str, ...]]] = {
    # Effect Damage (Glossary: Effect Damage) to the target(s).
    "damage": ({"n": _multiple_of_5, "target": _TARGET}, ("n", "target")),
    # Inflict a Status Effect: a coin flip decides, one for every target of the effect
    # (Simultaneous Effects, p. 23), unless it inflicts "automatically" (Glossary).
    "inflict": (
        {"status": _STATUS, "target": _TARGET, "automatically": _flag},
        ("status", "target"),
    ),
    "recover": ({"n": _multiple_of_5, "target": _TARGET}, ("n", "target")),  # remove Damage
    "bookmark": ({"n": _count}, ("n",)),  # Bookmark n Pages
    "destroy": ({"target": _TARGET, "aura": _AURA}, ("target",)),
    "nullify": ({"target": _TARGET}, ("target",)),  # a Spell in the chain does not resolve
    # Reflection: the Spell this responds to targets a Page of its own Caster instead.
    "redirect": ({}, ()),
    # ARENA: the Beasties you control deal +n Damage on their Attacks.
    "damage_bonus": ({"n": _multiple_of_5}, ("n",)),
    # ARENA: Beasties (of `aura`, if given) have +n LP; a Special Terra's stacks (p. 13).
    "lp_bonus": ({"n": _multiple_of_5, "aura": _AURA}, ("n",)),
    # The target gains a Trait this turn (ARENA on a Page: the Beasties you control, while it
    # is in the Arena).
    "grant_trait": ({"trait": _TRAIT, "target": _TARGET}, ("trait", "target")),
    # An Aura Page's written Effect (Generating Aura, p. 18): n Aura of a type or "any".
    "generate_aura": (
        {"aura": _AURA_OR_ANY, "n": _count, "destroy_self": _flag},
        ("aura", "n"),
    ),
    # Place this Page underneath the target Beastie you control: it deals +n Damage (Equipment
    # and Placement, p. 38-40: "Powerup Red").
    "equip": ({"n": _multiple_of_5, "target": _TARGET}, ("n", "target")),
    # Place the target Beastie underneath this Page: it leaves the Arena (On-top-of and
    # Underneath, p. 40: "Headless Horseman").
    "place_under": ({"target": _TARGET}, ("target",)),
    # No Beastie in the Arena may declare an Attack until this effect's Caster's next turn.
    "no_attacks": ({}, ()),
    # Beasties cannot be targeted for the rest of this turn.
    "shroud": ({}, ()),
}
_COMMON = {"do", "when"}


def effect_problems(effects: Any) -> list[tuple[str, str]]:
    """Every problem with a Page's `effects` value, as (path, message); [] when well-formed.
    Unknown actions are not problems here: see `unsupported_effects`."""
    return listed_problems(effects, _one_effect_problems)


def _one_effect_problems(effect: Any) -> list[tuple[str, str]]:
    if not isinstance(effect, Mapping):
        return [("", f"must be an object with a 'do', not {effect!r}")]
    action = effect.get("do")
    if not isinstance(action, str) or not action:
        return [(".do", "must name the action, e.g. 'damage'")]
    problems: list[tuple[str, str]] = []
    when = effect.get("when", CONTRACT)
    if when not in WHENS:
        problems.append((".when", f"must be one of {', '.join(WHENS)}; not {when!r}"))
    if action not in ACTIONS:
        return problems  # an effect the engine cannot play: listed, not refused
    params, required = ACTIONS[action]
    return problems + parameter_problems(effect, action, params, required, _COMMON)


def unsupported_effects(text: str, effects: Any) -> list[str]:
    """What of a Page's effects the engine cannot play, for people; [] when it plays them all."""
    if effects is None:
        return ["rules text without structured effects"] if _rules_text(text) else []
    if not isinstance(effects, list):
        return ["effects that are not a list"]
    found = []
    for effect in effects:
        action = effect.get("do") if isinstance(effect, Mapping) else None
        if action not in ACTIONS:
            found.append(f"unknown effect {action!r}")
        elif _one_effect_problems(effect):
            found.append(f"malformed {action!r} effect")
    return found


def unsupported_traits(traits: Any) -> list[str]:
    return [f"the {trait} Trait" for trait in traits or () if trait not in TRAITS]


def unsupported_attacks(attacks: Any) -> list[str]:
    """Attack effects written as text only: the engine would play the Attack's Damage alone."""
    found = []
    for attack in attacks or ():
        if not isinstance(attack, Mapping):
            found.append("an Attack that is not an object")
        elif attack.get("effect") and not (attack.get("status") or attack.get("effects")):
            found.append(f"the effect of the Attack {attack.get('name')!r}: {attack['effect']}")
        elif attack.get("effects") and effect_problems(attack["effects"]):
            found.append(f"malformed effects of the Attack {attack.get('name')!r}")
    return found


def _rules_text(text: str) -> bool:
    """Rules text beyond a Spellbook Restriction (applied at construction) or a Terra's
    "Activates the … Terra Bonus" (its `terra` attribute)."""
    sentences = [s.strip() for s in text.split(".") if s.strip()]
    return any(
        not (
            "spellbook" in sentence.lower()
            or (sentence.startswith("Activates the") and "Terra Bonus" in sentence)
        )
        for sentence in sentences
    )


def attacks_problems(attacks: Any) -> list[tuple[str, str]]:
    """Problems with a Page's `attacks`: a list of {name, damage, status?, advantage?, terra?,
    effect?, effects?}."""
    if not isinstance(attacks, list):
        return [("", f"must be a list of Attacks, not {attacks!r}")]
    problems: list[tuple[str, str]] = []
    for index, attack in enumerate(attacks):
        at = f"[{index}]"
        if not isinstance(attack, Mapping):
            problems.append((at, "must be an object with a name and damage"))
            continue
        if not isinstance(attack.get("name"), str) or not attack["name"]:
            problems.append((f"{at}.name", "is required: the Attack's name"))
        damage = attack.get("damage")
        if not (isinstance(damage, int) and not isinstance(damage, bool) and damage % 5 == 0):
            problems.append((f"{at}.damage", f"must be a multiple of 5, not {damage!r}"))
        if "status" in attack and (message := _STATUS(attack["status"])):
            problems.append((f"{at}.status", message))
        if "advantage" in attack and (message := _AURA(attack["advantage"])):
            problems.append((f"{at}.advantage", message))
        terra = attack.get("terra", {})
        if not isinstance(terra, Mapping) or any(
            key not in TERRAS or _multiple_of_5(value) for key, value in terra.items()
        ):
            problems.append((f"{at}.terra", f"must map Terra ({', '.join(TERRAS)}) to +Damage"))
        if "effects" in attack:
            problems.extend((f"{at}.effects{p}", m) for p, m in effect_problems(attack["effects"]))
    return problems
