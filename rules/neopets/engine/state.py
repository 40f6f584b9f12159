"""One player's side of a game: zones, the active Neopet, and its current stats."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.neopets.cards import FOOD

from .cards import AGILITY, ATTACK, DEFENCE, HP, EngineCard, EngineDeck

if TYPE_CHECKING:
    from .policy import Policy

STAT_CAP = 10  # CR 6.2.4: Attack, Defence and Agility never exceed 10


class Side:
    """A player's zones and Neopet. The top of the Main Deck is the end of `deck`."""

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
        "rerolls",
        "round_results",
        "void",
    )

    def __init__(self, index: int, deck: EngineDeck, policy: Policy) -> None:
        self.index = index
        self.policy = policy
        self.deck: list[EngineCard] = list(deck.main)
        self.inventory: list[EngineCard] = []
        self.foods = 0  # Food cards in the Inventory: a priority window is skipped without one
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
        self.extra_attack_dice = self.extra_defence_dice = self.rerolls = 0
        self.halves_damage = False
        self.plays: dict[str, int] = {}
        self.opponent: Side = self

    @property
    def level(self) -> int:
        """The Neopet's level is the number of Codestones attached (v1.2 rulebook, Codestones)."""
        return len(self.codestones)

    def in_play(self) -> tuple[EngineCard, ...]:
        """The Neopet and the cards whose abilities apply: Equipment, Faerie, Location."""
        cards = (self.active, self.faerie, self.location, *self.equipment)
        return tuple(card for card in cards if card is not None)

    def take(self, card: EngineCard) -> None:
        """Put a card into the Inventory."""
        self.inventory.append(card)
        if card.type == FOOD:
            self.foods += 1

    def give(self, card: EngineCard) -> None:
        """Take a card out of the Inventory (to play, discard or shuffle it away)."""
        self.inventory.remove(card)
        if card.type == FOOD:
            self.foods -= 1

    def refresh(self) -> None:
        """Recompute the Neopet's stats: printed base plus Codestone boosts (CR 6.2.2), plus
        passive abilities and temporary changes (6.2.3), Attack/Defence/Agility capped (6.2.4)."""
        stats = list(self.active.stats) if self.active is not None else [0, 0, 0, 0]
        for stone in self.codestones:
            boost = stone.boost
            stats[HP] += boost[HP]
            stats[ATTACK] += boost[ATTACK]
            stats[DEFENCE] += boost[DEFENCE]
            stats[AGILITY] += boost[AGILITY]
        extra_attack = extra_defence = rerolls = 0
        halves = False
        passives = [(e, False) for card in self.in_play() for e in card.passive]
        passives += [(e, True) for card in self.opponent.in_play() for e in card.passive]
        for effect, from_opponent in passives:
            if effect.to_opponent != from_opponent:
                continue
            action = effect.do
            if action == "stat":
                stats[effect.stat] += effect.by
            elif action == "reroll":
                rerolls += effect.n  # type: ignore[operator]
            elif action == "extra_dice":
                if effect.step == "attack":
                    extra_attack += effect.n  # type: ignore[operator]
                else:
                    extra_defence += effect.n  # type: ignore[operator]
            elif action == "halve_damage":
                halves = True
        for stat, change, _until in self.mods:
            stats[stat] += change
        self.hp = stats[HP]
        self.attack = min(STAT_CAP, max(0, stats[ATTACK]))
        self.defence = min(STAT_CAP, max(0, stats[DEFENCE]))
        self.agility = min(STAT_CAP, max(0, stats[AGILITY]))
        self.extra_attack_dice = extra_attack
        self.extra_defence_dice = extra_defence
        self.rerolls = rerolls
        self.halves_damage = halves
