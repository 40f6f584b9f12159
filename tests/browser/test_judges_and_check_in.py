"""Judges see what they judge, and players check themselves in (issue 39, items 4 and 5), in a
real browser: a judge chooses a player, reads their locked list beside the deck-check form and
gives a penalty from the list, then one outside a check (slow play), and sees both among the
player's penalties; the organiser opens check-in and a player checks in on the event's page."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from events.deck_checks import judge_add
from events.models import DeckCheck, RosterEntry
from tests.browser.test_events import log_in, log_out
from tests.browser.test_rounds import nine_players


def test_a_judge_reads_the_locked_list_beside_the_form_and_gives_a_listed_penalty(
    page, sample_cards, shot
):
    alice = get_user_model().objects.create_user("alice", password="alice-password-1")
    get_user_model().objects.create_user("judy", password="judy-password-1")
    event, entries = nine_players(alice)
    judge_add(event=event, username="judy")
    log_in(page, "judy")
    page.goto(f"/events/{event.token}/checks/")
    page.locator("#choose-registration").select_option(str(entries[2].pk))
    page.get_by_role("button", name="Show their list").click()
    expect(page.locator("#locked-list")).to_contain_text("player2's locked list")
    expect(page.locator("#locked-list")).to_contain_text("None so far.")
    page.get_by_label("The deck matches the locked list").check()
    page.get_by_label("Penalty", exact=True).select_option("warning")
    page.get_by_label("For", exact=True).select_option("tardiness")
    page.get_by_label("Notes (judges only; players never see them)").fill("Five minutes late")
    page.get_by_role("button", name="Record the check").click()
    expect(page.locator("#checks")).to_contain_text("warning (tardiness)")
    check = DeckCheck.objects.get()
    assert (check.penalty, check.infraction) == ("warning", "tardiness")
    page.goto(f"/events/{event.token}/checks/?registration={entries[2].pk}")
    expect(page.locator("#locked-list")).to_contain_text("warning (tardiness)")
    # a penalty outside a deck check: slow play seen at the player's table
    page.get_by_label("Penalty given").select_option("warning")
    page.get_by_label("Given for").select_option("slow_play")
    page.get_by_role("button", name="Give the penalty").click()
    expect(page.locator(".messages")).to_contain_text("player2: warning (slow play).")
    expect(page.locator("#locked-list")).to_contain_text("warning (slow play)")
    expect(page.locator("#locked-list")).to_contain_text("not at a deck check")
    shot("deck-check-beside-list")
    page.goto(f"/events/{event.token}/sheets/")
    expect(page.locator(".sheet")).to_have_count(9)


def test_a_player_checks_in_while_the_organiser_has_check_in_open(page, sample_cards, shot):
    alice = get_user_model().objects.create_user("alice", password="alice-password-1")
    event, entries = nine_players(alice)
    RosterEntry.objects.filter(event=event).update(checked_in=None)
    log_in(page, "alice")
    page.goto(f"/events/{event.token}/manage/")
    page.get_by_role("button", name="Open check-in").click()
    expect(page.locator("#check-in-window")).to_contain_text("check themselves in until")
    log_out(page)
    log_in(page, "player4")
    page.goto(f"/events/{event.token}/")
    page.get_by_role("button", name="Check in").click()
    expect(page.locator("#checked-in")).to_contain_text("You are checked in")
    shot("player-checked-in")
    assert RosterEntry.objects.get(event=event, player=entries[4].player).checked_in is not None
