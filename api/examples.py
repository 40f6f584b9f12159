"""Request examples from the sample cards, one per operation that takes a body, so the docs
page's "Try it out" sends a request that works (tests/api/test_examples.py sends each one).

Keyed by operation id; api.schema writes each into its operation's request body, unless the
view gives its own (the MetaZoo Archive swap's, beside its view).
"""

from __future__ import annotations

from typing import Any

NEOPETS_LIST = "Main Deck:\n2 Hot Dog\n1 Omelette\nNeopets:\n1 Blue Acara\n"
KEEPER_CARD = {"type": "Spell", "text": "Draw a card."}

REQUEST_EXAMPLES: dict[str, dict[str, Any]] = {
    "validate_create": {
        "game": "neopets",
        "format": "standard",
        "sections": {
            "main": [{"name": "Hot Dog", "quantity": 2}],
            "neopets": [{"name": "Blue Acara", "quantity": 1}],
            "rainbow_pool": [],
        },
    },
    "validate_batch_create": {
        "decks": [
            {"id": "saturday-1", "game": "neopets", "text": NEOPETS_LIST},
            {"id": "saturday-2", "game": "keeper", "text": "Deck:\n2 Ember Sprite\n"},
        ]
    },
    "cards_collection_create": {
        "identifiers": [
            {"name": "Hot Dog", "game": "neopets"},
            {"key": "ember-sprite", "game": "keeper"},
        ]
    },
    "decks_create": {
        "game": "neopets",
        "name": "Kau Rush",
        "visibility": "private",
        "sections": {"main": [{"name": "Hot Dog", "quantity": 2}]},
    },
    "decks_import_create": {"game": "neopets", "name": "Strong", "text": NEOPETS_LIST},
    "keeper_cost_create": KEEPER_CARD,
    "battle_odds_create": {
        "attacker": {"hp": 5, "attack": 3, "defence": 2, "agility": 1},
        "defender": {"hp": 4, "attack": 2, "defence": 2, "agility": 0},
        "exact": True,
    },
    "events_create": {
        "name": "Saturday Battledome",
        "game": "neopets",
        "date": "2099-12-05",
        "registration_deadline": "2099-12-04T18:00:00Z",
    },
}
