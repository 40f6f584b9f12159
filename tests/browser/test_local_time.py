"""The "your time" beside an event's deadline (issue 39, item 5): a viewer in another time zone
than the event's sees the deadline in their own. Chromium refuses `dateStyle`/`timeStyle` beside
`timeZoneName` ("Invalid option"), which once threw before anything was shown."""

from __future__ import annotations

import re
from datetime import date, timedelta

from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import expect

from cards.models import Game
from events.services import event_create


def test_a_viewer_elsewhere_sees_the_deadline_in_their_own_time(browser, live_server, sample_cards):
    alice = get_user_model().objects.create_user("alice", password="alice-password-1")
    event = event_create(
        organiser=alice,
        name="Auckland Battledome",
        game=Game.objects.get(slug="neopets"),
        date=date(2026, 12, 5),
        registration_deadline=timezone.now() + timedelta(days=1),
        time_zone="Pacific/Auckland",
    )
    context = browser.new_context(
        base_url=live_server.url, timezone_id="America/Chicago", locale="en-US"
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(event.get_absolute_url())
    your_time = page.locator(".your-time").first
    expect(your_time).to_contain_text(re.compile(r"your time: .*\d:\d\d.*C[SD]T"))
    context.close()
    assert errors == []
