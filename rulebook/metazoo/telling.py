"""MetaZoo as a person in a seat reads it (rulebook.core.telling): every event of the engine's
log (docs/game-logs.md) in words, and the Actions and targets as the rulebook says them.

The log names Pages by number; the `setup` event says each number's Page, known to its owner.
Another Caster's Page is named once it is face up (it enters the Arena, is Contracted, a Trap is
flipped); what is Bookmarked into a Chapter and what is placed face down stay counts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulebook.core.decisions import Decision
from rulebook.core.telling import Reader, Telling
from rulebook.core.wording import counted, listed
from rulebook.metazoo.engine.state import (
    ACTION,
    ALLOCATE,
    DEFENDERS,
    ORDER,
    PRIMARY,
    RESPOND,
    TARGET,
)

Event = Mapping[str, Any]

CASTER = "caster:"


def subject(reader: Reader, named: Any) -> str:
    """A Page by number, or a Caster ("caster:1"), as the log names a target."""
    if isinstance(named, str) and named.startswith(CASTER):
        return reader.who(int(named.removeprefix(CASTER)))
    return reader.card(named, "a face-down Page")


def _targets(reader: Reader, targets: Mapping[str, Any]) -> str:
    named = [subject(reader, target) for target in targets.values()]
    return f", targeting {listed(named)}" if named else ""


def _setup(reader: Reader, event: Event) -> None:
    for owner, pages in enumerate(event["pages"]):
        for number, page in pages.items():
            reader.number(int(number), page["name"], owner)


def _first(reader: Reader, event: Event) -> str:
    caller, chooser = reader.who(event["caller"]), reader.who(event["chooser"])
    return (
        f"{caller} called {event['call']}, the coin came {event['flip']}: {chooser} chose, and "
        f"{reader.who(event['player'])} go{'' if reader.mine(event) else 'es'} first"
    )


def _bookmark(reader: Reader, event: Event) -> str:
    who = reader.who(event["player"])
    page = reader.card(event["page"], "a Page")
    return f"{who} Bookmarked {page} ({event['left']} left in the Spellbook)"


def _shown(text: str) -> Any:
    """An event showing its Page face up (`page`): "<who> <text>", `{page}` its name."""

    def said(reader: Reader, event: Event) -> str:
        page = reader.shown(event["page"])
        fields = {**event, "page": page, "targets": _targets(reader, event.get("targets", {}))}
        return f"{reader.who(event['player'])} {text.format(**fields)}"

    return said


def _generate(reader: Reader, event: Event) -> str:
    return (
        f"{reader.whose(event['player'])} {reader.card(event['page'])} generated "
        f"{event['n']} {event['aura']} Aura"
    )


def _aura(amounts: Mapping[str, int]) -> str:
    return listed(f"{n} {kind}" for kind, n in amounts.items() if n) or "nothing"


def _pay(reader: Reader, event: Event) -> str:
    return (
        f"{reader.who(event['player'])} paid {_aura(event['cost'])} Aura "
        f"({_aura(event['left'])} left)"
    )


def _terra(reader: Reader, event: Event) -> str:
    page = reader.shown(event["page"])
    replaced = (
        f", replacing {reader.card(event['replaced'])}" if event["replaced"] is not None else ""
    )
    return f"{reader.who(event['player'])} put {page} in Terra slot {event['slot']}{replaced}"


def _trap(reader: Reader, event: Event) -> str:
    who = reader.who(event["player"])
    if reader.mine(event):
        return f"{who} set {reader.card(event['page'])} face down as a Trap"
    return f"{who} set a Page face down as a Trap"


def _under(text: str) -> Any:
    def said(reader: Reader, event: Event) -> str:
        page = reader.card(event["page"], "a face-down Page")
        host = reader.card(event["under"] if "under" in event else event["to"], "a face-down Page")
        return f"{reader.whose(event['player'])} {page} {text} {host}"

    return said


def _attack(reader: Reader, event: Event) -> str:
    attacker = reader.shown(event["attacker"])
    return (
        f"{reader.whose(event['player'])} {attacker} attacked {subject(reader, event['target'])} "
        f"with {event['attack']}"
    )


def _defend(reader: Reader, event: Event) -> str | None:
    if not event["defenders"]:  # none declared: the strike says whom it hits
        return None
    reader.show(*event["defenders"])
    defenders = listed(reader.card(page) for page in event["defenders"])
    primary = "" if event["primary"] is None else f" ({subject(reader, event['primary'])} primary)"
    return f"{reader.who(event['player'])} defended with {defenders}{primary}"


def _strike(reader: Reader, event: Event) -> str:
    return (
        f"{reader.card(event['attacker'])}'s {event['attack']} struck "
        f"{subject(reader, event['primary'])}"
    )


def _allocate(reader: Reader, event: Event) -> str | None:
    if len(event["to"]) < 2:  # all of it to one: its damage event says so
        return None
    spread = listed(f"{n} to {subject(reader, receiver)}" for receiver, n in event["to"])
    return f"{event['damage']} Damage, spread: {spread}"


def _damage(reader: Reader, event: Event) -> str:
    source = f" from {reader.card(event['source'])}" if event.get("source") is not None else ""
    why = {"attack": "", "effect": " (an effect)", "burn": " (Burn)"}.get(event["why"], "")
    return (
        f"{subject(reader, event['target'])} took {event['amount']} Damage{source}{why}: "
        f"{event['lp']} LP"
    )


def _lp_loss(reader: Reader, event: Event) -> str:
    return (
        f"{subject(reader, event['target'])} lost {event['amount']} LP ({event['why']}): "
        f"{event['lp']} LP"
    )


def _recover(reader: Reader, event: Event) -> str:
    return (
        f"{subject(reader, event['target'])} recovered {event['amount']} Damage: {event['lp']} LP"
    )


def _coin(reader: Reader, event: Event) -> str:
    why = event["why"].split(":")[0].replace("_", " ")
    return f"A coin for {why}: {event['result']}"


def _inflict(reader: Reader, event: Event) -> str:
    count = f" ({event['count']})" if event.get("count", 1) > 1 else ""
    return f"{subject(reader, event['target'])} is {event['status']}{count}"


def _end_of_turn(reader: Reader, event: Event) -> str | None:
    """The end-of-turn effects in the order they happen (none: nothing to tell)."""
    items = [
        f"{reader.card(item[1])}'s end-of-turn effect"
        if item[0] == "effect"
        else f"{item[0].capitalize()} on {subject(reader, item[1])}"
        for item in event["order"]
    ]
    return f"End of turn: {listed(items)}" if items else None


# When a `trigger` event's effects resolve, as its Page's text says it.
_WHEN = {
    "enter": "ENTER effect",
    "destroyed": "DESTROYED effect",
    "start_of_turn": "start-of-turn effect",
    "end_of_turn": "end-of-turn effect",
    "attack": "Attack's effect",
}


def _trigger(reader: Reader, event: Event) -> str:
    """A target chosen as an effect no Action started resolves, or none there to choose."""
    chosen = [subject(reader, t) for t in event["targets"].values() if t is not None]
    does = f"targets {listed(chosen)}" if chosen else "has no target: it does nothing"
    if chosen and None in event["targets"].values():
        does += " (another of its targets has none)"
    page = f"{reader.whose(event['player'])} {reader.card(event['page'])}"
    return f"{page}'s {_WHEN[event['when']]} {does}"


def _zone(reader: Reader, event: Event) -> str:
    return f"{reader.shown(event['page'])} went to {reader.whose(event['player'])} {event['zone']}"


def _game_over(reader: Reader, event: Event) -> str:
    if event["player"] is None:
        return "The game is over: a draw" + (" at the turn cap" if event["capped"] else "")
    why = {
        "lp": "",
        "out_of_pages": " (a Spellbook ran out)",
        "not_a_trap": " (a face-down Page was no Trap)",
    }.get(event["reason"], "")
    return (
        f"The game is over after {counted(event['turns'], 'turn')}: "
        f"{reader.who(event['player'])} won{why}"
    )


TELLING_EVENTS = {
    "setup": _setup,
    "first": _first,
    "bookmark": _bookmark,
    "mulligan": lambda reader, event: (
        f"{reader.who(event['player'])} took a Mulligan ({counted(event['returned'], 'Page')} back)"
    ),
    "turn": lambda reader, event: f"Turn {event['turn']}: {reader.whose(event['player'])} turn",
    "awaken": lambda reader, event: (
        f"{reader.whose(event['player'])} Pages awoke" if event["pages"] else None
    ),
    "aura_dissolves": None,  # Aura left unspent: the next `pay` says what is left
    "pass": None,
    "enter": _shown("put {page} into the Arena"),
    "generate": _generate,
    "pay": _pay,
    "contract": _shown("Contracted {page}{targets}"),
    "resolve": None,  # what the effect does is told
    "nullified": lambda reader, event: f"{reader.card(event['page'])} was nullified",
    "redirected": lambda reader, event: (
        f"{reader.card(event['page'])} now targets {subject(reader, event['target'])}"
    ),
    "power": _shown("used {page}'s Power{targets}"),
    "any_time": _shown("used {page}'s effect{targets}"),
    "terra": _terra,
    "trigger": _trigger,
    "trap": _trap,
    "trap_moved": _under("was moved under"),
    "trap_flipped": _shown("had a Trap flipped face up: {page}"),
    "trap_uncovered": lambda reader, event: (
        f"{reader.whose(event['player'])} face-down Trap was left on its own"
    ),
    "equip": _under("was equipped to"),
    "placed_under": _under("was placed under"),
    "attacks_barred": lambda reader, event: (
        f"No Attacks until {reader.whose(event['until_turn_of'])} turn"
    ),
    "attacks_allowed": None,
    "shroud": lambda reader, event: (
        f"{reader.whose(event['player'])} Beasties are shrouded this turn"
    ),
    "trait": lambda reader, event: f"{reader.card(event['page'])} gained {event['trait']}",
    "attack": _attack,
    "confused": lambda reader, event: (
        f"{reader.card(event['attacker'])} is Confused: its Attack does nothing"
    ),
    "defend": _defend,
    "combat_ends": lambda reader, event: "Combat ends: no target left",
    "strike": _strike,
    "allocate": _allocate,
    "damage": _damage,
    "lp_loss": _lp_loss,
    "recover": _recover,
    "coin": _coin,
    "inflict": _inflict,
    "status_removed": lambda reader, event: (
        f"{subject(reader, event['target'])} is no longer {event['status']}"
    ),
    "end_of_turn": _end_of_turn,
    "destroyed": lambda reader, event: (
        f"{reader.whose(event['player'])} {reader.shown(event['page'])} was Destroyed"
    ),
    "zone": _zone,
    "game_over": _game_over,
}


# -- options ------------------------------------------------------------------------------


def page(reader: Reader, page: Any) -> str:
    """A Page (or a Caster) as the seat may know it: its name, unless it lies face down and is
    not theirs (a view shows such a Page only by its back: no card to name)."""
    seat = getattr(page, "seat", None)  # a Caster
    if isinstance(seat, int):
        return reader.who(seat)
    card = getattr(page, "card", None)
    face_down = getattr(page, "face_down", False)
    if card is None or (face_down and getattr(page, "controller", None) != reader.seat):
        return "a face-down Page"
    return str(card.name)


def _action(reader: Reader, decision: Decision, option: Any) -> str | None:
    """An Action: "Contract Blaze Fox", "Blaze Fox attacks with Flame Bite → the bot"."""
    if not isinstance(option, tuple) or not option:
        return None
    kind, first = option[0], page(reader, option[1])
    if kind == "attack":
        attacker = option[1]
        attack = attacker.card.attacks[option[2]]
        return (
            f"{first} attacks with {attack.name} ({attack.damage} Damage) → "
            f"{page(reader, option[3])}"
        )
    if kind == "power":
        powers = option[1].card.powers
        which = f" {option[2] + 1}" if len(powers) > 1 else ""
        return f"Use {first}'s Power{which}"
    if kind == "move":
        return f"Move your Trap {first} under {page(reader, option[2])}"
    return {
        "aura": f"Play {first} as your Aura Page",
        "terra": f"Play {first} into a Terra slot",
        "contract": f"Contract {first}",
        "trap": f"Set {first} face down as a Trap",
        "any_time": f"Use {first}'s effect",
    }.get(kind)


def _primary(reader: Reader, decision: Decision, option: Any) -> str | None:
    """A primary Defender and the Attack it answers with (None: none)."""
    if not isinstance(option, tuple) or len(option) != 2:
        return None
    defender, index = option
    if index is None:
        return f"{page(reader, defender)}, with no Attack"
    attack = defender.card.attacks[index]
    return f"{page(reader, defender)}, answering with {attack.name} ({attack.damage} Damage)"


def _one(reader: Reader, decision: Decision, option: Any) -> str | None:
    """A Page or a Caster (a Defender, a target)."""
    if option is None or isinstance(option, bool | int | str | tuple | list):
        return None
    return page(reader, option)


def _order(reader: Reader, decision: Decision, option: Any) -> str | None:
    """A simultaneous end-of-turn effect: "Burn on Blaze Fox", "Blaze Fox's end-of-turn
    effect" (and which, where it has several)."""
    if not isinstance(option, tuple) or len(option) != 2:
        return None
    kind, subject = option
    if kind == "effect":
        holder, index = subject
        which = f" {index + 1}" if len(holder.card.end_of_turn) > 1 else ""
        return f"{page(reader, holder)}'s end-of-turn effect{which}"
    return f"{kind.capitalize()} on {page(reader, subject)}"


def _damage_share(reader: Reader, decision: Decision, option: Any) -> str | None:
    """A share of an Attack's Damage (the spread is asked one receiver at a time)."""
    if isinstance(option, tuple):  # a bot's whole spread
        return ", ".join(f"{n} Damage" for n in option)
    return f"{option} Damage" if isinstance(option, int) else None


TELLING = Telling(
    TELLING_EVENTS,
    {
        ACTION: _action,
        RESPOND: _action,
        PRIMARY: _primary,
        ORDER: _order,
        ALLOCATE: _damage_share,
        DEFENDERS: _one,
        TARGET: _one,
    },
)
