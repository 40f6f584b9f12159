"""Random Tournament Decks for the invariant checker, written the way a user writes cards: each
card's `effects` attribute drawn from the effect kinds and actions the rules summary and the
README's rules notes describe, written out here (not read from the engine's tables), and decks
of up to eight Singles, one Deck Box and two Accessories, one copy of each (legal), or beyond
those limits (illegal: the engine plays them after the rulebook's random fix).
"""

from __future__ import annotations

import random
from typing import Any

from rulebook.core.cards import CardInfo, Deck, Entry

KINDS_OF_CARD = ("Knight", "Beast", "Mage", "Familiar")
ELEMENTS = ("Fire", "Water", "Earth", "Light")


def _effect(rng: random.Random, single: bool) -> dict[str, Any]:
    """One effect a card of this kind may carry, with small numbers."""
    n = rng.randint(1, 3)
    per = rng.choice([{"kind": rng.choice(KINDS_OF_CARD)}, {"element": rng.choice(ELEMENTS)}])
    triggered = ["flip", "action", "score"] + (["play", "next"] if single else [])
    continuous = ["ongoing"] + (["top"] if single else [])
    return rng.choice(
        [
            {"when": rng.choice(triggered), "do": "gain_rp", "n": n},
            {"when": rng.choice(triggered), "do": "gain_rp", "n": 1, "per": per},
            {"when": "play" if single else "action", "do": "gain_rp", "n": 2, "if": "alone"},
            {"when": rng.choice(triggered), "do": "drain_rp", "n": n},
            {"when": rng.choice([t for t in triggered if t != "score"]), "do": "clash", "win": n},
            {"when": rng.choice([t for t in triggered if t != "score"]), "do": "flip_opponent"},
            {"when": rng.choice(continuous), "do": "stars", "n": n},
            {"when": "next" if single else "ongoing", "do": "stars", "n": n},
            {"when": rng.choice(continuous), "do": "clash_bonus", "n": n},
            {"when": rng.choice(continuous), "do": "clash_bonus", "n": n, "started": True},
            {"when": rng.choice(continuous), "do": "shield"},
            {"when": rng.choice(continuous), "do": "block_next"},
            {"when": "reaction", "on": "clashed", "do": "tie_clash"},
            {"when": "reaction", "on": "revealed", "do": "reveal_again"},
            {"when": "reaction", "on": "drained", "do": "prevent"},
        ]
    )


def random_card(rng: random.Random, number: int, card_type: str) -> CardInfo:
    single = card_type == "Single"
    effects = [_effect(rng, single) for _ in range(rng.choice((0, 1, 1, 1, 2)))]
    return CardInfo(
        key=f"random-{number}",
        name=f"Random {card_type} {number}",
        type=card_type,
        text="(random effects)",
        attributes={
            "stars": rng.randint(0, 7),
            "element": rng.choice(ELEMENTS),
            "kind": rng.choice(KINDS_OF_CARD),
            "effects": effects,
        },
    )


def card_pool(rng: random.Random, singles: int = 60, others: int = 16) -> list[CardInfo]:
    cards = [random_card(rng, n, "Single") for n in range(singles)]
    cards += [random_card(rng, singles + n, "Deck Box") for n in range(others)]
    cards += [random_card(rng, singles + others + n, "Accessory") for n in range(others)]
    return cards


def random_deck(rng: random.Random, pool: list[CardInfo], *, legal: bool = True) -> Deck:
    """Up to 8 Singles, 1 Deck Box, 2 Accessories, one copy each; an illegal deck holds more of
    each and some second copies."""
    by_type = {
        kind: [c for c in pool if c.type == kind] for kind in ("Single", "Deck Box", "Accessory")
    }
    limits = {"Single": 8, "Deck Box": 1, "Accessory": 2}
    sections = {"Single": "singles", "Deck Box": "deck_box", "Accessory": "accessories"}
    deck: dict[str, tuple[Entry, ...]] = {}
    for kind, cards in by_type.items():
        most = limits[kind] if legal else limits[kind] + 3
        chosen = rng.sample(cards, rng.randint(0 if kind != "Single" else 1, most))
        copies = [1 if legal or rng.random() < 0.7 else 2 for _ in chosen]
        deck[sections[kind]] = tuple(Entry(c, q) for c, q in zip(chosen, copies, strict=True))
    return Deck(game="millennium-blades", sections=deck)
