"""Pages as the engine sees them: core CardInfo compiled once into slots objects.

A MetaZooDeck is prepared once from a resolved core Deck (its Spellbook; the Archive is used
only between games, Archive p. 41, so a test game never reads it) and reused for any number of
games. Each Page's effects are sorted by keyword into tuples of plain dicts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulebook.core.cards import CardInfo, CompiledCards, Deck
from rulebook.metazoo import effects as vocab
from rulebook.metazoo.cards import ARTIFACT, AURA, BEASTIE, POTION, SPELL, TERRA

NEUTRAL = "neutral"
ANY = "any"  # Aura of any type (a Special Aura Page's, Glossary: Aura Types)


class Attack:
    """One Attack of a Beastie (Glossary: Attack): its Damage and what comes with it."""

    __slots__ = ("advantage", "damage", "effects", "name", "status", "terra")

    def __init__(self, raw: Mapping[str, Any]) -> None:
        self.name: str = raw["name"]
        self.damage: int = raw["damage"]
        self.status: str | None = raw.get("status")
        self.advantage: str | None = raw.get("advantage")
        self.terra: dict[str, int] = dict(raw.get("terra") or {})
        self.effects: tuple[dict[str, Any], ...] = tuple(raw.get("effects") or ())


class PageCard:
    """A Page with everything the engine reads, precomputed; copies share one PageCard."""

    __slots__ = (
        "answers_chain",
        "any_time",
        "arena",
        "attacks",
        "aura_types",
        "aura_yield",
        "contract_effects",
        "cost",
        "destroyed",
        "end_of_turn",
        "enter",
        "flipped",
        "generates",
        "is_any_time",
        "is_instant",
        "is_permanent",
        "lp",
        "name",
        "needs_target",
        "on_contract",
        "powers",
        "start_of_turn",
        "strongest",
        "strongest_damage",
        "terra",
        "total_cost",
        "traits",
        "tribal_boost",
        "tribe",
        "type",
        "unsupported",
    )

    def __init__(self, info: CardInfo) -> None:
        attr = info.attributes
        self.name: str = info.name
        self.type: str = info.type
        costs = {kind: n for kind, n in (attr.get("aura_cost") or {}).items() if n}
        self.cost: tuple[tuple[str, int], ...] = tuple(sorted(costs.items()))
        self.aura_types: frozenset[str] = _aura_types(info.type, costs, attr.get("aura_type"))
        self.lp: int = attr.get("lp") or 0
        self.tribe: str | None = attr.get("tribe")
        self.tribal_boost: bool = bool(attr.get("tribal_boost"))
        self.terra: str | None = attr.get("terra")
        raw_traits = attr.get("traits") or ()
        self.traits: frozenset[str] = frozenset(t for t in raw_traits if t in vocab.TRAITS)
        raw_attacks = attr.get("attacks") or ()
        raw_effects = attr.get("effects")
        self.unsupported: tuple[str, ...] = tuple(
            vocab.unsupported_effects(info.text, raw_effects)
            + vocab.unsupported_traits(raw_traits)
            + vocab.unsupported_attacks(raw_attacks)
        )
        self.attacks: tuple[Attack, ...] = tuple(
            Attack(raw)
            for raw in raw_attacks
            if isinstance(raw, Mapping) and not vocab.attacks_problems([raw])
        )
        # The index of its Attack with the most printed Damage (the first of equals).
        self.strongest: int = max(
            range(len(self.attacks)), key=lambda i: (self.attacks[i].damage, -i), default=0
        )
        self.strongest_damage: int = self.attacks[self.strongest].damage if self.attacks else 0
        played = [
            dict(raw)
            for raw in (raw_effects if isinstance(raw_effects, list) else ())
            if isinstance(raw, Mapping)
            and raw.get("do") in vocab.ACTIONS
            and not vocab.effect_problems([raw])
        ]

        def when(keyword: str) -> tuple[dict[str, Any], ...]:
            return tuple(e for e in played if e.get("when", vocab.CONTRACT) == keyword)

        self.on_contract = when(vocab.CONTRACT)
        self.enter = when(vocab.ENTER)
        self.destroyed = when(vocab.DESTROYED)
        self.flipped = when(vocab.FLIPPED)
        self.arena = when(vocab.ARENA)
        self.any_time = when(vocab.ANY_TIME)
        self.powers = when(vocab.POWER)
        self.start_of_turn = when(vocab.START_OF_TURN)
        self.end_of_turn = when(vocab.END_OF_TURN)
        # What Contracting it resolves (and must find targets for): its CONTRACT effects, then
        # its "any time" ones.
        self.contract_effects = self.on_contract + self.any_time
        # Facts every decision reads, as plain attributes rather than properties: the engine
        # asks them hundreds of times a game.
        self.is_permanent: bool = info.type in (BEASTIE, ARTIFACT)  # placed in the Arena
        self.is_instant: bool = info.type in (SPELL, POTION)  # resolved, then to the Cemetery
        # A Spell or Potion that may be Contracted whenever its Caster has priority.
        self.is_any_time: bool = self.is_instant and bool(self.any_time)
        self.total_cost: int = sum(n for _, n in self.cost)
        # An "any time" answer to a Page on the chain (Dampen, Reflection): only with a chain.
        self.answers_chain: bool = any(e["do"] in ("nullify", "redirect") for e in self.any_time)
        self.generates: dict[str, Any] | None = next(
            (e for e in played if e["do"] == "generate_aura"), None
        )
        # What one Fatigue of an Aura Page generates: (its type, or "any", and the amount).
        self.aura_yield: tuple[str, int] | None = None
        if info.type == AURA:
            if self.generates is not None:
                self.aura_yield = (self.generates["aura"], self.generates["n"])
            else:
                (kind,) = self.aura_types or {ANY}
                self.aura_yield = (kind, 1)
        # A Spell or Potion that targets may only be Contracted with a valid target (p. 18),
        # and so may an Equipment that targets (p. 38); a Beastie's CONTRACT need not have one.
        self.needs_target: bool = any(
            e.get("target") in vocab.SINGLE_TARGETS
            and (self.type in (SPELL, POTION) or e["do"] == "equip")
            for e in self.contract_effects
        )

    def __repr__(self) -> str:
        return f"<PageCard {self.name}>"


def _aura_types(page_type: str, costs: Mapping[str, int], aura_type: str | None) -> frozenset[str]:
    """A Page's Base Aura Type(s) (Determining a Page's Aura Type(s), p. 9): its non-Neutral
    Aura Costs, else Neutral; an Aura Page is the type it generates."""
    if page_type in (AURA, TERRA):
        return frozenset({aura_type}) if aura_type else frozenset()
    typed = frozenset(kind for kind in costs if kind != NEUTRAL)
    return typed or frozenset({NEUTRAL})


class MetaZooDeck:
    """A Spellbook ready to play; copies of a Page share one PageCard."""

    __slots__ = ("answers", "powers", "spellbook", "unsupported")

    def __init__(self, spellbook: tuple[PageCard, ...]) -> None:
        self.spellbook = spellbook
        self.unsupported: dict[str, tuple[str, ...]] = {
            card.name: card.unsupported for card in spellbook if card.unsupported
        }
        # Whether any Page has an "any time" effect (if none, its Caster never has a response)
        # or a Power: read once here, not at every game's start.
        self.answers = any(card.any_time for card in spellbook)
        self.powers = any(card.powers for card in spellbook)

    @classmethod
    def from_deck(cls, deck: Deck, compiled: CompiledCards[PageCard] | None = None) -> MetaZooDeck:
        """Compile a Spellbook; each Page once (once for every deck prepared with the same
        `compiled`)."""
        pages_of = CompiledCards[PageCard]() if compiled is None else compiled
        pages: list[PageCard] = []
        for entry in deck.entries("spellbook"):
            pages.extend([pages_of.get(entry.card, PageCard)] * entry.quantity)
        return cls(tuple(pages))
