"""A card's attributes in words, as people read them: the site's card pages and search results
and the printed proxies (decks.proxies) say a card's cost and stats the same way."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rulebook.registry import GAMES, PLUGINS

# Attribute names read aloud as letters, not as a word.
INITIALISMS = {"hp": "HP", "lp": "LP"}


@dataclass(frozen=True, slots=True)
class CardSummary:
    """A card's cost ("2", "1 Flame, 2 Neutral") and its other numbers ("HP 8 · Attack 4")."""

    cost: str
    stats: str


def attribute_label(name: str) -> str:
    """An attribute's name as people read it: "Aura cost", "HP"."""
    return INITIALISMS.get(name, name.replace("_", " ").capitalize())


def attribute_words(game: str, name: str, value: object) -> str:
    """An attribute's value in words: structured ones (a MetaZoo Aura cost, its attacks, a
    Codestone's boost) as a sentence, numbers and names as they are."""
    plugin = PLUGINS.get(game)
    said = plugin.attribute_words(name, value) if plugin and plugin.attribute_words else None
    if said is not None:  # the game's own words (a MetaZoo Page's Spellbook Restrictions)
        return said
    if name == "attacks" and isinstance(value, list):
        return "; ".join(_attack_words(attack) for attack in value if isinstance(attack, dict))
    if isinstance(value, dict):  # a cost counts Aura of each type; a boost adds to a stat
        if name.endswith("_cost"):
            return ", ".join(f"{amount} {kind.capitalize()}" for kind, amount in value.items())
        return ", ".join(f"{stat} {amount:+d}" for stat, amount in value.items())
    if isinstance(value, list):
        return ", ".join(map(str, value))
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def card_summary(game: str, attributes: Mapping[str, Any]) -> CardSummary:
    """The cost its game prints (GameSpec.cost_attribute) and its other numeric attributes."""
    spec = GAMES[game]
    cost_name = spec.cost_attribute
    cost = (
        attribute_words(game, cost_name, attributes[cost_name])
        if cost_name is not None and cost_name in attributes
        else ""
    )
    stats = " · ".join(
        f"{attribute_label(name)} {attributes[name]}"
        for name, field in spec.attributes.items()
        if field.numeric and name != cost_name and name in attributes
    )
    return CardSummary(cost=cost, stats=stats)


def _attack_words(attack: dict[str, Any]) -> str:
    words = f"{attack.get('name', 'Attack')}: {attack.get('damage', 0)} damage"
    return f"{words}. {attack['effect']}" if attack.get("effect") else words
