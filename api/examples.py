"""Examples from the sample cards (`manage.py load_samples`), so the docs page's "Try it out"
sends a request that works: tests/api/test_examples.py sends each one.

Keyed by operation id (paths by where their parameter is); api.schema's AutoSchema.get_examples
hands them to drf-spectacular, which writes each where it belongs.
"""

from __future__ import annotations

from typing import Any

from rules.neopets.sample_decks import sample_deck_text

# The address `make run` serves on (README), where a page's `next` and `previous` links point.
EXAMPLE_ORIGIN = "http://localhost:8000"

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
    "metazoo_archive_swap_create": {
        "before": {
            "spellbook": [{"name": "Flame Aura", "quantity": 40}],
            "archive": [{"name": "Fireball", "quantity": 2}],
        },
        "after": {
            "spellbook": [
                {"name": "Flame Aura", "quantity": 38},
                {"name": "Fireball", "quantity": 2},
            ],
            "archive": [{"name": "Flame Aura", "quantity": 2}],
        },
    },
    "simulations_create": {
        "game": "neopets",
        "decks": [{"text": sample_deck_text("strong")}, {"text": sample_deck_text("weak")}],
        "games": 10,
        "seed": 1,
    },
    "events_create": {
        "name": "Saturday Battledome",
        "game": "neopets",
        "date": "2099-12-05",
        "registration_deadline": "2099-12-04T18:00:00Z",
    },
}

# Parameters (query or path) whose value is the same in every database that has the sample
# cards. Swagger UI fills them in; an operation's examples are sent together, as it sends them.
PARAMETER_EXAMPLES: dict[str, dict[str, Any]] = {
    "cards_list": {"q": "t:food", "game": "neopets"},
    "cards_autocomplete_retrieve": {"q": "hot", "game": "neopets"},
    "cards_named_retrieve": {"game": "neopets", "fuzzy": "hot dgo"},
    "decks_list": {"game": "neopets", "ordering": "-updated"},
    "decks_diff_retrieve": {"from": 1, "to": 1},
    "decks_export_retrieve": {"format": "text"},
    "decks_validation_retrieve": {"as_of": "2099-01-01"},
    "decks_versions_list": {"ordering": "-number"},
    "decks_versions_retrieve": {"number": 1},
    "events_list": {"ordering": "date"},
    "events_report_retrieve": {"format": "json"},
    "events_roster_list": {"format": "json"},
    "games_list": {"ordering": "name"},
    "games_retrieve": {"slug": "neopets"},
    "sets_list": {"game": "neopets"},
}

# Path parameters whose value differs between databases (numeric ids, random tokens): the
# operation whose answer gives one, and its field (in each of `results` for a list). Keyed by
# the path up to the parameter, so a deck's id is described once for all its operations; the
# schema says where to take it from in the parameter's description.
FROM_ANSWERS: dict[str, tuple[str, str]] = {
    "/api/v1/auth/tokens/{token_id}": ("POST /api/v1/auth/token/", "id"),
    "/api/v1/cards/{id}": ("GET /api/v1/cards/", "id"),
    "/api/v1/decks/{id}": ("POST /api/v1/decks/", "id"),
    "/api/v1/events/{token}": ("POST /api/v1/events/", "id"),
    "/api/v1/events/{token}/registrations/{id}": (
        "POST /api/v1/events/{token}/registrations/",
        "id",
    ),
    "/api/v1/events/{token}/roster/{player_id}": (
        "GET /api/v1/events/{token}/roster/",
        "player_id",
    ),
    "/api/v1/keeper/cards/{card_id}": ("GET /api/v1/cards/", "id"),
    "/api/v1/sets/{id}": ("GET /api/v1/sets/", "id"),
    "/api/v1/simulations/{job_id}": ("POST /api/v1/simulations/", "id"),
}


def answer_source(path: str, parameter: str) -> tuple[str, str] | None:
    """The operation and field that give path parameter `parameter` of `path`, if listed."""
    placeholder = "{" + parameter + "}"
    return FROM_ANSWERS.get(path[: path.index(placeholder) + len(placeholder)])
