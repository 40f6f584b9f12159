"""An event end to end in a real browser (issue 9, item 7): Alice organises it, Bob registers
a legal list and Charlie an illegal one, Alice reads the report and downloads the CSV, a change
after the deadline is refused, and published lists become visible to the other player."""

from __future__ import annotations

import csv
import io
import re
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
    text = Path(download.value.path()).read_text(encoding="utf-8-sig")  # Excel's BOM first
    report = list(csv.DictReader(io.StringIO(text)))
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


def fifty_card_registration(event: Event, username: str) -> None:
    """A locked 50-card list of 50 different cards (the longest sheet a Main Deck gives), with
    Neopets and a Rainbow Pool too; the sheet reads the locked snapshot only."""
    from decks.models import Deck, DeckVersion
    from events.models import Registration

    player = get_user_model().objects.get(username=username)
    main = [
        {"key": f"card-{n}", "name": f"A Long Card Name Number {n}", "quantity": 1}
        for n in range(50)
    ]
    snapshot = {
        "name": f"{username}'s fifty",
        "format": None,
        "sections": {
            "main": main,
            "neopets": [
                {"key": f"pet-{n}", "name": f"Neopet {n}", "quantity": 1} for n in range(3)
            ],
            "rainbow_pool": [
                {"key": f"pool-{n}", "name": f"Pool {n}", "quantity": 1} for n in range(3)
            ],
        },
    }
    deck = Deck.objects.create(owner=player, game=event.game, name=snapshot["name"])
    version = DeckVersion.objects.create(
        deck=deck, number=1, content_hash="x" * 64, snapshot=snapshot
    )
    report = {"legal": True, "errors": [], "warnings": [], "counts": {"main": 50}}
    Registration.objects.create(
        event=event,
        player=player,
        deck_version=version,
        content_hash="x" * 64,
        legal=True,
        report=report,
    )


def pdf_pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


def test_the_organisers_pages_and_sheets_that_fit_a4_and_letter(page, sample_cards, players, shot):
    """Issue 17, items 9-11 and 14: the dashboard with its roster and review, the settings and
    paper-list pages, at desktop and phone widths; each printed sheet is one page."""
    alice = get_user_model().objects.get(username="alice")
    event = Event.objects.create(
        organiser=alice,
        name="Saturday Battledome",
        game=Game.objects.get(slug="neopets"),
        date=(timezone.now() + timedelta(days=3)).date(),
        registration_deadline=timezone.now() + timedelta(days=2),
        time_zone="Europe/London",
    )
    for name in ("bob", "charlie"):
        fifty_card_registration(event, name)
    log_in(page, "alice")
    page.goto(f"/events/{event.token}/manage/")
    page.get_by_label("Invite by username").fill("dave-not-here")
    page.get_by_role("button", name="Invite").click()
    expect(page.get_by_role("alert").or_(page.locator(".messages"))).to_contain_text("Nobody here")
    page.locator("#registrations tbody tr").first.get_by_role("button", name="Mark checked").click()
    expect(page.locator("#registrations")).to_contain_text("✓ Checked")
    expect(page.locator("#roster")).to_contain_text("bob")
    shot("events-organiser-dashboard")
    shot("events-organiser-dashboard", phone=True)
    page.goto(f"/events/{event.token}/edit/")
    expect(page.get_by_label("Time zone")).to_have_value("Europe/London")
    shot("events-settings")
    shot("events-settings", phone=True)
    page.goto(f"/events/{event.token}/paper/")
    shot("events-paper-list")
    shot("events-paper-list", phone=True)
    page.goto(f"/events/{event.token}/archetypes/")
    expect(page.locator("#clusters")).to_contain_text("2 lists")
    page.locator("#clusters").get_by_label("Archetype").fill("Long Names")
    page.locator("#clusters").get_by_role("button", name="Name this cluster").click()
    expect(page.locator("#archetype-results")).to_contain_text("Long Names")
    shot("events-archetypes")
    shot("events-archetypes", phone=True)
    page.goto(f"/events/{event.token}/sheets/")
    page.emulate_media(media="print")
    for paper in ("A4", "Letter"):
        assert pdf_pages(page.pdf(format=paper)) == 2, paper  # one page a player
    page.emulate_media(media="screen")
    shot("events-sheets-fifty")


def test_a_judge_finds_the_log_and_corrects_a_check_to_matched(page, sample_cards, players):
    """Charlie judges Alice's event: from the event page to the log, then Correct; ticking
    "matches" with the prefilled list left alone (sent by the browser with CRLF line ends)
    says the deck matched, and the history reads in cards and words."""
    from events.deck_checks import deck_check_record, judge_add
    from events.services import registration_submit_text

    event = Event.objects.create(
        organiser=get_user_model().objects.get(username="alice"),
        name="Saturday Battledome",
        game=Game.objects.get(slug="neopets"),
        date=(timezone.now() + timedelta(days=3)).date(),
        registration_deadline=timezone.now() + timedelta(days=2),
    )
    bob = get_user_model().objects.get(username="bob")
    registration = registration_submit_text(event=event, player=bob, text=LEGAL, name="Bob's")
    judge = judge_add(event=event, username="charlie").judge
    deck_check_record(
        registration=registration,
        judge=judge,
        text=ILLEGAL,
        penalty="warning",
        infraction="decklist",
    )
    log_in(page, "charlie")
    page.goto("/events/")
    expect(page.get_by_role("link", name="judge")).to_be_visible()
    page.goto(event.get_absolute_url())
    page.get_by_role("link", name="Deck checks").click()
    page.locator("#checks").get_by_role("link", name="Correct").click()
    presented = page.get_by_label("Or the deck as presented")
    expect(presented).to_have_value(re.compile("7 Mau Codestone"))
    page.get_by_label("The deck matches the locked list").check()
    page.get_by_role("button", name="Save the correction").click()
    expect(page.locator(".messages")).to_contain_text("corrected")
    edits = page.locator("#edits")
    expect(edits).to_contain_text("Mau Codestone 7 → 8")
    expect(edits).to_contain_text("matched the locked list: no → yes")
    expect(edits).not_to_contain_text("presented")
