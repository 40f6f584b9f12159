"""Compare two different decks of one game: what the second has that the first has not, as the
versions page compares two versions of one deck (the same diff, decks.diff)."""

from __future__ import annotations

import re

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from decks import selectors
from decks.diff import snapshot_diff
from decks.links import DeckAddressConverter
from decks.models import Deck

from .editor import diff_changes

MOST_OFFERED = 200
# A deck's address as typed or pasted: its id, its link token, or a URL holding either.
_ADDRESS = re.compile(rf"(?:/decks/)?(?P<address>{DeckAddressConverter.regex})/?$")


def deck_compare(request: HttpRequest) -> HttpResponse:
    first = _deck(request, "a")
    second = _deck(request, "b")
    problem = ""
    diff = None
    if first is not None and second is not None:
        if first.game_id != second.game_id:
            problem = f"{first.name} and {second.name} are decks of different games."
        else:
            diff = snapshot_diff(_seen(request, first), _seen(request, second))
    elif request.GET.get("a") or request.GET.get("b"):
        problem = "Choose two decks you can read (by their address, id or link)."
    game = (first or second).game if (first or second) else None
    offered = selectors.deck_list(user=request.user)
    if game is not None:
        offered = offered.filter(game=game)
    context = {
        "first": first,
        "second": second,
        "diff": diff,
        "changes": diff_changes(game.spec, diff, request.user) if diff else [],
        "problem": problem,
        "offered": offered.order_by("name", "id")[:MOST_OFFERED],
    }
    return render(request, "web/decks/compare.html", context, status=400 if problem else 200)


def _deck(request: HttpRequest, field: str) -> Deck | None:
    match = _ADDRESS.search(request.GET.get(field, "").strip())
    if match is None:
        return None
    try:
        address = DeckAddressConverter().to_python(match["address"])
        return selectors.deck_get_readable(user=request.user, address=address)
    except (ValueError, Deck.DoesNotExist):
        return None


def _seen(request: HttpRequest, deck: Deck) -> dict:
    latest = selectors.deck_version_latest(deck=deck, viewer=request.user)
    if latest is None:
        return {"name": deck.name, "format": None, "sections": {}}
    return latest.snapshot_seen
