"""Examples from the sample cards (`manage.py load_samples`), so the docs page's "Try it out"
sends a request that works: tests/api/test_examples.py sends each one.

Keyed by operation id (paths by where their parameter is); api.schema's AutoSchema.get_examples
hands them to drf-spectacular, which writes each where it belongs.
"""

from __future__ import annotations

from typing import Any

from rulebook.samples import NEOPETS as NEOPETS_SAMPLES

# The address `make run` serves on (README), where a page's `next` and `previous` links point.
EXAMPLE_ORIGIN = "http://localhost:8000"

NEOPETS_LIST = "Main Deck:\n2 Hot Dog\n1 Omelette\nNeopets:\n1 Blue Acara\n"
KEEPER_CARD = {"type": "Spell", "text": "Draw a card."}

# The user the examples sign in as and name: `make run` has no users, so the reader makes this
# one first (auth_token_create's example says how), and the examples naming a player name them.
EXAMPLE_USERNAME = "sam"
EXAMPLE_PASSWORD = "hot-dog-omelette"
MAKE_THE_USER = (
    "`make run` has no users: make this one first with "
    f"`DECKWARDEN_PASSWORD={EXAMPLE_PASSWORD} .venv/bin/python manage.py create_user "
    f"{EXAMPLE_USERNAME}`."
)
# A second player, so that a round has two (the examples of rounds): the organiser enters a
# paper list for them and checks them in; they never sign in, so any password does.
SECOND_USERNAME = "kim"
MAKE_THE_SECOND_USER = (
    f"`{SECOND_USERNAME}` is a second user: make them with "
    f"`DECKWARDEN_PASSWORD={EXAMPLE_PASSWORD} .venv/bin/python manage.py create_user "
    f"{SECOND_USERNAME}`."
)
# A legal list (50 Main Deck cards): the players of the rounds' examples register it.
LEGAL_LIST = NEOPETS_SAMPLES.text("strong")

# A card proposed for the catalogue (curation), as a card file holds it.
CURATED_CARD = {
    "name": "Jelly Bean",
    "type": "Food",
    "text": "Heal 1 HP.",
    "attributes": {"effects": [{"do": "heal", "n": 1}]},
}
CURATED_CSV = (
    "game,key,name,type,text,attributes,sample,set,set_name,set_released,set_sample,number,"
    "rarity,image_url\n"
    'neopets,gummy-worm,Gummy Worm,Food,Heal 1 HP.,"{""effects"": [{""do"": ""heal"", ""n"": 1}]}",'
    "false,CMT,Community Set,2026-01-01,false,1,common,\n"
)

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
        "decks": [{"text": NEOPETS_SAMPLES.text("strong")}, {"text": NEOPETS_SAMPLES.text("weak")}],
        "games": 10,
        "seed": 1,
    },
    "events_create": {
        "name": "Saturday Battledome",
        "game": "neopets",
        "date": "2099-12-05",
        "registration_deadline": "2099-12-04T18:00:00Z",
    },
    "auth_token_create": {
        "username": EXAMPLE_USERNAME,
        "password": EXAMPLE_PASSWORD,
        "name": "API docs",
    },
    "decks_update": {
        "game": "neopets",
        "name": "Kau Rush",
        "description": "Two Hot Dogs and an Omelette.",
        "visibility": "unlisted",
        "sections": {
            "main": [{"name": "Hot Dog", "quantity": 2}, {"name": "Omelette", "quantity": 1}],
            "neopets": [{"name": "Blue Acara", "quantity": 1}],
        },
        "maybeboard": [{"name": "Omelette", "quantity": 1}],
    },
    # the whole deck as text, its maybeboard under its header: the deck's next version
    "decks_partial_update": {"text": f"{NEOPETS_LIST}Maybeboard:\n2 Omelette\n"},
    "events_partial_update": {"time_zone": "Europe/London"},
    "events_registrations_create": {"text": LEGAL_LIST, "name": "Strong"},
    "events_registrations_drop_create": {"after_round": 2},
    "events_registrations_partial_update": {
        "checked": True,
        "archetype": "Food",
        "note": "Checked at the desk.",
    },
    "events_registrations_paper_create": {
        "player": SECOND_USERNAME,
        "text": LEGAL_LIST,
        "name": "Handed in",
    },
    "events_roster_create": {"username": SECOND_USERNAME},
    "events_roster_check_in_create": {"present": True},
    "events_check_in_create": {"minutes": 30},
    "events_judges_create": {"username": EXAMPLE_USERNAME},
    "events_deck_checks_create": {
        "player": EXAMPLE_USERNAME,
        "text": NEOPETS_LIST,
        "penalty": "",
        "notes": "Checked at table 4 after round 2.",
    },
    "events_penalties_create": {
        "player": EXAMPLE_USERNAME,
        "penalty": "warning",
        "infraction": "slow_play",
        "notes": "Table 4, round 2: asked twice to play faster.",
    },
    # a draft, as the organiser checks it before publishing (its PATCH publishes it)
    "events_rounds_create": {},
    "events_rounds_partial_update": {"publish": True, "minutes": 50},
    # the organiser's result is final: the first-listed player won 2-1
    "events_rounds_results_create": {"table": 1, "wins": [2, 1], "draws": 0},
    "events_deck_checks_partial_update": {
        "penalty": "warning",
        "infraction": "decklist",
        "notes": "Recounted: 49 cards.",
    },
    "events_registrations_mine_withdraw_create": {"after_round": 0},
    "events_standings_create": {"text": f"username,wins,losses,draws\n{EXAMPLE_USERNAME},3,1,0\n"},
    "keeper_cards_create": {**KEEPER_CARD, "name": "First Thoughts"},
    "keeper_cards_update": {**KEEPER_CARD, "name": "Second Thoughts"},
    "simulations_cancel_create": {},  # a signed-in user's own job needs no cancel_key
    "deck_doctor_create": {
        "game": "neopets",
        "deck": {"text": NEOPETS_SAMPLES.text("strong")},
        "opponents": [{"text": NEOPETS_SAMPLES.text("weak")}],
        "swaps": [{"out": "Hot Dog", "in": "Omelette", "count": 1}],
        "budget": 40,
        "seed": 1,
    },
    "deck_doctor_cancel_create": {},  # a signed-in user's own job needs no cancel_key
    "proposals_create": {
        "game": "neopets",
        "kind": "new",
        "card": CURATED_CARD,
        "reason": "I hold this card.",
    },
    "proposals_approve_create": {},
    "proposals_reject_create": {"reason": "Not a real card."},
    "proposals_request_changes_create": {"reason": "Add its printing."},
    "curators_create": {"game": "neopets", "username": EXAMPLE_USERNAME},
    "owned_import_create": {"game": "neopets", "text": "2 Hot Dog\n1 Omelette"},
    "releases_create": {"game": "neopets"},
    "plays_create": {
        "game": "neopets",
        "deck": {"text": NEOPETS_SAMPLES.text("strong")},
        "opponent": {"text": NEOPETS_SAMPLES.text("weak")},
        "bot": "default",
        "seed": 1,
    },
    # seed 1 asks the player first whether to take the first turn (decision 0): "yes"
    "plays_answer_create": {"number": 0, "option": 0},
    "simulations_card_tests_create": {
        "game": "neopets",
        "deck": {"text": NEOPETS_SAMPLES.text("strong")},
        "card": {"name": "Hot Dog"},
        "replacement": {"name": "Omelette"},
        "reference": {"text": NEOPETS_SAMPLES.text("weak")},
        "games": 10,
        "seed": 1,
    },
}

# Request bodies in the other media types an operation documents, by media type.
MEDIA_REQUEST_EXAMPLES: dict[str, dict[str, Any]] = {
    # a form's fields; `file` is the decklist file's text (Swagger UI offers a file to choose)
    # a spreadsheet's rows (CSV with a header), stored as proposals
    "proposals_bulk_create": {
        "multipart/form-data": {"game": "neopets", "commit": "true", "file": CURATED_CSV}
    },
    "decks_import_file_create": {
        "multipart/form-data": {"game": "neopets", "visibility": "private", "file": NEOPETS_LIST}
    },
    "validate_batch_create": {
        "text/csv": (
            "id,game,format,as_of,text\n"
            f'saturday-1,neopets,standard,2099-01-01,"{NEOPETS_LIST}"\n'
            'saturday-2,keeper,,,"Deck:\n2 Ember Sprite\n"\n'
        )
    },
}

# The CSV answer's own operation takes the same bodies (issue 26, item 9).
REQUEST_EXAMPLES["validate_batch_csv_create"] = REQUEST_EXAMPLES["validate_batch_create"]
MEDIA_REQUEST_EXAMPLES["validate_batch_csv_create"] = MEDIA_REQUEST_EXAMPLES[
    "validate_batch_create"
]

# Operations "Try it out" cannot show with an example that works in every database, and why:
# the checks of tests/api/test_examples.py pass them by, and these are the gaps to close.
WITHOUT_EXAMPLES: dict[str, str] = {
    "proposals_image_create": "a picture cannot be written as a text example",
    "uploads_pictures_create": "a zip of pictures cannot be written as a text example",
    "owned_create": "a card's id differs between databases, and a body example cannot name the "
    "answer it comes from",
    **dict.fromkeys(
        ["decks_proxies_print_retrieve", "decks_proxies_print_pdf_retrieve"],
        "a print is made only for a deck of more than 120 cards, drawn by a worker: the "
        "examples' deck is printed at once",
    ),
}

# What the reader must know to make an example work, shown beside it.
REQUEST_NOTES: dict[str, str] = {
    "auth_token_create": (
        f"The username and password of the user you made. {MAKE_THE_USER} "
        "Then Authorize with the `token` from the answer (sent as `Bearer <token>`)."
    ),
    "events_registrations_paper_create": MAKE_THE_SECOND_USER,
    "events_roster_create": MAKE_THE_SECOND_USER,
    "events_rounds_create": (
        f"A round pairs the checked-in players with a legal list: you (`{EXAMPLE_USERNAME}`) "
        f"and `{SECOND_USERNAME}`, whose paper list you enter. {MAKE_THE_SECOND_USER}"
    ),
    "events_penalties_create": f"`{EXAMPLE_USERNAME}` is the user you made.",
    "events_standings_create": f"`{EXAMPLE_USERNAME}` is the user you made.",
    "events_judges_create": f"`{EXAMPLE_USERNAME}` is the user you made.",
    **dict.fromkeys(
        [
            "proposals_approve_create",
            "proposals_reject_create",
            "proposals_request_changes_create",
            "curators_create",
            "releases_create",
        ],
        f"`{EXAMPLE_USERNAME}` must curate Neopets: "
        f"`.venv/bin/python manage.py grant_curator {EXAMPLE_USERNAME} neopets`.",
    ),
    "events_deck_checks_create": f"`{EXAMPLE_USERNAME}` is the user you made.",
    "simulations_cancel_create": (
        "Your own job needs no key; an anonymous job's `cancel_key` is in its submission's "
        "answer (POST /api/v1/simulations/)."
    ),
    "plays_answer_create": (
        "`number` is the game's `pending.number` and `option` one of its options' `id`: "
        "decision 0 of the example game (seed 1) asks whether you take the first turn."
    ),
}

# Requests an example needs sent first (each with its own example), besides those giving its
# parameters: the player is registered before standings name them. The example says so.
SENT_BEFORE: dict[str, list[str]] = {
    "owned_share_retrieve": ["POST /api/v1/owned/share/"],
    "events_standings_create": ["POST /api/v1/events/{token}/registrations/"],
    "events_deck_checks_create": ["POST /api/v1/events/{token}/registrations/"],
    "events_registrations_mine_withdraw_create": ["POST /api/v1/events/{token}/registrations/"],
    "events_penalties_create": ["POST /api/v1/events/{token}/registrations/"],
    # two players checked in with legal lists: you register and check yourself in, and you
    # enter the second user's paper list and check them in (the roster's example invites them)
    "events_rounds_create": [
        "POST /api/v1/events/{token}/registrations/",
        "POST /api/v1/events/{token}/registrations/paper/",
        "POST /api/v1/events/{token}/check-in/",
        "POST /api/v1/events/{token}/roster/mine/check-in/",
        "POST /api/v1/events/{token}/roster/{player_id}/check-in/",
    ],
    # a result is for a published round
    "events_rounds_results_create": ["PATCH /api/v1/events/{token}/rounds/{number}/"],
}

# Parameters (query or path) whose value is the same in every database that has the sample
# cards. Swagger UI fills them in; an operation's examples are sent together, as it sends them.
PARAMETER_EXAMPLES: dict[str, dict[str, Any]] = {
    "cards_list": {"q": "t:food", "game": "neopets"},
    "keeper_cards_list": {"ordering": "name"},
    "cards_autocomplete_retrieve": {"q": "hot", "game": "neopets"},
    "cards_named_retrieve": {"game": "neopets", "fuzzy": "hot dgo"},
    "decks_list": {"game": "neopets", "ordering": "-updated"},
    "decks_diff_retrieve": {"from": 1, "to": 1},
    "decks_export_retrieve": {"format": "text"},
    "decks_proxies_retrieve": {"paper": "a4"},
    "decks_validation_retrieve": {"as_of": "2099-01-01"},
    "decks_versions_list": {"ordering": "-number"},
    "decks_versions_retrieve": {"number": 1},
    "events_list": {"ordering": "date", "game": "neopets"},
    "events_registrations_list": {"ordering": "registered"},
    "events_judges_list": {"ordering": "added"},
    "events_deck_checks_list": {"ordering": "-checked"},
    "events_penalties_list": {"ordering": "given"},
    "events_rounds_retrieve": {"format": "json"},
    "events_report_retrieve": {"format": "json"},
    "events_roster_list": {"format": "json"},
    "events_standings_retrieve": {"format": "json"},
    "games_list": {"ordering": "name"},
    "games_retrieve": {"slug": "neopets"},
    "sets_list": {"game": "neopets"},
    "proposals_list": {"game": "neopets", "status": "open"},
    "releases_list": {"game": "neopets"},
    "releases_retrieve": {"game": "neopets"},
    "cards_history_list": {"page": 1},
    "owned_list": {"page": 1},
    "owned_shared_list": {"page": 1},
    "plays_list": {"status": "open", "ordering": "-updated"},
}

# Parameters whose value differs between databases (numeric ids, random tokens, ETags): the
# request whose answer gives one (sent with its examples, or with the query written here), and
# its field (in each of `results` for a list; a capitalised name is a header, as `ETag`). A path
# parameter is keyed by the path up to it, so a deck's id is described once for all its
# operations; a header by its operation's path and its name. The schema says where to take each
# from in the parameter's description.
FROM_ANSWERS: dict[str, tuple[str, str]] = {
    "/api/v1/auth/tokens/{token_id}": ("POST /api/v1/auth/token/", "id"),
    "/api/v1/cards/{id}": ("GET /api/v1/cards/", "id"),
    "/api/v1/cards/{card_id}": ("GET /api/v1/cards/", "id"),
    "/api/v1/proposals/{proposal_id}": ("POST /api/v1/proposals/", "id"),
    "/api/v1/uploads/{upload_id}": ("POST /api/v1/proposals/bulk/", "upload"),
    "/api/v1/releases/{game}/{number}": ("POST /api/v1/releases/", "number"),
    "/api/v1/decks/{id}": ("POST /api/v1/decks/", "id"),
    "/api/v1/decks/{id}/ If-Match": ("GET /api/v1/decks/{id}/", "ETag"),
    "/api/v1/events/{token}": ("POST /api/v1/events/", "id"),
    "/api/v1/events/{token}/registrations/{id}": (
        "POST /api/v1/events/{token}/registrations/",
        "id",
    ),
    "/api/v1/events/{token}/judges/{judge_id}": ("POST /api/v1/events/{token}/judges/", "id"),
    "/api/v1/events/{token}/deck-checks/{id}": ("POST /api/v1/events/{token}/deck-checks/", "id"),
    "/api/v1/events/{token}/rounds/{number}": ("POST /api/v1/events/{token}/rounds/", "number"),
    "/api/v1/events/{token}/roster/{player_id}": (
        "POST /api/v1/events/{token}/roster/",
        "player_id",
    ),
    # your own saved cards: the sample cards are nobody's
    "/api/v1/keeper/cards/{card_id}": ("POST /api/v1/keeper/cards/", "id"),
    "/api/v1/owned/shared/{token}": ("POST /api/v1/owned/share/", "token"),
    "/api/v1/sets/{id}": ("GET /api/v1/sets/", "id"),
    "/api/v1/simulations/{job_id}": ("POST /api/v1/simulations/", "id"),
    "/api/v1/deck-doctor/{job_id}": ("POST /api/v1/deck-doctor/", "id"),
    "/api/v1/plays/{play_id}": ("POST /api/v1/plays/", "id"),
}


def answer_source(path: str, parameter: str) -> tuple[str, str] | None:
    """The request and field that give parameter `parameter` (of the path, or a header) of the
    operations on `path`, if listed."""
    placeholder = "{" + parameter + "}"
    if placeholder not in path:
        return FROM_ANSWERS.get(f"{path} {parameter}")
    return FROM_ANSWERS.get(path[: path.index(placeholder) + len(placeholder)])
