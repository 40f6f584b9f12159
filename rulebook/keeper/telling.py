"""Keeper of the Cards as a person in a seat reads it (rulebook.core.telling): every event of the
engine's log (docs/game-logs.md) in words.

The log names cards by number; the `deck` events say each number's card, known to its owner.
Another seat's card is named once it is shown face up (summoned, cast, activated, in a battle);
a hand, the reserves, the Resource Zone (not public knowledge, resources placed face-down) and
a trap set face-down stay counts: "the bot drew 2 cards", "the bot set a trap".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulebook.core.decisions import Decision
from rulebook.core.telling import Reader, Telling
from rulebook.core.wording import counted, listed, option_words
from rulebook.keeper.engine.state import BATTLE

Event = Mapping[str, Any]

# Zones a card may come from whose contents only their owner knows (the graveyard too: "The
# contents of the graveyard are not public knowledge", Keeper rulebook, Graveyard): a card
# from one is named only to a seat that has seen it.
HIDDEN_ZONES = frozenset(("hand", "deck", "resources", "reserves", "graveyard"))


def _deck(reader: Reader, event: Event) -> None:
    for place, name in enumerate(event["names"]):
        reader.number(event["first"] + place, name, event["player"])


def _card(reader: Reader, event: Event) -> None:
    """A card put into the game from outside the decks (tests): shown as it comes."""
    reader.number(event["n"], event["name"], None)
    reader.show(event["n"])


def _setup(reader: Reader, event: Event) -> str:
    who = reader.who(event["player"])
    if reader.mine(event):
        return (
            f"{who} set up: reserves {reader.cards(event['reserves'])}; hand "
            f"{reader.cards(event['hand'])}; {event['deck']} cards in the deck, {event['hp']} "
            "hitpoints"
        )
    return (
        f"{who} set up: {counted(len(event['reserves']), 'reserve')}, "
        f"{counted(len(event['hand']), 'card')} in hand, {event['deck']} in the deck, "
        f"{event['hp']} hitpoints"
    )


def _draw(reader: Reader, event: Event) -> str:
    return (
        f"{reader.who(event['player'])} drew {reader.cards(event['cards'])} "
        f"({event['deck']} left in the deck)"
    )


def _turn(reader: Reader, event: Event) -> str:
    return f"Turn {event['turn']}: {reader.whose(event['player'])} turn"


def _swap(reader: Reader, event: Event) -> str:
    who = reader.who(event["player"])
    if reader.mine(event):
        given, taken = reader.card(event["given"]), reader.card(event["taken"])
        return f"{who} swapped {given} from your hand for {taken} from your reserves"
    return f"{who} swapped a hand card for a reserve"


def _place(reader: Reader, event: Event) -> str | None:
    if not event["cards"]:
        return None
    return (
        f"{reader.who(event['player'])} placed {reader.cards(event['cards'])} as resources "
        f"({event['resources']} in the Resource Zone, {event['spent']} exhausted)"
    )


def _played(verb: str) -> Any:
    """A card summoned or cast: shown face up, from wherever it came."""

    def said(reader: Reader, event: Event) -> str:
        source = event.get("from")
        where = (
            ""
            if source in (None, "hand") and event.get("of") == event["player"]
            else f" from {reader.whose(event.get('of'))} {source}"
        )
        return f"{reader.who(event['player'])} {verb} {reader.shown(event['n'])}{where}"

    return said


def _set(reader: Reader, event: Event) -> str:
    if reader.mine(event):
        return f"{reader.who(event['player'])} set {reader.card(event['n'])} as a trap"
    return f"{reader.who(event['player'])} set a trap, face down"


def _of_card(text: str) -> Any:
    """An event about one card (`n`): "<whose> <card> <text>", the card shown face up by it."""

    def said(reader: Reader, event: Event) -> str:
        return f"{reader.whose(event['player'])} {reader.shown(event['n'])} {text}"

    return said


def _exhaust(reader: Reader, event: Event) -> str | None:
    if event["why"] == "act":  # the attack, defence or ability it acted for is told
        return None
    why = "by an effect" if event["why"] == "effect" else "by an exhaustion counter"
    return f"{reader.whose(event['player'])} {reader.card(event['n'])} was exhausted {why}"


def _exhaust_resource(reader: Reader, event: Event) -> str:
    return (
        f"{reader.whose(event['player'])} resource {reader.card(event['n'], 'a resource')} "
        f"was exhausted ({event['spent']} of {event['resources']} exhausted)"
    )


def _cost(reader: Reader, event: Event) -> str:
    return (
        f"{reader.who(event['player'])} paid {event['paid']} "
        f"({event['spent']} of {event['resources']} resources exhausted)"
    )


def _pay(reader: Reader, event: Event) -> str:
    what = event["op"].replace("_", " ")
    given = f": {reader.cards(event['cards'])}" if event["cards"] else ""
    return f"{reader.who(event['player'])} paid a cost ({what} {event['x']}){given}"


def _targets(reader: Reader, event: Event) -> str:
    return f"{reader.who(event['player'])} targeted {reader.cards(event['cards'])}"


def _counters(reader: Reader, event: Event) -> str:
    card = reader.card(event["n"])
    if "removed" in event:
        return f"{counted(event['removed'], 'counter')} removed from {card}"
    kind = "" if event["kind"] == "plain" else f"{event['kind']} "
    return f"{reader.who(event['player'])} put {event['placed']} {kind}counters on {card}"


def _counter_used(reader: Reader, event: Event) -> str:
    card = reader.card(event["n"])
    after = next(
        (f" ({name} now {event[name]})" for name in ("offense", "defense") if name in event), ""
    )
    return f"{reader.who(event['player'])} used a {event['kind']} counter on {card}{after}"


def _stat(reader: Reader, event: Event) -> str:
    name = "offense" if "offense" in event else "defense"
    return f"{reader.card(event['n'])}'s {name} is now {event[name]}"


def _dice(reader: Reader, event: Event) -> str:
    return f"Rolled {listed(event['dice'])}"


def _battle(reader: Reader, event: Event) -> str:
    player = event["player"]
    reader.show(*event["attackers"], *event["defenders"])
    target = event["target"]
    whom = reader.who(1 - player) if target == "player" else reader.shown(target)
    defended = f", defended by {reader.cards(event['defenders'])}" if event["defenders"] else ""
    return (
        f"{reader.who(player)} attacked {whom} with {reader.cards(event['attackers'])}"
        f"{defended}: attack dice {listed(event['attack_dice']) or 'none'}, defense dice "
        f"{listed(event['defense_dice']) if event['defense_dice'] else 'none'}"
    )


def _reroll(reader: Reader, event: Event) -> str:
    by = f" (a dice counter on {reader.card(event['n'])})" if event["why"] == "counter" else ""
    return (
        f"{reader.who(event['player'])} rerolled die {event['die'] + 1}: "
        f"{event['was']} to {event['now']}{by}"
    )


def _rerolls(reader: Reader, event: Event) -> str:
    dice = event["dice"]
    return (
        f"{reader.who(event['player'])} may reroll {dice} {'die' if dice == 1 else 'dice'} "
        f"{counted(event['times'], 'time')} this turn"
    )


def _damage(reader: Reader, event: Event) -> str:
    return (
        f"{reader.whose(event['player'])} {reader.card(event['n'])} took {event['amount']} "
        f"damage (defense {event['defense']})"
    )


def _hp(reader: Reader, event: Event) -> str:
    change = event["change"]
    verb = f"lost {-change}" if change < 0 else f"gained {change}"
    return f"{reader.who(event['player'])} {verb} hitpoints ({event['hp']} left)"


def _destroyed(reader: Reader, event: Event) -> str:
    source = event.get("from")
    if source is None:  # from play: a card in the open
        return f"{reader.whose(event['player'])} {reader.shown(event['n'])} was destroyed"
    card = reader.card(event["n"], "a card") if source in HIDDEN_ZONES else reader.shown(event["n"])
    return f"{card} was destroyed from {reader.whose(event.get('of'))} {source}"


def _moved(reader: Reader, event: Event) -> str:
    where = "Resource Zone" if event["to"] == "resources" else "deck (on top)"
    card = reader.card(event["n"], "a card")
    return f"{card} went to {reader.whose(event['player'])} {where}"


def _control(reader: Reader, event: Event) -> str:
    card = reader.card(event["n"])
    if event["why"] == "recovery":
        return f"{card} went back to {reader.whose(event['player'])} control"
    return f"{reader.who(event['player'])} took control of {card}"


def _triggered(reader: Reader, event: Event) -> str:
    return f"{reader.whose(event['player'])} {reader.shown(event['n'])}'s ability triggered"


def _end(reader: Reader, event: Event) -> str:
    if event["winner"] is None:
        return "The game is over: a draw" + (" at the turn cap" if event["capped"] else "")
    winner = reader.who(event["winner"])
    return f"The game is over after {counted(event['turns'], 'turn')}: {winner} won"


def _battle_answer(reader: Reader, decision: Decision, option: Any) -> str | None:
    """A battle answered whole (a bot's): "Ember Sprite and Ember Sprite attack you"; a
    person's is asked a creature, then the target, at a time (legal.BattleOptions)."""
    if not isinstance(option, tuple) or len(option) != 2:
        return None
    team, target = option
    names = listed(option_words(creature, reader.who) for creature in team)
    return f"{names} attack {option_words(target, reader.who)}"


TELLING = Telling(
    {
        "deck": _deck,
        "card": _card,
        "draw": _draw,
        "setup": _setup,
        "turn": _turn,
        "swap": _swap,
        "place": _place,
        "summon": _played("summoned"),
        "cast": _played("cast"),
        "set": _set,
        "trap": _of_card("trap went off"),
        "ability": _of_card("used its ability"),
        "cost": _cost,
        "pay": _pay,
        "exhaust": _exhaust,
        "exhaust_resource": _exhaust_resource,
        "targets": _targets,
        "effect": None,  # the ability's inner steps: their results are told
        "resolved": None,
        "counters": _counters,
        "counter_used": _counter_used,
        "stat": _stat,
        "dice": _dice,
        "battle": _battle,
        "reroll": _reroll,
        "rerolls": _rerolls,
        "damage": _damage,
        "hp": _hp,
        "destroyed": _destroyed,
        "sacrificed": _of_card("was sacrificed"),
        "spent": _of_card("went to the graveyard"),
        "moved": _moved,
        "stays_exhausted": None,
        "control": _control,
        "window": None,
        "triggered": _triggered,
        "recovery": lambda reader, event: "Recovery Phase: cards in play unexhausted",
        "end": _end,
    },
    {BATTLE: _battle_answer},
)
