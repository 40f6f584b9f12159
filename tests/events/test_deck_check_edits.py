"""Correcting a deck check: the organiser and the event's judges fix a wrong count, penalty or
note, over the API and on the site; the differences are worked out again from the corrected
counts, and each edit is kept (who, when, what changed) for judges and the organiser only.
Anyone else meets the 404 of a check that is not there."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from events.models import DeckCheck, DeckCheckEdit
from tests.validation.conftest import legal_text

from .conftest import illegal_text, keeper_night
from .test_deck_checks import api_as, judged, site_as, url  # noqa: F401 (judged: a fixture)


@pytest.fixture
def dave(db):
    """Signed in, with no part in the event."""
    return get_user_model().objects.create_user("dave", "dave@example.org", "password")


@pytest.fixture
def check(event, judged, charlie) -> dict:  # noqa: F811
    """Charlie's check of Bob's deck, typed one Codestone short, with a Warning."""
    answer = api_as(charlie).post(
        url(event, "deck-checks/"),
        {
            "player": "bob",
            "text": illegal_text(),
            "penalty": "warning",
            "infraction": "decklist",
            "notes": "Table 4",
        },
        format="json",
    )
    assert answer.status_code == 201
    return answer.json()


def test_a_judge_corrects_a_mistyped_count_and_the_differences_follow(
    event, check, charlie, alice_api
):
    assert check["edits"] == [] and len(check["differences"]) == 1
    edited = api_as(charlie).patch(
        url(event, f"deck-checks/{check['id']}/"), {"text": legal_text()}, format="json"
    )
    assert edited.status_code == 200
    body = edited.json()
    assert (body["matches"], body["differences"], body["problems"]) == (True, [], [])
    assert (body["penalty"], body["notes"]) == ("warning", "Table 4")  # not sent: unchanged
    [edit] = body["edits"]
    assert edit["editor"] == "charlie" and edit["edited"]
    changed = {change["field"]: change for change in edit["changes"]}
    assert set(changed) == {"matches", "presented", "differences", "problems"}
    assert (changed["matches"]["before"], changed["matches"]["after"]) == (False, True)
    assert changed["differences"]["before"] == check["differences"]
    # the organiser reads the same history in the log
    [logged] = alice_api.get(url(event, "deck-checks/")).json()["results"]
    assert logged["edits"] == body["edits"]


def test_the_organiser_corrects_the_penalty_and_each_edit_is_kept(event, check, alice_api):
    address = url(event, f"deck-checks/{check['id']}/")
    alice_api.patch(address, {"penalty": "game_loss"}, format="json")
    alice_api.patch(address, {"penalty": "game_loss", "notes": "Table 5"}, format="json")
    alice_api.patch(address, {"infraction": "marked_cards"}, format="json")
    body = alice_api.get(address).json()
    assert (body["penalty"], body["notes"], body["judge"]) == ("game_loss", "Table 5", "charlie")
    assert body["infraction"] == "marked_cards"
    # the penalty and its infraction are kept together, whichever of the two changed
    assert [
        [(c["field"], c["before"], c["after"]) for c in edit["changes"]] for edit in body["edits"]
    ] == [
        [("penalty", "warning", "game_loss"), ("infraction", "decklist", "decklist")],
        [("notes", "Table 4", "Table 5")],
        [("penalty", "game_loss", "game_loss"), ("infraction", "decklist", "marked_cards")],
    ]
    assert [edit["editor"] for edit in body["edits"]] == ["alice", "alice", "alice"]
    # withdrawn, the penalty takes its infraction with it
    withdrawn = alice_api.patch(address, {"penalty": ""}, format="json").json()
    assert (withdrawn["penalty"], withdrawn["infraction"]) == ("", "")


def test_an_edit_that_changes_nothing_is_not_kept(event, check, charlie):
    address = url(event, f"deck-checks/{check['id']}/")
    same = api_as(charlie).patch(
        address, {"text": illegal_text(), "penalty": "warning"}, format="json"
    )
    assert same.status_code == 200 and same.json()["edits"] == []
    assert not DeckCheckEdit.objects.exists()


def test_a_matched_check_is_corrected_to_the_deck_as_presented_and_back(event, judged, charlie):  # noqa: F811
    judge = api_as(charlie)
    made = judge.post(
        url(event, "deck-checks/"), {"player": "bob", "matches": True}, format="json"
    ).json()
    address = url(event, f"deck-checks/{made['id']}/")
    short = judge.patch(address, {"text": illegal_text()}, format="json").json()
    assert short["matches"] is False and short["differences"][0]["presented"] == 7
    back = judge.patch(address, {"matches": True}, format="json").json()
    assert (back["matches"], back["presented"], back["differences"]) == (True, None, [])
    assert len(back["edits"]) == 2


def test_bad_corrections_are_a_400_naming_the_field_and_change_nothing(event, check, charlie):
    judge = api_as(charlie)
    address = url(event, f"deck-checks/{check['id']}/")
    both = judge.patch(address, {"matches": True, "text": legal_text()}, format="json")
    assert (both.status_code, list(both.json()["fields"])) == (400, ["matches"])
    unsaid = judge.patch(address, {"matches": False}, format="json")
    assert (unsaid.status_code, list(unsaid.json()["fields"])) == (400, ["matches"])
    # a penalty off the list (rule: penalties come from a list, issue 39 item 4)
    unlisted = judge.patch(address, {"penalty": "Stern look"}, format="json")
    assert (unlisted.status_code, list(unlisted.json()["fields"])) == (400, ["penalty"])
    for_nothing = judge.patch(address, {"infraction": "being late"}, format="json")
    assert (for_nothing.status_code, list(for_nothing.json()["fields"])) == (400, ["infraction"])
    unreadable = judge.patch(address, {"text": "Main Deck:\ntwo Hot Dog"}, format="json")
    assert unreadable.status_code == 400
    unknown = judge.patch(address, {"text": "Main Deck:\n2 No Such Card"}, format="json")
    assert unknown.status_code == 400
    assert DeckCheck.objects.get().penalty == "warning"
    assert not DeckCheckEdit.objects.exists()


def test_only_those_who_record_checks_may_read_or_correct_one(
    event, check, bob_api, alice, charlie, alice_api, dave
):
    address = url(event, f"deck-checks/{check['id']}/")
    missing = url(event, f"deck-checks/{check['id'] + 1000}/")
    for client in (bob_api, api_as(dave)):  # the player checked, and a stranger
        for answer in (
            client.get(address),
            client.patch(address, {"penalty": ""}, format="json"),
        ):
            assert (answer.status_code, answer.json()) == (404, client.get(missing).json())
    assert alice_api.get(missing).status_code == 404
    # a check of another event is not reached through this one
    other = keeper_night(alice)
    assert alice_api.get(url(other, f"deck-checks/{check['id']}/")).status_code == 404
    # a judge taken off the event corrects nothing more
    alice_api.delete(url(event, f"judges/{charlie.pk}/"))
    assert api_as(charlie).patch(address, {"penalty": ""}, format="json").status_code == 404
    assert DeckCheck.objects.get().penalty == "warning"
    assert "Table 4" not in bob_api.get(url(event, "registrations/mine/")).content.decode()


def test_a_judge_corrects_a_check_on_the_site(event, check, charlie, alice):
    judge = site_as(charlie)
    log = judge.get(f"/events/{event.token}/checks/").content.decode()
    page = f"/events/{event.token}/checks/{check['id']}/edit/"
    assert page in log
    form = judge.get(page).content.decode()
    assert "7 Test Codestone 0" in form  # the counts as presented, to correct
    posted = judge.post(
        page,
        {"text": legal_text(), "penalty": "game_loss", "infraction": "decklist", "notes": "T4"},
        follow=True,
    )
    assert posted.status_code == 200
    check_row = DeckCheck.objects.get()
    assert (check_row.matches, check_row.penalty) == (True, "game_loss")
    history = site_as(alice).get(page).content.decode()
    assert "penalty: warning (deck or decklist problem) → game loss (deck or decklist" in history
    # the locked list beside the form, and the player's penalties so far
    # beside the form: the locked list (8 Codestones, as the judge reads every card) and the
    # player's penalties at this event so far
    assert "bob's locked list" in form
    assert '<td class="qty">8</td><td>Test Codestone 0</td>' in form
    assert "<strong>warning (deck or decklist problem)</strong>" in form


def test_a_bad_correction_on_the_site_names_the_line(event, check, charlie):
    page = f"/events/{event.token}/checks/{check['id']}/edit/"
    answer = site_as(charlie).post(page, {"text": "Main Deck:\ntwo Hot Dog", "penalty": ""})
    assert answer.status_code == 400 and "Line 2" in answer.content.decode()
    both = site_as(charlie).post(page, {"text": legal_text(), "deck_matches": "on"})
    assert both.status_code == 400
    assert not DeckCheckEdit.objects.exists()


def test_players_and_strangers_meet_a_404_on_the_site(event, check, bob, dave):
    page = f"/events/{event.token}/checks/{check['id']}/edit/"
    assert site_as(bob).get(page).status_code == 404
    assert site_as(bob).post(page, {"penalty": ""}).status_code == 404
    assert site_as(dave).get(page).status_code == 404
    assert DeckCheck.objects.get().penalty == "warning"


def test_ticking_matches_on_the_site_with_the_prefilled_list_left_alone_says_it_matched(
    event, check, charlie
):
    page = f"/events/{event.token}/checks/{check['id']}/edit/"
    judge = site_as(charlie)
    prefilled = judge.get(page).context["form"]["text"].value()
    assert "Test Codestone" in prefilled
    # as a browser sends a textarea: its lines ending in CRLF
    sent = {
        "deck_matches": "on",
        "text": prefilled.replace("\n", "\r\n"),
        "penalty": "warning",
        "infraction": "decklist",
    }
    edited = {**sent, "text": prefilled + "\n1 Hot Dog"}
    both = judge.post(page, edited)
    assert both.status_code == 400 and "not both" in both.content.decode()
    assert judge.post(page, sent).status_code == 302
    corrected = DeckCheck.objects.get()
    assert (corrected.matches, corrected.presented, corrected.differences) == (True, None, [])


def _row(name: str, quantity: int) -> dict:
    return {"key": name.lower().replace(" ", "-"), "name": name, "quantity": quantity}


def test_an_edit_reads_as_cards_counts_and_penalty_never_as_field_names():
    from events.deck_checks import edit_summary
    from rulebook.neopets.cards import GAME as NEOPETS

    before = {"main": [_row("Hot Dog", 3), _row("Codestone", 8)], "neopets": [_row("Kau", 1)]}
    after = {"main": [_row("Hot Dog", 2), _row("Codestone", 8)], "neopets": [_row("Kau", 1)]}
    one_section = {
        "presented": {"before": before, "after": after},
        "problems": {"before": [], "after": [{"code": "main.size"}]},
        "penalty": {"before": "game_loss", "after": "warning"},
        "infraction": {"before": "decklist", "after": "slow_play"},
        "notes": {"before": "", "after": "Table 9"},
    }
    assert edit_summary(changes=one_section, game=NEOPETS) == [
        "Hot Dog 3 → 2",
        "penalty: game loss (deck or decklist problem) → warning (slow play)",
        "notes: — → Table 9",
    ]
    # an edit kept before penalties came from a list: the words as typed
    typed = {"penalty": {"before": "Stern look", "after": ""}}
    assert edit_summary(changes=typed, game=NEOPETS) == ["penalty: Stern look → —"]
    # cards of two sections changed: each says which; a matched check counted as locked
    locked_differs = [
        {"section": "neopets", "key": "kau", "name": "Kau", "locked": 1, "presented": 0},
        {"section": "main", "key": "hot-dog", "name": "Hot Dog", "locked": 3, "presented": 4},
    ]
    from_matched = {
        "matches": {"before": True, "after": False},
        "presented": {"before": None, "after": {"main": [_row("Hot Dog", 4)]}},
        "differences": {"before": [], "after": locked_differs},
    }
    assert edit_summary(changes=from_matched, game=NEOPETS) == [
        "Main Deck: Hot Dog 3 → 4",
        "Neopet Deck: Kau 1 → 0",
        "matched the locked list: yes → no",
    ]


def test_the_edit_history_on_the_site_names_the_cards_not_the_fields(event, check, charlie):
    page = f"/events/{event.token}/checks/{check['id']}/edit/"
    judge = site_as(charlie)
    judge.post(
        page,
        {"text": legal_text(), "penalty": "game_loss", "infraction": "decklist", "notes": "T4"},
    )
    history = judge.get(page).content.decode()
    assert "Test Codestone 0 7 → 8" in history
    assert "matched the locked list: no → yes" in history
    assert "penalty: warning (deck or decklist problem) → game loss (deck or decklist" in history
    for internal in ("presented changed", "problems", "differences:"):
        assert internal not in history
