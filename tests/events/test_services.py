"""events.services: locked registrations, history, and the deadline guarded in the write."""

from __future__ import annotations

import threading
import time
from datetime import timedelta

import pytest
from django.db import connection, transaction
from django.utils import timezone

from decks.services import DecklistUnreadable
from decks.snapshots import list_hash
from events.models import Event, Registration
from events.services import (
    RegistrationClosed,
    RegistrationRefused,
    registration_drop,
    registration_submit,
    registration_submit_text,
)
from tests.rulebook.core.factories import legal_entries

from .conftest import close, illegal_text, make_version


def test_it_locks_the_version_its_hash_and_its_report(event, bob, bob_version):
    registration = registration_submit(event=event, player=bob, deck_version=bob_version)
    assert registration.deck_version == bob_version
    assert registration.content_hash == list_hash(bob_version.snapshot)
    assert registration.legal is True
    assert registration.report["counts"] == {"main": 50, "neopets": 3, "rainbow_pool": 2}


def test_it_records_an_illegal_lists_errors_with_their_rules(event, charlie, charlie_version):
    registration = registration_submit(event=event, player=charlie, deck_version=charlie_version)
    assert registration.legal is False
    assert [(e["code"], e["rule"]) for e in registration.report["errors"]] == [
        ("main.size", "8.3.1")
    ]


def test_registering_again_replaces_the_entry_and_keeps_the_history(event, bob, bob_version):
    first = registration_submit(event=event, player=bob, deck_version=bob_version)
    other = make_version(bob, legal_entries(), "Bob's second")
    second = registration_submit(event=event, player=bob, deck_version=other)
    first.refresh_from_db()
    assert first.replaced is not None and second.replaced is None
    current = Registration.objects.filter(event=event, replaced__isnull=True)
    assert list(current) == [second]
    assert Registration.objects.filter(event=event, player=bob).count() == 2


def test_a_pasted_list_becomes_a_deck_of_the_players(event, charlie, neopets_cards):
    registration = registration_submit_text(
        event=event, player=charlie, text=illegal_text(), name="Pasted"
    )
    assert registration.deck_version.deck.owner == charlie
    assert registration.deck_version.deck.name == "Pasted"
    assert registration.legal is False


def test_an_unreadable_pasted_list_stores_nothing(event, charlie, neopets_cards):
    with pytest.raises(DecklistUnreadable):
        registration_submit_text(event=event, player=charlie, text="two Hot Dog", name="x")
    assert not charlie.decks.exists()


def test_after_the_deadline_a_registration_is_refused(event, bob, bob_version):
    close(event)
    event.refresh_from_db()
    with pytest.raises(RegistrationClosed):
        registration_submit(event=event, player=bob, deck_version=bob_version)
    assert not Registration.objects.exists()


def test_the_deadline_is_checked_in_the_write_not_on_the_callers_copy(event, bob, bob_version):
    """The caller read the event while it was open; the deadline passed before the write."""
    registration_submit(event=event, player=bob, deck_version=bob_version)
    close(event)  # `event` in memory still says open
    with pytest.raises(RegistrationClosed):
        registration_submit(event=event, player=bob, deck_version=bob_version)
    assert Registration.objects.get().replaced is None  # the old entry stands


def test_a_pasted_list_after_the_deadline_stores_no_deck(event, charlie, neopets_cards):
    close(event)
    with pytest.raises(RegistrationClosed):
        registration_submit_text(event=event, player=charlie, text=illegal_text(), name="x")
    assert not charlie.decks.exists()


def test_a_player_registers_only_their_own_deck(event, charlie, bob_version):
    with pytest.raises(RegistrationRefused) as refused:
        registration_submit(event=event, player=charlie, deck_version=bob_version)
    assert refused.value.field == "deck"


def test_a_dropped_player_cannot_register_again(event, bob, bob_version):
    registration_drop(
        registration=registration_submit(event=event, player=bob, deck_version=bob_version)
    )
    with pytest.raises(RegistrationRefused):
        registration_submit(event=event, player=bob, deck_version=bob_version)


def test_the_organiser_drops_a_player_after_the_deadline(event, bob, bob_version):
    registration = registration_submit(event=event, player=bob, deck_version=bob_version)
    close(event)
    assert registration_drop(registration=registration).dropped is not None


def test_the_report_reads_the_lists_in_force_on_the_event_date(event, bob, bob_version):
    """A ban effective after the event date does not touch the event's registrations."""
    from rules.models import Format, FormatListEntry

    fmt = Format.objects.get(game=event.game, slug="standard")
    card = bob_version.deck.entries.first().card
    FormatListEntry.objects.create(
        format=fmt, card=card, status="banned", effective=event.date + timedelta(days=1)
    )
    assert registration_submit(event=event, player=bob, deck_version=bob_version).legal
    FormatListEntry.objects.create(format=fmt, card=card, status="banned", effective=event.date)
    registration = registration_submit(event=event, player=bob, deck_version=bob_version)
    assert [e["code"] for e in registration.report["errors"]] == ["card.banned"]


@pytest.mark.django_db(transaction=True)
def test_a_registration_racing_the_deadline_is_refused_on_postgresql(event, bob, bob_version):
    """Another transaction holds the event's row lock until after the deadline; the racing
    registration started before the deadline but its write comes after, so it is refused."""
    if connection.vendor != "postgresql":
        pytest.skip("SQLite has one writer at a time; the race needs PostgreSQL row locks")
    Event.objects.filter(pk=event.pk).update(
        registration_deadline=timezone.now() + timedelta(seconds=1)
    )
    event.refresh_from_db()
    locked = threading.Event()

    def hold_the_lock() -> None:
        try:
            with transaction.atomic():
                Event.objects.select_for_update().get(pk=event.pk)
                locked.set()
                time.sleep(1.5)  # past the deadline
        finally:
            connection.close()

    holder = threading.Thread(target=hold_the_lock)
    holder.start()
    assert locked.wait(timeout=10)
    assert timezone.now() < event.registration_deadline  # the request arrives in time...
    with pytest.raises(RegistrationClosed):  # ...but its write comes after the deadline
        registration_submit(event=event, player=bob, deck_version=bob_version)
    holder.join(timeout=10)
    assert not Registration.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_two_racing_registrations_of_one_player_leave_one_current_entry(event, bob, bob_version):
    if connection.vendor != "postgresql":
        pytest.skip("SQLite has one writer at a time; the race needs PostgreSQL row locks")
    other = make_version(bob, legal_entries(), "Bob's second")
    start = threading.Barrier(2, timeout=10)
    failures: list[BaseException] = []

    def register(version) -> None:
        try:
            start.wait()
            registration_submit(event=event, player=bob, deck_version=version)
        except BaseException as exc:
            failures.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=register, args=(v,)) for v in (bob_version, other)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert failures == []
    assert Registration.objects.filter(player=bob).count() == 2
    assert Registration.objects.filter(player=bob, replaced__isnull=True).count() == 1
