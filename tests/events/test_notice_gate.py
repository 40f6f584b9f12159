"""Nobody can use the service to email someone else (issue 39, item 2): a notice reaches only a
player who joined the event themselves, at a verified address, who has not stopped such mail,
at most one of a kind an hour and DECKWARDEN_NOTICES_PER_DAY from one organiser; every email
links to stop it (RFC 8058). Emails are Django's locmem outbox; tasks run eagerly."""

from __future__ import annotations

from datetime import date, timedelta
from urllib.parse import urlsplit

import pytest
from django.test import Client
from django.utils import timezone

from deckwarden.celery import app
from events import roster
from events.models import Event, NoticeSent
from events.notifications import deadlines_remind
from events.services import (
    event_create,
    registration_drop,
    registration_submit,
    registration_submit_text,
)
from tests.events.conftest import illegal_text
from tests.events.test_notifications import with_email


@pytest.fixture(autouse=True)
def eager_tasks():
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = False


def drop_and_undo(registration, times: int, capture) -> None:
    for _ in range(times):
        with capture(execute=True):
            registration_drop(registration=registration)
        roster.registration_undo_drop(registration=registration)


def test_it_sends_a_paper_list_player_nothing_however_often_they_are_dropped(
    event, alice, bob, neopets_cards, mailoutbox, django_capture_on_commit_callbacks
):
    """The abuse of the issue: an organiser enters a paper list under a public username and
    cycles drop and undo-drop. The player never joined: no email at all."""
    with_email(bob, "bob@example.org")
    with django_capture_on_commit_callbacks(execute=True):
        registration = roster.registration_submit_paper(
            event=event, organiser=alice, player=bob, text=illegal_text(), name="Bob's paper"
        )
    drop_and_undo(registration, 3, django_capture_on_commit_callbacks)
    assert mailoutbox == []


def test_it_sends_one_drop_notice_an_hour_however_often_the_drop_is_cycled(
    event, bob, bob_version, mailoutbox, django_capture_on_commit_callbacks
):
    with_email(bob, "bob@example.org")
    registration = registration_submit(event=event, player=bob, deck_version=bob_version)
    drop_and_undo(registration, 4, django_capture_on_commit_callbacks)
    [mail] = mailoutbox
    assert "dropped" in mail.subject
    # an hour later the same news may be told again
    NoticeSent.objects.update(sent=timezone.now() - timedelta(minutes=61))
    drop_and_undo(registration, 1, django_capture_on_commit_callbacks)
    assert len(mailoutbox) == 2


def test_it_holds_one_organisers_notices_to_the_daily_cap(
    alice, bob, neopets, neopets_cards, settings, mailoutbox, django_capture_on_commit_callbacks
):
    """New events for each round of mail do not escape the cap: it is the organiser's."""
    settings.DECKWARDEN_NOTICES_PER_DAY = 2
    with_email(bob, "bob@example.org")
    for _ in range(3):
        register_illegal(another_event(alice, neopets), bob, django_capture_on_commit_callbacks)
    assert len(mailoutbox) == 2


def another_event(organiser, neopets) -> Event:
    return event_create(
        organiser=organiser,
        name="Sunday Battledome",
        game=neopets,
        date=date(2026, 12, 6),
        registration_deadline=timezone.now() + timedelta(days=1),
    )


def register_illegal(event, player, capture) -> None:
    """The player registers an illegal list of their own: one list.illegal notice."""
    with capture(execute=True):
        registration_submit_text(event=event, player=player, text=illegal_text(), name="Mine")


def test_it_sends_nothing_to_an_unverified_address(
    event, bob, bob_version, mailoutbox, django_capture_on_commit_callbacks
):
    bob.email = "bob@example.org"  # given, never confirmed
    bob.save()
    registration = registration_submit(event=event, player=bob, deck_version=bob_version)
    drop_and_undo(registration, 1, django_capture_on_commit_callbacks)
    assert mailoutbox == []


def test_it_sends_nothing_to_a_changed_address_until_it_is_verified(
    event, bob, bob_version, mailoutbox, django_capture_on_commit_callbacks
):
    with_email(bob, "bob@example.org")
    bob.email = "someone-else@example.org"
    bob.save()
    registration = registration_submit(event=event, player=bob, deck_version=bob_version)
    drop_and_undo(registration, 1, django_capture_on_commit_callbacks)
    assert mailoutbox == []


def test_it_sends_nothing_to_a_player_only_invited_until_they_accept(
    event, bob, mailoutbox, settings, django_capture_on_commit_callbacks
):
    with_email(bob, "bob@example.org")
    roster.roster_invite(event=event, username="bob")
    Event.objects.filter(pk=event.pk).update(
        registration_deadline=timezone.now() + timedelta(hours=20)
    )
    with django_capture_on_commit_callbacks(execute=True):
        deadlines_remind()
    assert mailoutbox == []


def test_every_notice_links_to_stop_mail_and_carries_rfc_8058_headers(
    event, bob, bob_version, mailoutbox, django_capture_on_commit_callbacks
):
    with_email(bob, "bob@example.org")
    registration = registration_submit(event=event, player=bob, deck_version=bob_version)
    drop_and_undo(registration, 1, django_capture_on_commit_callbacks)
    [mail] = mailoutbox
    assert mail.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    header_link = mail.extra_headers["List-Unsubscribe"].strip("<>")
    assert f"Stop all mail from this event's organiser: {header_link}" in mail.body
    assert "Stop all mail about this event: http" in mail.body


def _stop_path(mail, words: str) -> str:
    line = next(line for line in mail.body.splitlines() if line.startswith(words))
    return urlsplit(line.split(": ", 1)[1]).path


def test_the_one_click_post_stops_all_mail_from_the_organiser(
    event, alice, bob, bob_version, neopets, mailoutbox, django_capture_on_commit_callbacks
):
    with_email(bob, "bob@example.org")
    registration = registration_submit(event=event, player=bob, deck_version=bob_version)
    drop_and_undo(registration, 1, django_capture_on_commit_callbacks)
    path = urlsplit(mailoutbox[0].extra_headers["List-Unsubscribe"].strip("<>")).path
    # a mail client's RFC 8058 POST: no session, no CSRF token
    answer = Client(enforce_csrf_checks=True).post(path, {"List-Unsubscribe": "One-Click"})
    assert answer.status_code == 200 and b"no more mail" in answer.content
    NoticeSent.objects.all().delete()  # not the limits: the stop
    register_illegal(another_event(alice, neopets), bob, django_capture_on_commit_callbacks)
    drop_and_undo(registration, 1, django_capture_on_commit_callbacks)
    assert len(mailoutbox) == 1


def test_the_event_link_stops_that_events_mail_only_after_the_button(
    event, alice, bob, bob_version, neopets, mailoutbox, django_capture_on_commit_callbacks
):
    with_email(bob, "bob@example.org")
    registration = registration_submit(event=event, player=bob, deck_version=bob_version)
    drop_and_undo(registration, 1, django_capture_on_commit_callbacks)
    path = _stop_path(mailoutbox[0], "Stop all mail about this event")
    client = Client()
    page = client.get(path)  # opening the link (as a mail scanner does) stops nothing
    assert page.status_code == 200 and b"Stop this mail" in page.content
    NoticeSent.objects.all().delete()
    drop_and_undo(registration, 1, django_capture_on_commit_callbacks)
    assert len(mailoutbox) == 2
    assert client.post(path).status_code == 200
    NoticeSent.objects.all().delete()
    drop_and_undo(registration, 1, django_capture_on_commit_callbacks)
    assert len(mailoutbox) == 2
    # the organiser's other events still reach bob
    register_illegal(another_event(alice, neopets), bob, django_capture_on_commit_callbacks)
    assert len(mailoutbox) == 3


def test_a_stop_link_not_ours_is_a_clear_400(db):
    answer = Client().post("/notices/stop/not-a-token/")
    assert answer.status_code == 400 and b"not one we sent" in answer.content


def test_an_invited_player_accepts_on_the_event_page_and_is_then_told(
    event, bob, mailoutbox, django_capture_on_commit_callbacks
):
    with_email(bob, "bob@example.org")
    roster.roster_invite(event=event, username="bob")
    client = Client()
    client.force_login(bob)
    assert b"Accept the invitation" in client.get(f"/events/{event.token}/").content
    client.post(f"/events/{event.token}/join/")
    assert b"Accept the invitation" not in client.get(f"/events/{event.token}/").content
    Event.objects.filter(pk=event.pk).update(
        registration_deadline=timezone.now() + timedelta(hours=20)
    )
    with django_capture_on_commit_callbacks(execute=True):
        deadlines_remind()
    [mail] = mailoutbox
    assert mail.to == ["bob@example.org"] and "have not registered a list" in mail.body


# The record and the send are one step (issue 39): a notice is recorded first and sent only
# once the record commits, so no crash or rollback sends it twice or loses its record.


def test_a_notice_whose_transaction_rolls_back_is_neither_sent_nor_recorded(
    event, bob, bob_version, mailoutbox, django_capture_on_commit_callbacks
):
    from django.db import transaction

    from events.notifications import email_notice

    with_email(bob, "bob@example.org")
    registration_submit(event=event, player=bob, deck_version=bob_version)
    capture = django_capture_on_commit_callbacks(execute=True)
    with capture, pytest.raises(RuntimeError), transaction.atomic():
        assert email_notice(player=bob, event=event, kind="k", subject="S", body="B")
        assert mailoutbox == []  # not before the record commits
        raise RuntimeError("the write that caused the notice failed")
    assert mailoutbox == [] and not NoticeSent.objects.exists()
    # so the same news may still be told, once
    with django_capture_on_commit_callbacks(execute=True):
        assert email_notice(player=bob, event=event, kind="k", subject="S", body="B")
        assert not email_notice(player=bob, event=event, kind="k", subject="S", body="B")
    assert len(mailoutbox) == 1 and NoticeSent.objects.count() == 1


def test_a_notice_is_recorded_before_it_is_sent_and_a_failed_send_takes_it_back(
    event, bob, bob_version, mailoutbox, settings, django_capture_on_commit_callbacks
):
    from events.notifications import email_notice

    with_email(bob, "bob@example.org")
    registration_submit(event=event, player=bob, deck_version=bob_version)
    settings.EMAIL_BACKEND = "tests.events.test_notice_gate.RecordSeenBackend"
    RecordSeenBackend.fail, RecordSeenBackend.records_at_send = True, []
    # the send runs as the record commits: when the capture ends
    with pytest.raises(OSError), django_capture_on_commit_callbacks(execute=True):
        email_notice(player=bob, event=event, kind="k", subject="S", body="B")
    assert RecordSeenBackend.records_at_send == [1]  # the record was there when it was sent
    assert not NoticeSent.objects.exists()  # a send that failed counts nothing
    RecordSeenBackend.fail = False
    with django_capture_on_commit_callbacks(execute=True):
        assert email_notice(player=bob, event=event, kind="k", subject="S", body="B")
    assert RecordSeenBackend.records_at_send == [1, 1] and NoticeSent.objects.count() == 1


class RecordSeenBackend:
    """An email backend that notes how many NoticeSent rows exist as each email leaves, and
    fails like a mail server that is down when told to."""

    fail = False
    records_at_send: list[int] = []

    def __init__(self, **kwargs):
        pass

    def send_messages(self, messages):
        type(self).records_at_send = [*self.records_at_send, NoticeSent.objects.count()]
        if self.fail:
            raise OSError("mail server down")
        return len(messages)
