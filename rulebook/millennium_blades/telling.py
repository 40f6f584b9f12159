"""Millennium Blades as a person in a seat reads it (rulebook.core.telling): every event of the
engine's log (docs/game-logs.md) in words, and the opponents and Singles its options name.

A hand of Singles is its owner's alone: another seat reads how many are in it. Everything
played is face up (a card turned face-down was seen face up first), and the Store's reveals
are public.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulebook.core.decisions import Decision
from rulebook.core.telling import Reader, Telling
from rulebook.core.wording import counted, listed
from rulebook.millennium_blades.engine.state import DRAIN, FLIP_TARGET

Event = Mapping[str, Any]

MOMENTS = {
    "clashed": "a clash",
    "revealed": "a reveal",
    "drained": "a drain",
}


def _setup(reader: Reader, event: Event) -> str:
    who = reader.who(event["player"])
    board = listed(event["board"])
    if reader.mine(event):
        hand = f"Singles in hand {listed(event['hand'])}"
    else:
        hand = f"{counted(len(event['hand']), 'Single')} in hand"
    removed = (
        f"; the deck's fix removed {listed(item['name'] for item in event['removed'])}"
        if event["removed"]
        else ""
    )
    return f"{who} sat down: {hand}, on the board {board}{removed}"


def _by(text: str) -> Any:
    def said(reader: Reader, event: Event) -> str:
        return f"{reader.who(event['player'])} {text.format(**event)}"

    return said


def _rp(reader: Reader, event: Event) -> str:
    by = event["by"]
    change = f"gained {by}" if by > 0 else f"lost {-by}" if by < 0 else "lost none"
    return f"{reader.who(event['player'])} {change} RP by {event['card']}: {event['rp']} RP"


def _flip(reader: Reader, event: Event) -> str:
    by = f" by {event['by']}" if event["by"] else ""
    return f"{reader.whose(event['player'])} {event['card']} was turned face-down{by}"


def _reaction(reader: Reader, event: Event) -> str:
    return f"{reader.who(event['player'])} reacted to {MOMENTS[event['on']]} with {event['card']}"


def _reveal(reader: Reader, event: Event) -> str:
    return (
        f"{reader.who(event['player'])} revealed {event['card']} "
        f"({counted(event['stars'], 'star')}; "
        f"{event['left']} left in the Store)"
    )


def _clash_end(reader: Reader, event: Event) -> str:
    totals = listed(
        f"{reader.who(item['player'])} {item['total']} ({item['revealed']})"
        for item in event["reveals"]
    )
    won = "a tie" if event["winner"] is None else f"{reader.who(event['winner'])} won"
    return f"The clash of {event['card']}: {totals or 'no reveals'}; {won}"


def _end(reader: Reader, event: Event) -> str:
    scores = listed(
        f"{reader.who(seat)} {rp} RP (placed {place})"
        for seat, (rp, place) in enumerate(zip(event["rp"], event["placements"], strict=True))
    )
    capped = " at the turn cap" if event["capped"] else ""
    return f"The tournament is over{capped}: {scores}"


TELLING_EVENTS = {
    "setup": _setup,
    "first": lambda reader, event: (
        f"{reader.who(event['player'])} go"
        f"{'' if reader.mine(event) else 'es'} first; the Store is {event['store']} "
        f"({counted(event['cards'], 'card')})"
    ),
    "turn": lambda reader, event: (
        f"Turn {event['turn']}: {reader.whose(event['player'])} turn "
        f"({counted(event['hand'], 'Single')} in hand)"
    ),
    "action": _by("used the Action of {card}"),
    "single": _by("played {card}"),
    "stars": lambda reader, event: (
        f"{event['card']} gained {event['by']} stars from {event['source']}"
    ),
    "next_blocked": lambda reader, event: f"The Next effects of {event['card']} were blocked",
    "rp": _rp,
    "flip": _flip,
    "no_target": lambda reader, event: f"{event['card']} found no face-up Single to flip",
    "reaction": _reaction,
    "declined": None,  # an offer let pass: its answer ("pass") is in the history
    "clash": _by("started a clash with {card} for {prize} RP"),
    "reveal": _reveal,
    "store_refilled": lambda reader, event: (
        f"The Store ran out and was shuffled back ({counted(event['cards'], 'card')})"
    ),
    "clash_end": _clash_end,
    "score": lambda reader, event: "The last turn is over: the Score effects",
    "end": _end,
}


def _opponent(reader: Reader, seat: int) -> str:
    """An opponent by who they are, with their RP (what a drain would take from)."""
    players = getattr(reader.view, "players", None)
    rp = f" ({players[seat].rp} RP)" if players is not None else ""
    return f"{reader.who(seat)}{rp}"


def _drain(reader: Reader, decision: Decision, option: Any) -> str | None:
    return _opponent(reader, option) if isinstance(option, int) else None


def _flip_target(reader: Reader, decision: Decision, option: Any) -> str | None:
    """An opponent's face-up Single, by its name and whose it is."""
    if not isinstance(option, tuple) or len(option) != 2:
        return None
    seat, position = option
    players = getattr(reader.view, "players", None)
    card = players[seat].tableau[position].card.name if players is not None else "a Single"
    return f"{reader.whose(seat)} {card}"


TELLING = Telling(TELLING_EVENTS, {DRAIN: _drain, FLIP_TARGET: _flip_target})
