"""Swiss rounds in a real browser (issue 39, item 3): the organiser pairs, publishes and
enters results for three Swiss rounds of nine checked-in players (a bye each round) with a
drop, then a top cut of 4; a player reads the pairings with the clock and the standings on a
360 px phone without swiping sideways."""

from __future__ import annotations

from datetime import date, timedelta

from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import expect

from bench.validate import DECKLIST
from cards.models import Game
from decks.selectors import deck_version_latest
from decks.services import deck_import
from events.models import Match
from events.roster import roster_check_in
from events.services import (
    event_create,
    registration_drop,
    registration_judge,
    registration_lock_in,
)
from tests.browser.conftest import PHONE
from tests.browser.test_events import log_in


def nine_players(alice):
    game = Game.objects.get(slug="neopets")
    event = event_create(
        organiser=alice,
        name="Battledome Open",
        game=game,
        date=date(2026, 12, 5),
        registration_deadline=timezone.now() + timedelta(days=1),
    )
    deck = deck_import(owner=alice, game=game, name="House deck", text=DECKLIST)
    version = deck_version_latest(deck=deck, viewer=alice)
    report = registration_judge(event=event, deck_version=version)
    entries = []
    for n in range(9):
        player = get_user_model().objects.create_user(
            f"player{n}", password=f"player{n}-password-1"
        )
        entries.append(
            registration_lock_in(
                event=event, player=player, deck_version=version, report=report, entered_by=alice
            )
        )
        roster_check_in(event=event, player=player, present=True)
    return event, entries


def enter_every_result(page, number: int) -> None:
    """The organiser enters 2-1 for the first-listed player at every table of the round."""
    tables = Match.objects.filter(round__number=number, opponent__isnull=False)
    for table in tables.values_list("table", flat=True):
        page.locator(f"#result-{number}-{table}").select_option("2-1")
        page.locator(f"#result-{number}-{table} + button").click()
        expect(page.locator(".messages")).to_contain_text(f"Table {table}'s result is final")
    assert not Match.objects.filter(round__number=number, player_wins__isnull=True).exists()


def test_three_swiss_rounds_a_drop_and_a_top_cut_in_the_browser(page, sample_cards, shot, fits):
    alice = get_user_model().objects.create_user("alice", password="alice-password-1")
    event, entries = nine_players(alice)
    log_in(page, "alice")
    page.goto(f"/events/{event.token}/manage/")
    page.get_by_role("link", name="Rounds and standings").click()
    for number in (1, 2, 3):
        if number == 3:
            registration_drop(registration=entries[0], after_round=2)
        page.get_by_role("button", name="Pair the next round").click()
        expect(page.locator(f"#round-{number}")).to_contain_text("Draft")
        page.get_by_role("button", name=f"Publish round {number}").click()
        expect(page.locator(f"#round-{number}")).to_contain_text("Time is up at")
        if number < 3:
            expect(page.locator(f"#round-{number}")).to_contain_text("bye")
        enter_every_result(page, number)
    assert not Match.objects.filter(round__number=3, player=entries[0]).exists()
    assert not Match.objects.filter(round__number=3, opponent=entries[0]).exists()
    expect(page.locator("#standings tbody tr")).to_have_count(9)
    page.get_by_label("Top cut").select_option("4")
    page.get_by_role("button", name="Start the top cut").click()
    page.get_by_role("button", name="Publish round 4").click()
    expect(page.locator("#round-4")).to_contain_text("top cut")
    enter_every_result(page, 4)
    shot("event-rounds")

    page.set_viewport_size({**PHONE, "width": 360})  # the narrowest phone the issue names
    page.get_by_role("button", name="Log out").click()
    log_in(page, "player3")
    page.goto(f"/events/{event.token}/")
    page.get_by_role("link", name="Pairings and standings").click()
    expect(page.locator("#standings")).to_contain_text("OMW")
    fits()
    shot("event-rounds-phone", phone=True)
