"""Neopets Battledome as a person in a seat reads it (rulebook.core.telling): every event of the
engine's log (docs/game-logs.md) in words, and the options a card's name does not say.

Cards are named by name in this log; what goes into a hand (the Inventory, CR 9.11: hidden) is
named to its owner alone: another seat reads "drew a card".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulebook.core.decisions import Decision
from rulebook.core.telling import Reader, Telling
from rulebook.core.wording import counted, listed
from rulebook.neopets.engine.state import EQUIPMENT_SLOT, REROLLS

Event = Mapping[str, Any]

ZONES = {"inventory": "Inventory", "rainbow_pool": "Rainbow Pool", "discard": "Discard"}
PILES = {"discard": "Discard", "void": "Void"}


def _hidden(mine: str, theirs: str) -> Any:
    """An event naming a card that goes where only its owner sees it."""

    def said(reader: Reader, event: Event) -> str:
        who = reader.who(event["player"])
        return f"{who} {mine.format(**event)}" if reader.mine(event) else f"{who} {theirs}"

    return said


def _by(text: str) -> Any:
    """An event said of its player: "{who} <text>" (the event's fields by name)."""

    def said(reader: Reader, event: Event) -> str:
        return f"{reader.who(event['player'])} {text.format(**event)}"

    return said


def _of(text: str) -> Any:
    """An event said of its player's Neopet: "{whose} Neopet <text>"."""

    def said(reader: Reader, event: Event) -> str:
        return f"{reader.whose(event['player'])} Neopet {text.format(**event)}"

    return said


def _dice(faces: Any) -> str:
    return listed(faces) if faces else "no dice"


def _first_turn(reader: Reader, event: Event) -> str:
    who = reader.who(event["player"])
    return f"{who} take{'' if reader.mine(event) else 's'} the first turn" + (
        " (the other player deferred it)" if event["deferred"] else ""
    )


def _turn(reader: Reader, event: Event) -> str:
    return f"Turn {event['turn']}: {reader.whose(event['player'])} turn"


def _play(reader: Reader, event: Event) -> str:
    source = event["source"]
    where = (
        "" if source == "inventory" else f" from {reader.whose(event['player'])} {ZONES[source]}"
    )
    verb = "collected" if event["event"] == "collect" else "played"
    return f"{reader.who(event['player'])} {verb} {event['card']}{where}"


def _battle(reader: Reader, event: Event) -> str:
    attacker = reader.who(event["player"])
    return (
        f"{attacker} attacked: attack dice {_dice(event['attack'])} against defence dice "
        f"{_dice(event['defence'])}: {event['damage']} damage"
    )


def _damage(reader: Reader, event: Event) -> str:
    return (
        f"{reader.whose(event['player'])} Neopet took {event['amount']} damage "
        f"({event['total']} of its {event['hp']} HP)"
    )


def _reroll(reader: Reader, event: Event) -> str:
    changes = ", ".join(
        f"die {index + 1} from {was} to {now}"
        for index, was, now in zip(event["dice"], event["was"], event["faces"], strict=True)
    )
    return f"{reader.who(event['player'])} rerolled {changes}"


def _stat(reader: Reader, event: Event) -> str:
    by = event["by"]
    how = f"+{by}" if by >= 0 else str(by)
    until = "while in play" if event["until"] == "while_in_play" else "this turn"
    return f"{reader.whose(event['player'])} Neopet got {how} {event['stat']} ({until})"


def _roll(reader: Reader, event: Event) -> str:
    why = f" for {event['card']}" if event["card"] else ""
    return f"{reader.who(event['player'])} rolled {_dice(event['dice'])}{why}"


def _game_over(reader: Reader, event: Event) -> str:
    if event["player"] is None:
        return "The game is over: a draw" + (" at the turn cap" if event["capped"] else "")
    winner = reader.who(event["player"])
    return f"The game is over after {counted(event['turns'], 'turn')}: {winner} won"


TELLING_EVENTS = {
    "first_turn": _first_turn,
    "mulligan": _by("shuffled the opening Inventory back and drew five more"),
    "neopet": _by("sent in {card}"),
    "round": lambda reader, event: f"Round {event['round']} begins",
    "turn": _turn,
    "exhausted": _by("had no cards left to draw: 1 damage"),
    "codestone": _by("attached {card} (level {level})"),
    "collect": _play,
    "play": _play,
    "replaced": _by("replaced {card} with {by}"),
    "in_play": _by("kept {card} in play"),
    "put_away": lambda reader, event: (
        f"{event['card']} went to {reader.whose(event['player'])} {PILES[event['to']]}"
    ),
    "negated": lambda reader, event: f"{event['card']} was negated",
    "transform": _by("transformed {was} into {card}"),
    "freeze": _of("was frozen"),
    "frozen": _of("is frozen: it does not attack this turn"),
    "recover": _by("took {card} back from the Discard"),
    "stat": _stat,
    "search": _hidden("searched the deck for {card}", "searched the deck for a card"),
    "discard": _by("discarded {card}"),
    "scrap": _by("scrapped {card} from the top of the deck"),
    "battle": _battle,
    "reroll": _reroll,
    "set_die": lambda reader, event: (
        f"{reader.whose(event['player'])} die {event['die'] + 1} was set to {event['face']}"
    ),
    "roll": _roll,
    "d3": _by("rolled a d3: {result}"),
    "damage": _damage,
    "heal": lambda reader, event: (
        f"{reader.whose(event['player'])} Neopet healed "
        f"{event['amount']} damage ({event['total']} left)"
    ),
    "draw": _hidden("drew {card}", "drew a card"),
    "trigger": lambda reader, event: f"{event['card']}'s ability triggered",
    "knock_out": _of("was knocked out"),
    "game_over": _game_over,
}


def _die(reader: Reader, decision: Decision, option: Any) -> str | None:
    """A die to reroll, by its face and place: "Reroll the 2 (die 1)"."""
    if not isinstance(option, int):
        return None
    own = decision.context[0]
    return f"Reroll the {own[option]} (die {option + 1})"


def _slot(reader: Reader, decision: Decision, option: Any) -> str | None:
    """An Equipment slot, by the Equipment that would leave it."""
    if not isinstance(option, int):
        return None
    equipped, card = decision.context
    return f"Replace {equipped[option].name} with {card.name}"


TELLING = Telling(TELLING_EVENTS, {REROLLS: _die, EQUIPMENT_SLOT: _slot})
