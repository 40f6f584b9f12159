"""The events dashboard and My decks on a 360 px phone (issue 39, item 5): their tables read as
one card a row, so Drop and Mark checked are in reach without a sideways swipe inside the table
(the page-wide check, test_phone_width, cannot see a table scrolling in its own box)."""

from __future__ import annotations

from datetime import date, timedelta

from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import expect

from bench.validate import DECKLIST
from cards.models import Game
from events.services import event_create, registration_submit_text

PHONE_360 = {"width": 360, "height": 780}
SCROLLING_TABLES = """() => [...document.querySelectorAll('.table-wrap')]
  .filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.firstElementChild.id)"""


def test_the_dashboard_and_my_decks_need_no_sideways_swipe(page, sample_cards, shot):
    alice = get_user_model().objects.create_user("alice", password="alice-password-1")
    event = event_create(
        organiser=alice,
        name="Saturday Battledome",
        game=Game.objects.get(slug="neopets"),
        date=date(2026, 12, 5),
        registration_deadline=timezone.now() + timedelta(days=1),
    )
    registration_submit_text(
        event=event, player=alice, text=DECKLIST, name="A rather long deck name for a phone"
    )
    page.set_viewport_size(PHONE_360)
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill("alice")
    page.get_by_label("Password").fill("alice-password-1")
    page.get_by_role("button", name="Log in").click()
    page.goto(f"{event.get_absolute_url()}manage/")
    for button in ("Mark checked", "Drop"):
        target = page.locator("#registrations").get_by_role("button", name=button)
        expect(target).to_be_visible()
        box = target.bounding_box()
        assert box is not None and box["x"] + box["width"] <= PHONE_360["width"], button
    assert page.evaluate(SCROLLING_TABLES) == []
    shot("phone-dashboard")
    page.goto("/decks/mine/")
    expect(page.get_by_role("link", name="A rather long deck name for a phone")).to_be_visible()
    assert page.evaluate(SCROLLING_TABLES) == []
