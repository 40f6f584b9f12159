"""Every URL of the site and the API, walked with what a fuzzer sends: NUL characters in the
path, the query and the body, and integers past 64 bits, by GET, POST and OPTIONS, as a signed-in
owner (who reaches the most code). None may be answered with a 5xx, on SQLite or PostgreSQL.

NUL reached PostgreSQL as a 500 in seven places (card and event pages, the names endpoint, the
deck editor's fields); `OPTIONS` on a CSV report was a 500; a deck editor POST with `card=2**63`
was a 500 on SQLite (issue 15 item 14).
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from datetime import date, timedelta

import pytest
from django.core.management import call_command
from django.urls import URLPattern, URLResolver, get_resolver
from django.utils import timezone

from cards.models import Card, Game
from decks.models import Deck
from events.services import event_create
from tests.decks.conftest import MAIN, make_deck

NUL = "a\x00b"
HUGE = str(2**63)
FIELDS = (
    "q", "page", "game", "set", "type", "card", "deck", "name", "text", "format", "quantity",
    "section", "key", "id", "pk", "number", "games", "seed", "title", "decklist", "username",
    "visibility", "from", "to", "a", "b", "chunk_size", "limit", "offset", "ordering", "sort",
    "printing", "was", "remove", "action", "add_name", "add_quantity", "add_section", "revision",
    "mulligans", "token", "event", "registration",
)  # fmt: skip
# The huge-id pass: every field huge but these, so that a row of the deck editor (a card id with
# a quantity) gets as far as looking its card up.
SANE = {"quantity": "1", "was": "1", "section": "main", "add_quantity": "1", "action": "add"}
SKIPPED = ("admin/", "accounts/logout/", "api-auth/logout/")
PARAMETER = re.compile(r"<(?:(?P<converter>\w+):)?(?P<name>\w+)>|\(\?P<(?P<rname>\w+)>[^)]*\)")


def routes(patterns: list, prefix: str = "") -> Iterator[str]:
    for pattern in patterns:
        route = prefix + str(pattern.pattern).lstrip("^").rstrip("$")
        if isinstance(pattern, URLResolver):
            yield from routes(pattern.url_patterns, route)
        elif isinstance(pattern, URLPattern) and not route.startswith(SKIPPED):
            yield route


@pytest.fixture
def things(alice) -> dict[str, str]:
    call_command("load_samples", stdout=None)
    neopets = Game.objects.get(slug="neopets")
    deck = make_deck(alice, neopets, MAIN, visibility=Deck.Visibility.PUBLIC)
    event = event_create(
        organiser=alice,
        name="Saturday",
        game=neopets,
        date=date(2026, 12, 5),
        registration_deadline=timezone.now() + timedelta(days=1),
    )
    card = Card.objects.filter(game=neopets).first()
    return {"deck": str(deck.pk), "token": event.token, "key": card.key, "game": "neopets"}


def concrete_paths(route: str, things: dict[str, str]) -> set[str]:
    """The route with real values, then with each parameter in turn made hostile."""

    def fill(hostile: str | None) -> str:
        def value(match: re.Match) -> str:
            name = match["name"] or match["rname"]
            converter = match["converter"] or "str"
            if name == hostile:
                return HUGE if converter in ("int", "deck") else NUL
            if converter == "uuid":
                return str(uuid.uuid4())
            if converter == "int" or name in ("pk", "number"):
                return "1"
            return things.get(name) or things.get(converter) or "1"

        return "/" + PARAMETER.sub(value, route)

    names = [match["name"] or match["rname"] for match in PARAMETER.finditer(route)]
    return {fill(None), *(fill(name) for name in names)}


@pytest.mark.parametrize(
    "hostile, sane", [(NUL, {}), (HUGE, {}), (HUGE, SANE)], ids=["nul", "huge", "huge ids"]
)
def test_no_url_answers_a_server_error_to_hostile_input(client, alice, things, hostile, sane):
    client.force_login(alice)
    client.raise_request_exception = False  # count the 500s, all of them
    failures = []
    query = {**{field: hostile for field in FIELDS}, **sane}
    for route in routes(get_resolver().url_patterns):
        for path in concrete_paths(route, things):
            if hostile == HUGE and NUL in path:
                continue
            requests = [
                ("GET", lambda p=path: client.get(p, query)),
                ("OPTIONS", lambda p=path: client.options(p)),
                ("OPTIONS csv", lambda p=path: client.options(f"{p}?format=csv")),
                ("POST form", lambda p=path: client.post(p, query)),
                (
                    "POST json",
                    lambda p=path: client.post(
                        p, _json_body(hostile), content_type="application/json"
                    ),
                ),
            ]
            for method, send in requests:
                status = send().status_code
                if status >= 500:
                    failures.append(f"{method} {path!r}: {status}")
    assert not failures, "\n".join(failures)


def _json_body(hostile: str) -> dict:
    value = int(hostile) if hostile == HUGE else hostile
    entry = {"card": value, "name": value, "quantity": value}
    return {**{field: value for field in FIELDS}, "sections": {"main": [entry]}, "cards": [entry]}
