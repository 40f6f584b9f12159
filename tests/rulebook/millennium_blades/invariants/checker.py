"""An independent judge of Millennium Blades tournaments: it replays a tournament's log
(docs/game-logs.md) with its own reading of the rules summary's Tournament Phase and the README's
rules notes, and reports every rule the game broke.

It imports nothing of the engine: what it knows of the game is the log and the decks it gave the
engine (each card's stars, type, element and `effects`, read here from the card data); what it
knows of the rules is written here. A violation is (rule, message).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rulebook.core.cards import Deck

SLOTS = 8  # the most Singles a Tournament Deck holds; the tableau's slots (README)
LIMITS = {"singles": 8, "deck_box": 1, "accessories": 2}

SETUP = "Tournament Phase, Setup 2-3 (RP at zero; Singles in hand; the rest on the board)"
FIX = "Tournament Phase (an illegal deck: randomly remove cards until it meets the limits)"
ORDER = "Setup 4 and On your turn (turns go clockwise from the first player)"
SINGLE = "On your turn: Play a Single (required if able; the next open left-most slot)"
ACTION = "On your turn: Use an Action (optional, once a turn; then flip it face-down)"
FACE_DOWN = "Face-Down Cards (no text; never flipped face-up again)"
RP = "RP (changed by card effects only, by what they say; never below 0)"
CLASH = "Clashing (reveal order from the starter; totals; a single highest total wins)"
NEXT = "Next effects (on the next Single played; opponents' block)"
END = "End of the tournament (no player can play a Single; placements by RP)"


@dataclass
class Card:
    name: str
    single: bool
    stars: int
    kind: str | None
    element: str | None
    effects: list[Mapping[str, Any]]
    up: bool = True
    bonus: int = 0

    def has(self, when: str, do: str | None = None) -> list[Mapping[str, Any]]:
        return [e for e in self.effects if e["when"] == when and (do is None or e["do"] == do)]

    def sums(self, when: str, do: str, **match: Any) -> int:
        return sum(
            e.get("n", 0)
            for e in self.has(when, do)
            if all(e.get(k) == v for k, v in match.items())
        )


@dataclass
class Seat:
    deck: Deck
    rp: int = 0
    hand: list[str] = field(default_factory=list)
    tableau: list[Card] = field(default_factory=list)
    board: list[Card] = field(default_factory=list)
    cards: dict[str, Card] = field(default_factory=dict)

    @property
    def can_play(self) -> bool:
        return bool(self.hand) and len(self.tableau) < SLOTS

    def top(self) -> Card | None:
        return next((card for card in reversed(self.tableau) if card.up), None)

    def face_up(self) -> list[Card]:
        return [card for card in self.tableau + self.board if card.up]

    def top_works(self) -> bool:
        return bool(self.hand) and len(self.tableau) < SLOTS

    def strength(self, started: bool) -> int:
        """What this seat adds to a revealed card in a clash."""
        top = self.top()
        total = 0
        for card in self.face_up():
            total += card.sums("ongoing", "clash_bonus", started=None)
            total += card.sums("ongoing", "clash_bonus", started=True) if started else 0
            total += card.sums("ongoing", "stars") if top else 0
        if top is not None:
            total += top.stars + top.bonus
            if self.top_works():
                total += top.sums("top", "stars") + top.sums("top", "clash_bonus", started=None)
                total += top.sums("top", "clash_bonus", started=True) if started else 0
        return total

    def continuous(self, do: str) -> bool:
        top = self.top()
        return any(card.has("ongoing", do) for card in self.face_up()) or (
            top is not None and self.top_works() and bool(top.has("top", do))
        )


def _card(info: Any) -> Card:
    attributes = info.attributes
    return Card(
        info.name,
        info.type == "Single",
        attributes.get("stars", 0),
        attributes.get("kind"),
        attributes.get("element"),
        list(attributes.get("effects") or ()),
    )


def _gains(seat: Seat, card: Card) -> set[int]:
    """Every amount one of the card's gain_rp effects could give now."""
    amounts = set()
    for effect in card.effects:
        if effect["do"] != "gain_rp":
            continue
        if effect.get("if") == "alone" and any(c is not card for c in seat.tableau):
            continue
        count = 1
        if "per" in effect:
            ((attribute, wanted),) = effect["per"].items()
            count = sum(getattr(c, attribute) == wanted for c in seat.tableau if c.up)
        amounts.add(effect["n"] * count)
    return amounts


class Replay:
    def __init__(self, decks: Sequence[Deck]) -> None:
        self.seats = [Seat(deck) for deck in decks]
        self.violations: list[tuple[str, str]] = []
        self.expected: int | None = None
        self.turn_player: int | None = None
        self.singles = self.actions = 0
        self.could_play = False
        self.action_card: Card | None = None
        self.prize: tuple[int, int] | None = None  # (winner, RP the clash card's winner gains)
        self.clashing: tuple[int, int] | None = None  # (starter, prize) of the clash under way
        self.revealed: list[tuple[int, str, int]] = []  # (seat, Store card, stars) this clash
        self.last_single: dict[int, Card] = {}
        self.previous: Card | None = None  # the Single played before the one just played
        self.over = False

    def broken(self, rule: str, message: str) -> None:
        self.violations.append((rule, message))

    def close_turn(self) -> None:
        if self.turn_player is None:
            return
        if self.could_play and self.singles != 1:
            self.broken(SINGLE, f"seat {self.turn_player} could play a Single and did not")
        if self.action_card is not None and self.action_card.up:
            self.broken(ACTION, f"{self.action_card.name} stayed face-up after its Action")

    def event(self, e: Mapping[str, Any]) -> None:
        handler = getattr(self, f"on_{e['event']}", None)
        if handler is not None:
            handler(e, e["player"])

    def on_setup(self, e: Mapping[str, Any], player: int) -> None:
        seat = self.seats[player]
        if e["rp"] != 0:
            self.broken(SETUP, f"seat {player} began with {e['rp']} RP")
        submitted: Counter[tuple[str, str]] = Counter()
        for section, entries in seat.deck.sections.items():
            for entry in entries:
                submitted[(section, entry.card.name)] += entry.quantity
                seat.cards.setdefault(entry.card.name, _card(entry.card))
        kept = Counter({("singles", name): 1 for name in e["hand"]})
        for name in e["board"]:
            section = next(
                s
                for s in ("deck_box", "accessories")
                if any(entry.card.name == name for entry in seat.deck.entries(s))
            )
            kept[(section, name)] += 1
        removed = Counter((r["section"], r["name"]) for r in e["removed"])
        if kept + removed != submitted:
            self.broken(FIX, f"seat {player}: kept {dict(kept)} and removed {dict(removed)}")
        counts = Counter(section for section, _ in kept.elements())
        names = Counter(name for _, name in kept.elements())
        if any(n > LIMITS[s] for s, n in counts.items()) or max(names.values(), default=1) > 1:
            self.broken(FIX, f"seat {player} plays an illegal deck: {dict(counts)}")
        sizes = Counter(section for section, _ in submitted.elements())
        legal = (
            all(n <= LIMITS[s] for s, n in sizes.items())
            and max(Counter(name for _, name in submitted.elements()).values(), default=1) == 1
        )
        if legal and removed:
            self.broken(FIX, f"seat {player}'s legal deck lost {dict(removed)}")
        for name in e["hand"]:
            if not seat.cards[name].single:
                self.broken(SETUP, f"{name} is in hand but is no Single")
        seat.hand = list(e["hand"])
        seat.board = [seat.cards[name] for name in e["board"]]
        for card in seat.board:
            if card.single:
                self.broken(SETUP, f"the Single {card.name} is on the board")

    def on_first(self, e: Mapping[str, Any], player: int) -> None:
        self.expected = player

    def on_turn(self, e: Mapping[str, Any], player: int) -> None:
        self.close_turn()
        if player != self.expected:
            self.broken(ORDER, f"seat {player} took the turn of seat {self.expected}")
        if not any(seat.can_play for seat in self.seats):
            self.broken(END, "a turn began after no player could play a Single")
        self.expected = (player + 1) % len(self.seats)
        self.turn_player = player
        self.singles = self.actions = 0
        self.action_card = None
        self.could_play = self.seats[player].can_play

    def on_action(self, e: Mapping[str, Any], player: int) -> None:
        card = self.seats[player].cards[e["card"]]
        if player != self.turn_player or self.actions:
            self.broken(ACTION, f"seat {player} used a second Action, or out of turn")
        if not card.up or not card.has("action"):
            self.broken(FACE_DOWN, f"{card.name} was used face-down or has no Action")
        self.actions += 1
        self.action_card = card

    def on_single(self, e: Mapping[str, Any], player: int) -> None:
        seat = self.seats[player]
        if player != self.turn_player or self.singles:
            self.broken(SINGLE, f"seat {player} played a second Single, or out of turn")
        if e["card"] not in seat.hand or e["slot"] != len(seat.tableau) or e["slot"] >= SLOTS:
            self.broken(SINGLE, f"{e['card']} not from hand, or not in the next left-most slot")
        else:
            seat.hand.remove(e["card"])
        card = seat.cards[e["card"]]
        seat.tableau.append(card)
        self.singles += 1
        self.previous = self.last_single.get(player)
        self.last_single[player] = card

    def on_stars(self, e: Mapping[str, Any], player: int) -> None:
        seat, source = self.seats[player], self.previous
        card = seat.cards[e["card"]]
        if (
            source is None
            or source.name != e["source"]
            or e["by"] not in {x["n"] for x in source.has("next", "stars")}
            or not source.up
        ):
            self.broken(NEXT, f"{e['card']} gained {e['by']} stars from {e['source']}")
        card.bonus += e["by"]

    def on_next_blocked(self, e: Mapping[str, Any], player: int) -> None:
        if not any(s.continuous("block_next") for i, s in enumerate(self.seats) if i != player):
            self.broken(NEXT, f"seat {player}'s Next effect was blocked by no one")

    def on_flip(self, e: Mapping[str, Any], player: int) -> None:
        card = self.seats[player].cards[e["card"]]
        if not card.up:
            self.broken(FACE_DOWN, f"{card.name} was flipped again")
        if e["by"] is not None and self.seats[player].continuous("shield"):
            self.broken(FACE_DOWN, f"{card.name} was flipped by an opponent through a shield")
        card.up = False

    def on_reaction(self, e: Mapping[str, Any], player: int) -> None:
        card = self.seats[player].cards[e["card"]]
        if not card.up or not [x for x in card.has("reaction") if x["on"] == e["on"]]:
            self.broken(FACE_DOWN, f"{card.name} reacted face-down or to what it does not say")
        if e["on"] == "drained" and self.seats[player].rp == 0:
            self.broken(RP, f"{card.name} was used against losing RP at 0 RP (nothing to lose)")

    def on_declined(self, e: Mapping[str, Any], player: int) -> None:
        seat, offer = self.seats[player], e["offer"]
        for name in e["cards"]:
            card = seat.cards[name]
            said = card.has("action") if offer == "action" else card.has("reaction")
            if not card.up or not [x for x in said if offer == "action" or x["on"] == offer]:
                self.broken(FACE_DOWN, f"{name} was offered face-down or for what it does not say")
        if offer == "drained" and seat.rp == 0:
            self.broken(RP, f"seat {player} was offered a Reaction against losing RP at 0 RP")

    def on_no_target(self, e: Mapping[str, Any], player: int) -> None:
        for index, seat in enumerate(self.seats):
            shielded = seat.continuous("shield")
            if index != player and not shielded and any(card.up for card in seat.tableau):
                self.broken(FACE_DOWN, f"seat {player} found no card to flip at seat {index}")

    def on_clash(self, e: Mapping[str, Any], player: int) -> None:
        source = self.seats[player].cards[e["card"]]
        if e["prize"] not in {x["win"] for x in source.effects if x["do"] == "clash"}:
            self.broken(CLASH, f"{e['card']} started a clash for {e['prize']} RP")
        self.clashing = (player, e["prize"])
        self.revealed = []

    def on_reveal(self, e: Mapping[str, Any], player: int) -> None:
        if self.clashing is None:
            self.broken(CLASH, f"seat {player} revealed {e['card']} outside a clash")
        self.revealed.append((player, e["card"], e["stars"]))

    def on_clash_end(self, e: Mapping[str, Any], player: int) -> None:
        seated = len(self.seats)
        reveals = e["reveals"]
        if self.clashing is None or self.clashing[0] != player:
            self.broken(CLASH, f"a clash of seat {player} ended that had not begun")
        prize = self.clashing[1] if self.clashing else 0
        self.clashing = None
        last = {p: (card, stars) for p, card, stars in self.revealed}
        if [(r["player"], r["revealed"], r["stars"]) for r in reveals] != [
            (p, *last[p]) for p in dict.fromkeys(p for p, _, _ in self.revealed)
        ]:
            self.broken(CLASH, f"the clash's reveals {reveals} are not the cards revealed")
        if not reveals:
            self.prize = None
            return
        order = [r["player"] for r in reveals]
        if order != [(player + step) % seated for step in range(seated)]:
            self.broken(CLASH, f"revealed in the order {order}, started by {player}")
        for r in reveals:
            wanted = r["stars"] + self.seats[r["player"]].strength(r["player"] == player)
            if r["total"] != wanted:
                self.broken(CLASH, f"seat {r['player']}'s total {r['total']}, not {wanted}")
        best = max(r["total"] for r in reveals)
        top = [r["player"] for r in reveals if r["total"] == best]
        winner = top[0] if len(top) == 1 else None
        if e["winner"] != winner:
            self.broken(CLASH, f"winner {e['winner']}, not {winner}")
        self.prize = None if winner is None else (winner, prize)

    def on_rp(self, e: Mapping[str, Any], player: int) -> None:
        seat = self.seats[player]
        if e["rp"] != seat.rp + e["by"] or e["rp"] < 0:
            self.broken(RP, f"seat {player}: {seat.rp} + {e['by']} is not {e['rp']}")
        if self.prize is not None:
            winner, prize = self.prize
            self.prize = None
            if (player, e["by"]) != (winner, prize):
                self.broken(CLASH, f"the clash's prize went {e['by']} RP to seat {player}")
        elif e["by"] > 0:
            if e["card"] not in seat.cards or e["by"] not in _gains(seat, seat.cards[e["card"]]):
                self.broken(RP, f"seat {player} gained {e['by']} RP from {e['card']}")
        elif e["by"] < 0:
            drains = {
                x["n"]
                for other in self.seats
                if e["card"] in other.cards
                for x in other.cards[e["card"]].effects
                if x["do"] == "drain_rp"
            }
            lost = -e["by"]
            if not any(lost == n or (lost < n and e["rp"] == 0) for n in drains):
                self.broken(RP, f"seat {player} lost {lost} RP to {e['card']}")
        seat.rp = e["rp"]

    def on_end(self, e: Mapping[str, Any], player: int) -> None:
        self.close_turn()
        if any(seat.can_play for seat in self.seats) and not e["capped"]:
            self.broken(END, "the tournament ended while a player could play a Single")
        rp = [seat.rp for seat in self.seats]
        if e["rp"] != rp:
            self.broken(RP, f"final RP {e['rp']}, replayed {rp}")
        wanted = [1 + sum(other > mine for other in rp) for mine in rp]
        if e["placements"] != wanted:
            self.broken(END, f"placements {e['placements']}, not {wanted}")


def check_log(decks: Sequence[Deck], log: Sequence[Mapping[str, Any]]) -> list[tuple[str, str]]:
    """Every rule the tournament's log shows broken, as (rule, message)."""
    replay = Replay(decks)
    for event in log:
        replay.event(event)
    return replay.violations
