"""Conditional requests on decks (RFC 9110 §13.1.1): If-Match against the deck's ETag.

PUT and PATCH must carry If-Match (428 without it), so a client cannot overwrite a change it
has not seen; a tag that is not the current one answers 412. Comparison is strong, as If-Match
requires: a weak tag (W/"...") never matches.
"""

from __future__ import annotations

from typing import NoReturn

from rest_framework import status
from rest_framework.request import Request

from api.errors import ApiError
from decks.models import Deck


def if_match_revision(request: Request, deck: Deck, *, required: bool) -> int | None:
    """The revision the client's If-Match names (the deck's current one), or None for `*` or
    an absent optional header. Raises ApiError 428 or 412."""
    header = request.headers.get("If-Match")
    if header is None:
        if required:
            raise ApiError(
                f"Send the deck's ETag in an If-Match header (GET /api/v1/decks/{deck.pk}/ "
                "gives it), so a change made meanwhile is not overwritten.",
                code="precondition_required",
                status_code=status.HTTP_428_PRECONDITION_REQUIRED,
            )
        return None
    tags = [tag.strip() for tag in header.split(",")]
    if "*" in tags:
        return None
    if any(_unquoted(tag) == _unquoted(deck.etag) for tag in tags if not tag.startswith("W/")):
        return deck.revision
    raise_changed(deck)


def if_none_match(request: Request, deck: Deck) -> bool:
    """Whether the client's If-None-Match names the deck's current ETag (or `*`): a GET then
    answers 304. Comparison is weak, as RFC 9110 §13.1.2 asks."""
    header = request.headers.get("If-None-Match")
    if header is None:
        return False
    tags = [_unquoted(tag.strip().removeprefix("W/")) for tag in header.split(",")]
    return "*" in tags or _unquoted(deck.etag) in tags


def raise_changed(deck: Deck) -> NoReturn:
    """412: the deck is not at the revision the client read."""
    raise ApiError(
        f"The deck changed since you read it; it is now at revision {deck.revision}. GET it "
        "again, reapply your change and send the new ETag.",
        code="precondition_failed",
        status_code=status.HTTP_412_PRECONDITION_FAILED,
        etag=deck.etag,
    )


def _unquoted(tag: str) -> str:
    return tag.strip('"')
