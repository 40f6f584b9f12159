"""Players told by email, in a browser (issue 39, items 1 and 2): Dora signs up with an address
and confirms it by the link in the captured mail; the organiser's paper list of hers puts her on
the roster, and she accepts the invitation; Erin joined with no address, and the dashboard says
so; dropping Dora twice within the hour sends her one email, which links to stop the mail."""

from __future__ import annotations

import re
from datetime import date, timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.utils import timezone
from playwright.sync_api import expect

from bench.validate import DECKLIST
from cards.models import Game
from deckwarden.celery import app
from events import roster
from events.services import event_create

PASSWORD = "a long enough password 9"


@pytest.fixture(autouse=True)
def eager_tasks():
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = False


def test_a_player_confirms_an_address_and_is_told_once(page, sample_cards, shot):
    users = get_user_model().objects
    alice = users.create_user("alice", password=PASSWORD)
    page.goto("/accounts/signup/")
    expect(page.get_by_text("Only to tell you about events you join")).to_be_visible()
    page.get_by_label("Username").fill("dora")
    page.get_by_label("Email address").fill("dora@example.org")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password confirmation").fill(PASSWORD)
    page.get_by_role("button", name="Create account").click()
    expect(page.locator("#email-status")).to_contain_text("not confirmed yet")
    [confirm] = mail.outbox
    link = re.search(r"http://\S+/accounts/email/verify/\S+/", confirm.body).group(0)
    page.goto(link)
    expect(page.locator("#verified")).to_contain_text("dora@example.org is confirmed")

    event = event_create(
        organiser=alice,
        name="Saturday Battledome",
        game=Game.objects.get(slug="neopets"),
        date=date(2026, 12, 5),
        registration_deadline=timezone.now() + timedelta(days=1),
    )
    erin = users.create_user("erin", password=PASSWORD)
    for player in (users.get(username="dora"), erin):
        roster.registration_submit_paper(
            event=event, organiser=alice, player=player, text=DECKLIST, name="Paper"
        )
    roster.roster_join(event=event, player=erin)  # joined, but gave no address
    page.goto(event.get_absolute_url())
    page.get_by_role("button", name="Accept the invitation").click()
    expect(page.get_by_role("button", name="Accept the invitation")).to_have_count(0)
    page.get_by_role("button", name="Log out").click()

    page.goto("/accounts/login/")
    page.get_by_label("Username").fill("alice")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.goto(f"{event.get_absolute_url()}manage/")
    expect(page.locator("#not-emailed")).to_contain_text("1 registered player cannot be told")
    dora_row = page.locator("#registrations tr", has_text="dora")
    expect(page.locator("#registrations tr", has_text="erin")).to_contain_text(
        "no confirmed email address"
    )
    expect(dora_row.locator(".not-emailed")).to_have_count(0)
    shot("notices-dashboard")
    for _ in range(2):  # drop, undo, drop again: one email within the hour
        dora_row.get_by_role("button", name="Drop").click()
        page.locator("#registrations tr", has_text="dora").get_by_role(
            "button", name="Undo drop"
        ).click()
    [notice] = [m for m in mail.outbox if "dropped" in m.subject]
    assert notice.to == ["dora@example.org"]
    assert notice.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    stop = re.search(r"Stop all mail about this event: (\S+)", notice.body).group(1)
    page.goto(re.sub(r"^https?://[^/]+", "", stop))
    page.get_by_role("button", name="Stop this mail").click()
    expect(page.locator("#stopped")).to_contain_text("no more mail about the event")
