"""Players hear when their list is illegal, when they are dropped, when the deadline is a day
away, and when a deck check records or changes a penalty (never the judges' notes), by email;
the organiser's webhook hears the same (issue 17, item 12). Email goes through Django's backend
(locmem in tests); the webhook is a JSON POST from a Celery task after commit, with a timeout,
here to an HTTP server on loopback."""

from __future__ import annotations

import json
import re
import threading
import time
from datetime import timedelta
from http.server import BaseHTTPRequestHandler, HTTPServer

import pytest
from django.conf import settings
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from deckwarden.celery import app
from events import roster
from events.models import Event, VerifiedEmail
from events.notifications import webhook_post
from events.services import registration_drop, registration_submit
from events.tasks import remind_deadlines


@pytest.fixture(autouse=True)
def eager_tasks():
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = False


@pytest.fixture
def hook(settings):
    """A webhook receiver on loopback: the JSON bodies it was sent."""
    settings.DECKWARDEN_WEBHOOK_ALLOW_PRIVATE = True
    received: list[dict] = []

    class Receiver(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers["Content-Length"])
            received.append(json.loads(self.rfile.read(length)))
            if self.path == "/slow":
                time.sleep(2)
            self.send_response(204)
            self.end_headers()

        def log_message(self, *args) -> None:
            pass

    server = HTTPServer(("127.0.0.1", 0), Receiver)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}", received
    server.shutdown()
    server.server_close()


def with_email(user, address: str):
    """The user with a confirmed address (events.email_addresses): only such are emailed."""
    user.email = address
    user.save()
    VerifiedEmail.objects.update_or_create(user=user, defaults={"email": address})
    return user


def test_a_player_registering_an_illegal_list_is_told_why_and_the_webhook_hears(
    event, charlie, charlie_version, mailoutbox, hook, django_capture_on_commit_callbacks
):
    url, received = hook
    Event.objects.filter(pk=event.pk).update(webhook_url=f"{url}/deckwarden")
    event.refresh_from_db()
    with_email(charlie, "charlie@example.org")
    with django_capture_on_commit_callbacks(execute=True):
        registration_submit(event=event, player=charlie, deck_version=charlie_version)
    [mail] = mailoutbox
    assert mail.to == ["charlie@example.org"] and "illegal" in mail.subject
    assert "main.size (8.3.1)" in mail.body
    [payload] = received
    assert (payload["kind"], payload["player"], payload["legal"]) == (
        "list.illegal",
        "charlie",
        False,
    )
    assert payload["error_codes"] == ["main.size"]


def test_a_legal_list_sends_nothing(
    event, bob, bob_version, mailoutbox, django_capture_on_commit_callbacks
):
    with_email(bob, "bob@example.org")
    with django_capture_on_commit_callbacks(execute=True):
        registration_submit(event=event, player=bob, deck_version=bob_version)
    assert mailoutbox == []


def test_a_dropped_player_is_told(
    event, bob, bob_version, mailoutbox, django_capture_on_commit_callbacks
):
    with_email(bob, "bob@example.org")
    registration = registration_submit(event=event, player=bob, deck_version=bob_version)
    with django_capture_on_commit_callbacks(execute=True):
        registration_drop(registration=registration)
    assert [m.subject for m in mailoutbox] == ["Saturday Battledome: you were dropped"]


def test_players_hear_once_when_the_deadline_is_a_day_away(
    event, bob, bob_version, charlie, mailoutbox, django_capture_on_commit_callbacks
):
    with_email(bob, "bob@example.org")
    with_email(charlie, "charlie@example.org")
    registration_submit(event=event, player=bob, deck_version=bob_version)
    roster.roster_invite(event=event, username="charlie")  # invited, no list yet
    roster.roster_join(event=event, player=charlie)  # and accepted the invitation
    Event.objects.filter(pk=event.pk).update(
        registration_deadline=timezone.now() + timedelta(hours=20)
    )
    with django_capture_on_commit_callbacks(execute=True):
        assert remind_deadlines() == 1
    mails = {m.to[0]: m.body for m in mailoutbox}
    assert "Your list Bob's Kau is legal" in mails["bob@example.org"]
    assert "have not registered a list" in mails["charlie@example.org"]
    with django_capture_on_commit_callbacks(execute=True):
        assert remind_deadlines() == 0  # once per event
    assert len(mailoutbox) == 2


def test_an_event_two_days_away_is_not_reminded_yet(event):
    Event.objects.filter(pk=event.pk).update(
        registration_deadline=timezone.now() + timedelta(days=2)
    )
    assert remind_deadlines() == 0


def test_a_slow_webhook_times_out_and_the_write_stands(
    settings, event, charlie, charlie_version, hook, django_capture_on_commit_callbacks
):
    url, received = hook
    settings.DECKWARDEN_WEBHOOK_TIMEOUT = 0.3
    Event.objects.filter(pk=event.pk).update(webhook_url=f"{url}/slow")
    event.refresh_from_db()
    started = time.monotonic()
    with django_capture_on_commit_callbacks(execute=True):
        registration = registration_submit(
            event=event, player=charlie, deck_version=charlie_version
        )
    assert time.monotonic() - started < 1.5
    assert registration.pk and received  # sent, gave up waiting, registration kept


def test_a_webhook_may_not_point_into_the_services_own_network(settings):
    settings.DECKWARDEN_WEBHOOK_ALLOW_PRIVATE = False
    for url in ("http://127.0.0.1:9/x", "http://10.0.0.1/x", "http://169.254.169.254/latest"):
        with pytest.raises(ValueError, match="private"):
            webhook_post(url, {})
    with pytest.raises(ValueError, match="http"):
        webhook_post("file:///etc/passwd", {})


@pytest.fixture
def judged_bob(event, bob, bob_version, charlie):
    """Bob's list locked in Alice's event, Charlie her judge, Bob with an address."""
    from events.deck_checks import judge_add

    with_email(bob, "bob@example.org")
    judge_add(event=event, username="charlie")
    return registration_submit(event=event, player=bob, deck_version=bob_version)


def _check(event, judge, django_capture_on_commit_callbacks, **body):
    client = APIClient()
    client.force_authenticate(judge)
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(
            f"/api/v1/events/{event.token}/deck-checks/",
            {"player": "bob", "matches": True, **body},
            format="json",
        )
    assert answer.status_code == 201
    return answer.json()


def _correct(event, judge, check_id, django_capture_on_commit_callbacks, **body):
    client = APIClient()
    client.force_authenticate(judge)
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.patch(
            f"/api/v1/events/{event.token}/deck-checks/{check_id}/", body, format="json"
        )
    assert answer.status_code == 200


def test_a_player_hears_of_a_penalty_and_never_of_the_judges_notes(
    event, judged_bob, charlie, mailoutbox, hook, django_capture_on_commit_callbacks
):
    url, received = hook
    Event.objects.filter(pk=event.pk).update(webhook_url=f"{url}/deckwarden")
    _check(
        event, charlie, django_capture_on_commit_callbacks,
        penalty="game_loss", infraction="marked_cards", notes="Marked sleeves, watch him",
    )  # fmt: skip
    [mail] = mailoutbox
    assert mail.to == ["bob@example.org"] and "penalty" in mail.subject
    assert "game loss (marked cards)" in mail.body and "sleeves" not in mail.body
    [payload] = received
    assert (payload["kind"], payload["player"]) == ("check.penalty", "bob")
    assert (payload["penalty_kind"], payload["infraction"]) == ("game_loss", "marked_cards")
    assert "game loss" in payload["message"] and "sleeves" not in json.dumps(payload)


def test_a_check_without_a_penalty_tells_nobody(
    event, judged_bob, charlie, mailoutbox, django_capture_on_commit_callbacks
):
    _check(event, charlie, django_capture_on_commit_callbacks, notes="Fine")
    assert mailoutbox == []


def test_a_corrected_penalty_is_told_and_a_corrected_note_is_not(
    event, judged_bob, charlie, alice, mailoutbox, django_capture_on_commit_callbacks
):
    check = _check(
        event, charlie, django_capture_on_commit_callbacks,
        penalty="warning", infraction="slow_play",
    )  # fmt: skip
    _correct(event, alice, check["id"], django_capture_on_commit_callbacks, notes="Table 9")
    assert len(mailoutbox) == 1  # the notes changed: nothing to tell
    _correct(event, alice, check["id"], django_capture_on_commit_callbacks, penalty="game_loss")
    assert "game loss (slow play)" in mailoutbox[-1].body and "Table 9" not in mailoutbox[-1].body
    _correct(event, alice, check["id"], django_capture_on_commit_callbacks, penalty="")
    assert "withdrawn" in mailoutbox[-1].subject
    assert len(mailoutbox) == 3


def test_a_penalty_recorded_on_the_site_is_told(
    event, judged_bob, charlie, mailoutbox, django_capture_on_commit_callbacks
):
    client = Client()
    client.force_login(charlie)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(
            f"/events/{event.token}/checks/",
            {
                "registration": judged_bob.pk,
                "deck_matches": "on",
                "penalty": "warning",
                "infraction": "procedural",
            },
        )
    [mail] = mailoutbox
    assert "warning (procedural error)" in mail.body


def test_a_changed_penalty_reads_as_a_change_not_a_second_penalty(
    event, judged_bob, charlie, alice, mailoutbox, hook, django_capture_on_commit_callbacks
):
    url, received = hook
    Event.objects.filter(pk=event.pk).update(webhook_url=f"{url}/deckwarden")
    check = _check(
        event, charlie, django_capture_on_commit_callbacks,
        penalty="game_loss", infraction="decklist", notes="Sleeves",
    )  # fmt: skip
    game_loss, warning = "game loss (deck or decklist problem)", "warning (slow play)"
    assert f"recorded a penalty: {game_loss}" in mailoutbox[-1].body
    _correct(
        event, alice, check["id"], django_capture_on_commit_callbacks,
        penalty="warning", infraction="slow_play",
    )  # fmt: skip
    mail = mailoutbox[-1]
    assert "changed" in mail.subject
    assert "your deck check" in mail.body and f"changed from {game_loss} to {warning}" in mail.body
    assert "recorded a penalty" not in mail.body and "Sleeves" not in mail.body
    payload = received[-1]
    assert payload["kind"] == "check.penalty"
    assert (payload["previous_penalty"], payload["penalty"]) == (game_loss, warning)
    assert f"changed from {game_loss} to {warning}" in payload["message"]
    assert "Sleeves" not in json.dumps(payload)


ORGANISERS_NAME = "<b>Free packs</b> at http://evil.example/claim or www.evil.example"


def test_the_organisers_words_are_escaped_linkless_and_alone_in_the_subject(
    event, charlie, charlie_version, mailoutbox, hook, django_capture_on_commit_callbacks
):
    """Issue 43, item 4: the mail goes out under the service's name, so what the organiser
    wrote (here the event's name) is escaped in the HTML part, carries no link in any part, and
    the subject holds the event's name and the service's words alone (not the list's name)."""
    url, received = hook
    Event.objects.filter(pk=event.pk).update(webhook_url=f"{url}/deckwarden", name=ORGANISERS_NAME)
    with_email(charlie, "charlie@example.org")
    with django_capture_on_commit_callbacks(execute=True):
        registration_submit(event=event, player=charlie, deck_version=charlie_version)
    [mail] = mailoutbox
    [(html, media)] = mail.alternatives
    assert media == "text/html"
    assert "&lt;b&gt;Free packs&lt;/b&gt;" in html and "<b>" not in html
    assert (
        mail.subject
        == "<b>Free packs</b> at [link removed] or [link removed]: your list is illegal"
    )
    stop_links = f"{settings.DECKWARDEN_SITE_URL}/notices/stop/"
    for text in (mail.subject, mail.body, html, received[0]["message"]):
        assert "evil.example" not in text
        # the only links are the service's own that stop the mail (issue 39, item 2)
        assert all(link.startswith(stop_links) for link in re.findall(r"https?://\S+", text))
    assert stop_links in html and stop_links in mail.body
    assert "main.size (8.3.1)" in mail.body  # the service's own words are untouched


def test_a_penalty_is_the_lists_words_so_no_judge_can_mail_a_link_in_one(
    event, judged_bob, charlie, mailoutbox, django_capture_on_commit_callbacks
):
    client = APIClient()
    client.force_authenticate(charlie)
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(
            f"/api/v1/events/{event.token}/deck-checks/",
            {"player": "bob", "matches": True, "penalty": "Appeal at https://evil.example/"},
            format="json",
        )
    assert (answer.status_code, list(answer.json()["fields"])) == (400, ["penalty"])
    assert mailoutbox == []
