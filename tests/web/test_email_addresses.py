"""A user's email address (issue 39, item 1): optional at sign-up, added or changed on the
account page, confirmed by a signed link before any notice is sent to it; a link that is not
ours, expired or for an address changed since is a clear 400 page; the organiser's dashboard says
whom no notice reaches."""

from __future__ import annotations

import re
import time
from datetime import date, timedelta
from unittest import mock

from django.contrib.auth import get_user_model
from django.utils import timezone

from cards.models import Game
from events.email_addresses import email_verified
from events.roster import registration_submit_paper
from events.services import event_create
from tests.events.conftest import illegal_text
from tests.validation.conftest import neopets_cards  # noqa: F401 (a fixture)

PASSWORD = "a long enough password 9"
LINK = re.compile(r"http://testserver(/accounts/email/verify/\S+/)")


def signup(client, username: str, email: str = ""):
    data = {"username": username, "email": email, "password1": PASSWORD, "password2": PASSWORD}
    return client.post("/accounts/signup/", data)


def link_in(mail) -> str:
    return LINK.search(mail.body).group(1)


def test_it_signs_up_with_an_email_and_confirms_it_by_the_emailed_link(client, db, mailoutbox):
    assert "tell you about events you join" in client.get("/accounts/signup/").content.decode()
    assert signup(client, "dora", "dora@example.org").status_code == 302
    dora = get_user_model().objects.get(username="dora")
    assert email_verified(user=dora) is None  # given, not yet confirmed
    [mail] = mailoutbox
    assert mail.to == ["dora@example.org"]
    assert "not confirmed yet" in client.get("/accounts/").content.decode()
    page = client.get(link_in(mail))
    assert page.status_code == 200 and "dora@example.org is confirmed" in page.content.decode()
    assert email_verified(user=dora) == "dora@example.org"
    assert "dora@example.org is confirmed" in client.get("/accounts/").content.decode()


def test_it_signs_up_without_an_email_and_sends_nothing(client, db, mailoutbox):
    assert signup(client, "dora").status_code == 302
    assert mailoutbox == []
    assert "No address" in client.get("/accounts/").content.decode()


def test_a_changed_address_is_unconfirmed_until_its_own_link_is_followed(client, db, mailoutbox):
    signup(client, "dora", "dora@example.org")
    old_link = link_in(mailoutbox[0])
    client.get(old_link)
    answer = client.post("/accounts/email/", {"email": "dora@elsewhere.example"})
    assert answer.status_code == 302
    dora = get_user_model().objects.get(username="dora")
    assert email_verified(user=dora) is None
    assert mailoutbox[-1].to == ["dora@elsewhere.example"]
    stale = client.get(old_link)  # the link for the old address confirms nothing now
    assert stale.status_code == 400 and "no longer has" in stale.content.decode()
    client.get(link_in(mailoutbox[-1]))
    assert email_verified(user=dora) == "dora@elsewhere.example"


def test_it_refuses_a_malformed_address_naming_the_field(client, db):
    signup(client, "dora")
    answer = client.post("/accounts/email/", {"email": "not an address"})
    assert answer.status_code == 400
    assert "email" in answer.context["email_form"].errors


def test_a_link_not_ours_is_a_clear_400_page(client, db):
    answer = client.get("/accounts/email/verify/dora-made-this-up/")
    assert answer.status_code == 400 and "not one we sent" in answer.content.decode()


def test_an_expired_link_is_a_clear_400_page(client, db, settings, mailoutbox):
    settings.DECKWARDEN_EMAIL_VERIFY_DAYS = 1
    two_days_ago = time.time() - 2 * 24 * 3600
    with mock.patch("django.core.signing.time.time", return_value=two_days_ago):
        signup(client, "dora", "dora@example.org")
    answer = client.get(link_in(mailoutbox[0]))
    assert answer.status_code == 400 and "expired" in answer.content.decode()
    dora = get_user_model().objects.get(username="dora")
    assert email_verified(user=dora) is None


def test_the_dashboard_says_whom_no_notice_reaches(
    client,
    alice,
    bob,
    neopets_cards,  # noqa: F811
):
    event = event_create(
        organiser=alice,
        name="Saturday Battledome",
        game=Game.objects.get(slug="neopets"),
        date=date(2026, 12, 5),
        registration_deadline=timezone.now() + timedelta(days=1),
    )
    registration_submit_paper(
        event=event, organiser=alice, player=bob, text=illegal_text(), name="Bob's paper"
    )
    client.force_login(alice)
    page = client.get(f"/events/{event.token}/manage/").content.decode()
    assert "1 registered player cannot be told" in page
    assert "did not join the event themselves" in page


def test_a_mail_server_that_is_down_is_said_not_a_500(client, db, mailoutbox):
    with mock.patch(
        "events.email_addresses.send_mail", side_effect=ConnectionRefusedError("no server")
    ):
        answer = signup(client, "dora", "dora@example.org")
    assert answer.status_code == 302  # the account is made
    page = client.get("/accounts/").content.decode()
    assert "could not send a link" in page and "Send the link again" in page
    client.post("/accounts/email/", {"resend": "1"})  # the server is back
    assert mailoutbox[-1].to == ["dora@example.org"]
