"""Cards as the engine plays them: a card's parsed components compiled once per deck.

A KeeperDeck is prepared once from a resolved core Deck and reused for any number of games.
Each card's text goes through the parser (rulebook.keeper.parser); every part is compiled through
the component tables (plays.py). An ability with any part the engine cannot play is not
played at all, and the part is listed in the card's `unplayable`, as is text the parser could
not read: nothing is dropped in silence.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from rulebook.core.cards import CardInfo, CompiledCards, Deck
from rulebook.keeper.cards import CREATURE
from rulebook.keeper.parser import Ability, Part, parse_ability_text

from . import plays
from .plays import Payment, Restriction, Selection

RESERVES = 10  # rulebook, "Setup and Deck Building"


@dataclass(frozen=True, slots=True)
class Effect:
    op: str
    x: int
    y: int
    hostile: bool


@dataclass(frozen=True, slots=True)
class KeeperAbility:
    """One playable ability: when, at what cost, on which targets, doing what."""

    condition: str | None  # a CONDITIONS signal, or None: only in its owner's Action Phase
    condition_x: int
    cost: Payment | None
    cost_x: int
    selection: Selection | None
    select_x: int
    select_y: int
    effects: tuple[Effect, ...]

    @property
    def hostile(self) -> bool:
        """An ability is aimed at the opponent when its first effect hurts what it targets."""
        return self.effects[0].hostile


class KeeperCard:
    """A card with everything the engine reads, precomputed (rulebook, "Card Types and Layout")."""

    __slots__ = (
        "abilities",
        "cost",
        "defense",
        "is_creature",
        "name",
        "offense",
        "restriction",
        "summon_payment",
        "summon_x",
        "unplayable",
        "use_payment",
        "use_x",
        "value",
    )

    def __init__(self, name: str, card_type: str, text: str, attributes: dict[str, Any]) -> None:
        self.name = name
        self.is_creature = card_type == CREATURE
        # The card schema requires a cost of every card and an offense and defense of every
        # creature (rulebook.keeper.cards): a card without them never reaches a game.
        self.cost: int = attributes["cost"]
        self.offense: int = attributes["offense"] if self.is_creature else 0
        self.defense: int = attributes["defense"] if self.is_creature else 0
        self.restriction = Restriction()
        self.summon_payment: Payment | None = None
        self.summon_x = 0
        self.use_payment: Payment | None = None
        self.use_x = 0
        parsed = parse_ability_text(card_type, text)
        unplayable = [f"{unread.text} ({unread.reason})" for unread in parsed.unread]
        if parsed.caveat is not None:
            self._caveat(parsed.caveat, unplayable)
        abilities = []
        for ability in parsed.abilities:
            compiled = _compile(ability, unplayable)
            if compiled is not None:
                abilities.append(compiled)
        self.abilities: tuple[KeeperAbility, ...] = tuple(abilities)
        self.unplayable: tuple[str, ...] = tuple(unplayable)
        # What a card is worth to a player choosing among cards, and to the engine choosing for
        # an opponent (stated in every result's simplifications): its printed power, or its cost.
        self.value: float = self.offense + self.defense / 5 if self.is_creature else self.cost

    def _caveat(self, part: Part, unplayable: list[str]) -> None:
        key = part.component.template.key
        if key in plays.CAVEAT_PAYMENTS:
            self.summon_payment, self.summon_x = plays.CAVEAT_PAYMENTS[key], part.variables["x"]
        elif key in plays.USE_PAYMENTS:
            self.use_payment, self.use_x = plays.USE_PAYMENTS[key], part.variables["x"]
        elif key in plays.RESTRICTIONS_BY_KEY:
            self.restriction = plays.RESTRICTIONS_BY_KEY[key]
        else:
            unplayable.append(part.text)

    def __repr__(self) -> str:
        return f"KeeperCard({self.name!r})"


def _compile(ability: Ability, unplayable: list[str]) -> KeeperAbility | None:
    """The ability as the engine plays it, or None (its unplayable parts listed)."""
    missing = [part.text for part in ability.parts if not plays.is_played(part.component)]
    if missing:
        unplayable.extend(missing)
        return None
    condition = cost = selection = None
    condition_x = cost_x = select_x = select_y = 0
    effects = []
    for part in ability.parts:
        key, values = part.component.template.key, part.variables
        if key in plays.CONDITIONS_BY_KEY:
            condition, condition_x = plays.CONDITIONS_BY_KEY[key], values.get("x", 0)
        elif key in plays.ACTIVATION_COSTS:
            cost, cost_x = plays.ACTIVATION_COSTS[key], values["x"]
        elif key in plays.SELECTIONS_BY_KEY:
            selection = plays.SELECTIONS_BY_KEY[key]
            select_x, select_y = values.get("x", 1), values.get("y", 0)
        else:
            op, hostile = plays.EFFECTS_BY_KEY[key]
            effects.append(Effect(op, values.get("x", 0), values.get("y", 0), hostile))
    return KeeperAbility(
        condition, condition_x, cost, cost_x, selection, select_x, select_y, tuple(effects)
    )


class KeeperDeck:
    """A deck's 40 cards compiled for the engine, and what its cards cannot play."""

    __slots__ = ("_twin", "cards", "unsupported")

    def __init__(self, cards: list[KeeperCard]) -> None:
        # Each copy its own object (compiled once, copied cheaply), so that a game can tell the
        # copies apart: a target is one copy, wherever it goes (rulebook, "Target" ruling).
        seen: set[int] = set()
        copies = []
        for card in cards:
            copies.append(copy.copy(card) if id(card) in seen else card)
            seen.add(id(card))
        self.cards = tuple(copies)
        self.unsupported = {card.name: card.unplayable for card in cards if card.unplayable}
        self._twin: KeeperDeck | None = None

    def twin(self) -> KeeperDeck:
        """The same deck made of other card objects, for a game against a deck sharing its
        cards (each player's copies told apart); made once, since games never change a card."""
        if self._twin is None:
            self._twin = KeeperDeck([copy.copy(card) for card in self.cards])
        return self._twin

    @classmethod
    def from_deck(cls, deck: Deck, compiled: CompiledCards[KeeperCard] | None = None) -> KeeperDeck:
        """Every copy of every card of the deck's sections, each card compiled once (once for
        every deck prepared with the same `compiled`)."""
        cards_of = CompiledCards[KeeperCard]() if compiled is None else compiled
        cards: list[KeeperCard] = []
        for entries in deck.sections.values():
            for entry in entries:
                cards.extend([cards_of.get(entry.card, _keeper_card)] * entry.quantity)
        return cls(cards)


def _keeper_card(info: CardInfo) -> KeeperCard:
    return KeeperCard(info.name, info.type, info.text, dict(info.attributes))
