"""An event end to end in a real browser (issue 9, item 7): Alice organises it, Bob registers
a legal list and Charlie an illegal one, Alice reads the report and downloads the CSV, a change
after the deadline is refused, and published lists become visible to the other player."""

from __future__ import annotations

import csv
import io
from datetime import timedelta
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import expect

from bench.validate import DECKLIST
from cards.models import Game
from events.models import Event

LEGAL = DECKLIST  # 50 Main Deck cards of the sample set, legal with no warnings
ILLEGAL = DECKLIST.replace("8 Mau Codestone", "7 Mau Codestone")  # 49 cards (CR 8.3.1)


@pytest.fixture
def players(transactional_db) -> None:
    for name in ("alice", "bob", "charlie"):
        get_user_model().objects.create_user(name, password=f"{name}-password-1")


def log_in(page, name: str) -> None:
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(name)
    page.get_by_label("Password").fill(f"{name}-password-1")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("button", name="Log out")).to_be_visible()


def log_out(page) -> None:
    page.get_by_role("button", name="Log out").click()


def register_pasted(page, event_url: str, text: str) -> None:
    page.goto(event_url)
    page.get_by_label("Or paste a decklist").fill(text)
    page.get_by_role("button", name="Register this list").click()


def test_an_event_end_to_end(page, sample_cards, players, shot):
    log_in(page, "alice")
    page.goto("/events/new/")
    page.get_by_label("Name", exact=True).fill("Saturday Battledome")
    page.get_by_label("Game").select_option(label=Game.objects.get(slug="neopets").name)
    page.get_by_label("Date").fill("2026-12-05")
    deadline = timezone.now() + timedelta(hours=2)
    page.get_by_label("Registration deadline").fill(deadline.strftime("%Y-%m-%dT%H:%M"))
    shot("events-new")
    page.get_by_role("button", name="Create event").click()
    expect(page.get_by_role("heading", name="Saturday Battledome")).to_be_visible()
    event = Event.objects.get()
    event_url = event.get_absolute_url()
    log_out(page)

    log_in(page, "bob")
    register_pasted(page, event_url, LEGAL)
    expect(page.locator("#my-registration")).to_contain_text("Legal")
    log_out(page)

    log_in(page, "charlie")
    register_pasted(page, event_url, ILLEGAL)
    expect(page.locator("#my-registration")).to_contain_text("Illegal")
    expect(page.locator("#my-registration")).to_contain_text("8.3.1")
    shot("events-player")
    log_out(page)

    log_in(page, "alice")
    page.goto(f"/events/{event.token}/manage/")
    rows = page.locator("#registrations tbody tr")
    expect(rows.first).to_contain_text("charlie")
    expect(rows.first).to_contain_text("8.3.1")
    expect(page.locator("#counts")).to_contain_text("1 illegal")
    shot("events-dashboard")
    with page.expect_download() as download:
        page.get_by_role("link", name="Report CSV").click()
    report = list(csv.DictReader(io.StringIO(Path(download.value.path()).read_text())))
    assert [(r["player"], r["legal"]) for r in report] == [("charlie", "False"), ("bob", "True")]
    page.goto(f"/events/{event.token}/sheets/")
    shot("events-sheets")
    page.emulate_media(media="print")
    expect(page.locator(".site-header")).to_be_hidden()
    shot("events-sheets-print")
    page.emulate_media(media="screen")
    log_out(page)

    log_in(page, "charlie")
    page.goto(event_url)  # the form is shown while registration is open...
    page.get_by_label("Or paste a decklist").fill(LEGAL)
    Event.objects.filter(pk=event.pk).update(  # ...and the deadline passes before sending it
        registration_deadline=timezone.now() - timedelta(seconds=1)
    )
    page.get_by_role("button", name="Register this list").click()
    expect(page.get_by_role("alert")).to_contain_text("Registration has closed")
    shot("events-closed")
    log_out(page)

    log_in(page, "bob")
    page.goto(event_url)
    expect(page.locator("#published-lists")).to_have_count(0)
    log_out(page)
    log_in(page, "alice")
    page.goto(f"/events/{event.token}/manage/")
    page.get_by_role("button", name="Publish decklists").click()
    expect(page.get_by_role("button", name="Unpublish decklists")).to_be_visible()
    page.goto(f"/events/{event.token}/metagame/")
    shot("events-metagame")
    log_out(page)

    log_in(page, "bob")
    page.goto(event_url)
    page.locator("#published-lists").get_by_role("link", name="charlie").click()
    expect(page.locator("#decklist")).to_contain_text("7 Mau Codestone")
    shot("events-published-list")
