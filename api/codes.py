"""Every code the API answers with, each with its meaning: the stable contract clients switch on.

`issue_codes()` are the codes of a validation report's errors and warnings (every registered
game's, from its rulesets, and the batch's own); `ERROR_CODES` are the codes of the one error
shape (api.errors). The schema enumerates both, so a generated client types them; the test
suite refuses a report or an error answer that carries a code not listed here
(tests/conftest.py).
"""

from __future__ import annotations

from rulebook.registry import ISSUE_CODES as RULES_ISSUE_CODES

BATCH_DECK_INVALID = "deck.invalid"

# The batch's own issue codes (api.validation), beside every game's.
BATCH_CODES: dict[str, str] = {
    BATCH_DECK_INVALID: "One deck of a batch cannot be read; `fields` says why.",
}


def issue_codes() -> dict[str, str]:
    """Every issue code, with its meaning, of the games registered now and of the batch."""
    return {**RULES_ISSUE_CODES, **BATCH_CODES}


ERROR_CODES: dict[str, str] = {
    # Reading the request
    "invalid": "A request field or query parameter cannot be read; `fields` names each one.",
    "parse_error": "The body is not well-formed JSON, or not readable as its media type.",
    "unsupported_media_type": "The body's media type is not one the operation reads.",
    "not_acceptable": "Accept names no media type the operation answers with.",
    "length_required": "The body was sent chunked; send it with a Content-Length header.",
    "too_large": "The request body is larger than the service accepts.",
    "too_many_decks": "A batch holds more decks than one batch may.",
    "too_many_entries": "A batch holds more entries over all its decks than one batch may.",
    "too_many_cards": "A batch names more different cards than one batch may.",
    "decklist_unreadable": "Lines of a decklist cannot be read; `lines` lists each one.",
    "query_syntax": "A search query cannot be read; `position` says where.",
    "trailing_slash": "308: the path ends with a slash; repeat the request at Location.",
    "method_not_allowed": "The path does not take this method; Allow lists those it takes.",
    "not_found": "No such record visible to you, or no such page of results.",
    # Who asks
    "not_authenticated": "Not signed in: send `Authorization: Token <key>`.",
    "authentication_failed": "The token or the credentials are wrong.",
    "permission_denied": "Signed in but not allowed to do this.",
    "locked_out": "Too many failed log-ins; wait before trying again.",
    "too_many_tokens": "The account holds as many API tokens as it may: revoke one first.",
    # Stored decks and cards
    "precondition_required": "428: send If-Match with the deck's ETag.",
    "precondition_failed": "412: the deck changed since that ETag; `etag` is its current one.",
    "deck_registered": "The deck is registered for an event, which keeps it; it stays.",
    "card_in_use": "The card is in decks that hold it; it stays.",
    "proxies_not_ready": "409: the proxies' PDF is still being drawn, or failed; "
    "`print_status` says which.",
    # Test games
    "deck_illegal": "Test games are played only between legal decks; `reports` says why.",
    "job_finished": "409: the job has ended and cannot be cancelled; `job_status` says how.",
    "queue_full": "429: as many games are queued as the limits allow; Retry-After says when.",
    # Games against the bots
    "too_many_plays": "409: you hold as many open games against the bots as you may.",
    "play_answered": "409: that decision was answered already (another tab?); read the game.",
    "play_over": "409: the game is over and takes no more answers.",
    "play_expired": "409: nobody answered the game for too long; it takes no more answers.",
    # Events
    "registration_closed": "The event's registration deadline has passed.",
    "registration_open": "Lists are published only once registration has closed.",
    # Limits and faults
    "throttled": "Too many requests: wait the seconds Retry-After names.",
    "service_unavailable": "503: a service the answer needs is down; Retry-After says when.",
    "server_error": "The server failed to answer; the error is logged.",
    "error": "Any other HTTP failure, named by `status` and described by `detail`.",
}
