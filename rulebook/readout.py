"""What the rules make of one card, in words, for the people who review it (issue 36): the
construction readout (what the game's grammar reads from the card's text, and its copy limit)
and the effect readout (what the engine plays from its effect data, and what it cannot).

    begins in rainbow pool: no; collectable as map piece: no; any number of copies: no;
    copy limit: 2 (7.11.1)
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .core.cards import CardInfo
from .core.effects import EffectReadout, effect_readout
from .plugin import GamePlugin
from .registry import PLUGINS


@dataclass(frozen=True, slots=True)
class CardReadout:
    construction: str
    effects: EffectReadout


def card_readout(game: str, card: CardInfo, known_names: Iterable[str] = ()) -> CardReadout:
    """The card as its game reads it; its attributes are taken with what its text states
    (GameSpec.reviewed_attributes), as the validator will read them once stored."""
    plugin = PLUGINS[game]
    spec = plugin.spec
    attributes = spec.reviewed_attributes(card.name, card.text, card.attributes, known_names)
    reviewed = CardInfo(card.key, card.name, card.type, card.text, attributes, card.id)
    parts = [
        f"{field.replace('_', ' ')}: {_words(plugin, field, attributes)}"
        for field in spec.construction_fields
    ]
    # A ruleset that limits copies card by card says so (Neopets' copy_limit); None there is
    # no limit of the card's own (a Neopet's is its species'), so nothing is said.
    copy_limit = getattr(plugin.ruleset(), "copy_limit", None)
    limit = copy_limit(reviewed) if callable(copy_limit) else None
    if limit is not None:
        parts.append(f"copy limit: {limit[0]} ({limit[1]})")
    effects = effects_readout(game, card.text, attributes.get("effects"))
    return CardReadout(construction="; ".join(parts) or "nothing to read", effects=effects)


def effects_readout(game: str, text: str, effects: Any) -> EffectReadout:
    """What the game's engine plays of a card's `effects` value and what it cannot; nothing
    for a game with no effect vocabulary (its engine plays what its attributes say)."""
    unsupported = PLUGINS[game].unsupported_effects
    if unsupported is None:
        return EffectReadout(plays=(), unsupported=())
    return effect_readout(text, effects, unsupported)


def _words(plugin: GamePlugin, field: str, attributes: Mapping[str, Any]) -> str:
    """A construction field in words: yes or no for a flag (absent: no), the game's own words
    for structured data (MetaZoo's Spellbook Restrictions), else its JSON (absent: none)."""
    value = attributes.get(field)
    if plugin.spec.attributes[field].kind == "bool":
        return "yes" if value else "no"
    if value is None:
        return "none"
    said = plugin.attribute_words(field, value) if plugin.attribute_words is not None else None
    return said or json.dumps(value, ensure_ascii=False)
