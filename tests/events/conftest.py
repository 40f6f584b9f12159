"""Events test fixtures: Alice organises, Bob registers a legal list, Charlie an illegal one.

Cards are the invented Neopets test cards of tests/rulebook/core/factories.py.
"""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from cards.models import Game
from decks.models import DeckVersion
from decks.resolution import entries_resolve
from decks.services import deck_create
from events.models import Event
from events.services import event_create
from rulebook.core.resolve import EntryRef
from tests.rulebook.core.factories import legal_entries
from tests.validation.conftest import legal_text, neopets_cards  # noqa: F401 (a fixture)


def illegal_text() -> str:
    """The legal deck less one Codestone: 49 Main Deck cards (CR 8.3.1)."""
    return legal_text().replace("8 Test Codestone 0", "7 Test Codestone 0")


def illegal_entries() -> list[EntryRef]:
    entries = legal_entries()
    return [e for e in entries if e.section != "main"] + [
        e for e in entries if e.section == "main"
    ][1:]


def make_version(owner, entries: list[EntryRef], name: str = "Kau Rush") -> DeckVersion:
    game = Game.objects.get(slug="neopets")
    deck = deck_create(
        owner=owner, game=game, name=name, lines=entries_resolve(game=game, refs=entries)
    )
    return deck.versions.get()


def keeper_night(organiser) -> Event:
    """A Keeper of the Cards event of `organiser`'s, open for another day."""
    return event_create(
        organiser=organiser,
        name="Keeper night",
        game=Game.objects.get(slug="keeper"),
        date=date(2026, 12, 5),
        registration_deadline=timezone.now() + timedelta(days=1),
    )


@pytest.fixture
def neopets(db) -> Game:
    return Game.objects.get(slug="neopets")


@pytest.fixture
def event(alice, neopets) -> Event:
    """Alice's event, open for another day."""
    return event_create(
        organiser=alice,
        name="Saturday Battledome",
        game=neopets,
        date=date(2026, 12, 5),
        registration_deadline=timezone.now() + timedelta(days=1),
    )


@pytest.fixture
def bob_version(bob, neopets_cards) -> DeckVersion:  # noqa: F811
    return make_version(bob, legal_entries(), "Bob's Kau")


@pytest.fixture
def charlie_version(charlie, neopets_cards) -> DeckVersion:  # noqa: F811
    return make_version(charlie, illegal_entries(), "Charlie's 49")


@pytest.fixture
def bob_api(bob) -> APIClient:
    client = APIClient()
    client.force_authenticate(bob)
    return client


def close(event: Event) -> None:
    """Move the deadline into the past, in the database only."""
    Event.objects.filter(pk=event.pk).update(
        registration_deadline=timezone.now() - timedelta(minutes=1)
    )


def during_re_registration(event: Event, player, version: DeckVersion, organiser_write):
    """Run `organiser_write()` while another thread's re-registration of `player` with
    `version` has replaced the old entry but not yet committed (it holds the event's lock);
    the write's result. PostgreSQL only (row locks)."""
    import threading
    import time

    from django.db import connection, transaction

    from events.services import registration_submit

    replaced = threading.Event()

    def re_register() -> None:
        try:
            with transaction.atomic():
                registration_submit(event=event, player=player, deck_version=version)
                replaced.set()
                time.sleep(0.5)  # the organiser's write arrives now
        finally:
            connection.close()

    thread = threading.Thread(target=re_register)
    thread.start()
    assert replaced.wait(timeout=10)
    result = organiser_write()
    thread.join(timeout=10)
    return result
