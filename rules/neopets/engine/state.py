"""One player's side of a game: zones, the active Neopet, and its current stats."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rules.neopets.cards import CODESTONE, FOOD

from .cards import AGILITY, ATTACK, DEFENCE, HP, Effect, EngineCard, EngineDeck

if TYPE_CHECKING:
    from .policy import Policy

STAT_CAP = 10  # CR 6.2.4: Attack, Defence and Agility never exceed 10


class Side:
    """A player's zones and Neopet.

    The Main Deck is shuffled lazily: its order is never fixed, and each card taken from its top
    is drawn at random from the cards left, which is exactly what taking the top card of a
    shuffled deck is ("Setting Up the Game"; 8.20.9d) - and far cheaper than shuffling fifty
    cards several times a game.
    """

    __slots__ = (
        "active",
        "agility",
        "attack",
        "codestones",
        "damage",
        "deck",
        "defence",
        "discard",
        "equipment",
        "extra_attack_dice",
        "extra_defence_dice",
        "faerie",
        "foods",
        "frozen",
        "halves_damage",
        "hp",
        "index",
        "inventory",
        "location",
        "map_pieces",
        "mods",
        "neopets",
        "opponent",
        "plays",
        "policy",
        "rainbow_pool",
        "raw",
        "rerolls",
        "round_results",
        "stones",
        "triggers",
        "void",
    )

    def __init__(self, index: int, deck: EngineDeck, policy: Policy) -> None:
        self.index = index
        self.policy = policy
        self.deck: list[EngineCard] = list(deck.main)
        self.inventory: list[EngineCard] = []
        self.foods: list[EngineCard] = []  # the Inventory's Food: no Food, no priority window
        self.stones = 0  # Codestones in the Inventory: a Train Phase is skipped without one
        self.discard: list[EngineCard] = []
        self.void: list[EngineCard] = []
        self.neopets: list[EngineCard] = list(deck.neopets)
        self.rainbow_pool: list[EngineCard] = list(deck.rainbow_pool)
        self.round_results: list[EngineCard] = []
        self.active: EngineCard | None = None
        self.damage = 0
        self.frozen = False
        self.codestones: list[EngineCard] = []
        self.equipment: list[EngineCard] = []
        self.faerie: EngineCard | None = None  # the one Faerie, Hero or Villain (CR 7.3.7)
        self.location: EngineCard | None = None  # the one Location (CR 7.9.7)
        self.map_pieces: list[EngineCard] = []
        self.mods: list[tuple[int, int, str]] = []  # (stat, change, until) on this Neopet
        self.hp = self.attack = self.defence = self.agility = 0
        self.raw = [0, 0, 0, 0]  # hp, attack, defence, agility before the cap
        self.extra_attack_dice = self.extra_defence_dice = self.rerolls = 0
        self.halves_damage = False
        self.triggers = False  # whether a card in play has a triggered ability
        self.plays: dict[str, int] = {}
        self.opponent: Side = self

    @property
    def level(self) -> int:
        """The Neopet's level is the number of Codestones attached (v1.2 rulebook, Codestones)."""
        return len(self.codestones)

    def in_play(self) -> list[EngineCard]:
        """The Neopet and the cards whose abilities apply: Equipment, Faerie, Location."""
        cards = [*self.equipment]
        if self.active is not None:
            cards.append(self.active)
        if self.faerie is not None:
            cards.append(self.faerie)
        if self.location is not None:
            cards.append(self.location)
        return cards

    def top_card(self, random: Callable[[], float]) -> EngineCard:
        """Take the top card of the (lazily shuffled) Main Deck, which must not be empty."""
        deck = self.deck
        return deck.pop(int(random() * len(deck)))

    def take(self, card: EngineCard) -> None:
        """Put a card into the Inventory."""
        self.inventory.append(card)
        if card.type == FOOD:
            self.foods.append(card)
        elif card.type == CODESTONE:
            self.stones += 1

    def give(self, card: EngineCard) -> None:
        """Take a card out of the Inventory (to play, discard or shuffle it away)."""
        self.inventory.remove(card)
        if card.type == FOOD:
            self.foods.remove(card)
        elif card.type == CODESTONE:
            self.stones -= 1

    def refresh(self) -> None:
        """Recompute the Neopet's stats: printed base plus Codestone boosts (CR 6.2.2), plus
        passive abilities and temporary changes (6.2.3), Attack/Defence/Agility capped (6.2.4)."""
        hp, attack, defence, agility = self.active.stats if self.active else (0, 0, 0, 0)
        for stone in self.codestones:
            boost = stone.boost
            hp += boost[HP]
            attack += boost[ATTACK]
            defence += boost[DEFENCE]
            agility += boost[AGILITY]
        stats = [hp, attack, defence, agility]
        self.extra_attack_dice = self.extra_defence_dice = self.rerolls = 0
        self.halves_damage = triggers = False
        for card in self.in_play():
            triggers = triggers or card.triggers
            for effect in card.passive:
                if not effect.to_opponent:
                    self._apply_passive(effect, stats)
        for card in self.opponent.in_play():
            if card.hits_opponent:
                for effect in card.passive:
                    if effect.to_opponent:
                        self._apply_passive(effect, stats)
        self.triggers = triggers
        for stat, change, _until in self.mods:
            stats[stat] += change
        self.raw = stats
        self._set_stats()

    def attach(self, stone: EngineCard) -> None:
        """Attach a Codestone (CR 7.11.3); its printed boost adds to the stats (6.2.2)."""
        self.codestones.append(stone)
        raw = self.raw
        hp, attack, defence, agility = stone.boost
        raw[HP] += hp
        raw[ATTACK] += attack
        raw[DEFENCE] += defence
        raw[AGILITY] += agility
        self._set_stats()

    def _set_stats(self) -> None:
        """The stats from their uncapped totals: Attack, Defence, Agility at most 10 (6.2.4)."""
        raw = self.raw
        self.hp = raw[HP]
        self.attack = _capped(raw[ATTACK])
        self.defence = _capped(raw[DEFENCE])
        self.agility = _capped(raw[AGILITY])

    def _apply_passive(self, effect: Effect, stats: list[int]) -> None:
        action = effect.do
        if action == "stat":
            stats[effect.stat] += effect.by
        elif action == "reroll":
            self.rerolls += effect.n  # type: ignore[operator]
        elif action == "extra_dice" and effect.step == "attack":
            self.extra_attack_dice += effect.n  # type: ignore[operator]
        elif action == "extra_dice":
            self.extra_defence_dice += effect.n  # type: ignore[operator]
        elif action == "halve_damage":
            self.halves_damage = True


def _capped(value: int) -> int:
    """CR 6.2.4: at most 10; and a stat below 0 rolls no dice, so it counts as 0."""
    return STAT_CAP if value > STAT_CAP else value if value > 0 else 0
