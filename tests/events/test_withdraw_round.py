"""A player withdrawing says after which round (optional), as an organiser's drop does: the
round is stored the same way (events.services.registration_leave) and may be no more than the
event has played, as far as is known (events.selectors.rounds_played): none before the
event's day, and the most matches anyone played once standings are in. Anything else is a 400
naming `after_round` over the API and, on the site, the page again with the round still in
its box, marked in error with the reason; nothing is stored then."""

from __future__ import annotations

from datetime import timedelta

from django.test import Client
from django.utils import timezone

from events.models import Event, Registration
from events.roster import roster_invite
from events.services import registration_drop, registration_submit
from events.standings import standings_import


def url(event, tail: str = "") -> str:
    return f"/api/v1/events/{event.token}/{tail}"


def site_as(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def played(event, *players, rounds: int) -> None:
    """The event happened yesterday and standings of `rounds` matches each are in."""
    Event.objects.filter(pk=event.pk).update(date=timezone.localdate() - timedelta(days=1))
    lines = "".join(f"{player.username},{rounds - 1},1\n" for player in players)
    standings_import(event=event, text=f"username,wins,losses\n{lines}")


def current(player) -> Registration:
    return Registration.objects.get(player=player, replaced__isnull=True)


def test_a_player_withdraws_after_a_round_played(event, bob, bob_version, bob_api, alice_api):
    registration_submit(event=event, player=bob, deck_version=bob_version)
    played(event, bob, rounds=3)
    answer = bob_api.post(url(event, "registrations/mine/withdraw/"), {"after_round": 2})
    assert answer.status_code == 200 and answer.json()["withdrew"] is True
    [row] = alice_api.get(url(event, "report/")).json()["registrations"]
    assert (row["drop_reason"], row["dropped_after_round"]) == ("withdrew", 2)
    corrected = bob_api.post(url(event, "registrations/mine/withdraw/"), {"after_round": 3})
    assert corrected.status_code == 200
    assert (current(bob).drop_reason, current(bob).dropped_after_round) == ("withdrew", 3)


def test_the_round_is_optional(event, bob, bob_version, bob_api):
    registration_submit(event=event, player=bob, deck_version=bob_version)
    assert bob_api.post(url(event, "registrations/mine/withdraw/")).status_code == 200
    assert (current(bob).drop_reason, current(bob).dropped_after_round) == ("withdrew", None)


def test_a_round_not_played_is_a_400_naming_it(event, bob, bob_version, bob_api):
    registration_submit(event=event, player=bob, deck_version=bob_version)
    withdraw = url(event, "registrations/mine/withdraw/")
    before = bob_api.post(withdraw, {"after_round": 1}, format="json")  # the event is next week
    assert (before.status_code, list(before.json()["fields"])) == (400, ["after_round"])
    assert "no round" in before.json()["fields"]["after_round"][0]
    for bad in (-1, 1000, "two", 1.5):
        answer = bob_api.post(withdraw, {"after_round": bad}, format="json")
        assert (answer.status_code, list(answer.json()["fields"])) == (400, ["after_round"])
    played(event, bob, rounds=3)
    past = bob_api.post(withdraw, {"after_round": 4}, format="json")
    assert (past.status_code, list(past.json()["fields"])) == (400, ["after_round"])
    assert "3 rounds" in past.json()["fields"]["after_round"][0]
    assert current(bob).dropped is None  # nothing stored
    # on the day, with no standings yet, the rounds are not known: any round up to 999
    Registration.objects.update(wins=None, losses=None, draws=None)
    Event.objects.filter(pk=event.pk).update(date=timezone.localdate())
    assert bob_api.post(withdraw, {"after_round": 4}, format="json").status_code == 200


def test_before_the_event_a_player_may_say_round_0(event, bob, bob_version, bob_api):
    registration_submit(event=event, player=bob, deck_version=bob_version)
    answer = bob_api.post(url(event, "registrations/mine/withdraw/"), {"after_round": 0})
    assert answer.status_code == 200 and current(bob).dropped_after_round == 0


def test_a_withdrawal_never_changes_the_organisers_drop(event, bob, bob_version, bob_api):
    registration = registration_submit(event=event, player=bob, deck_version=bob_version)
    played(event, bob, rounds=3)
    registration_drop(registration=registration, after_round=1)
    answer = bob_api.post(url(event, "registrations/mine/withdraw/"), {"after_round": 3})
    assert (answer.status_code, list(answer.json()["fields"])) == (400, ["after_round"])
    assert "only they can change" in answer.json()["fields"]["after_round"][0]
    assert (current(bob).drop_reason, current(bob).dropped_after_round) == ("organiser", 1)
    plain = bob_api.post(url(event, "registrations/mine/withdraw/"))  # no round: nothing to refuse
    assert plain.status_code == 200 and current(bob).drop_reason == "organiser"


def test_a_player_withdraws_after_a_round_on_the_site(event, bob, bob_version, alice):
    registration_submit(event=event, player=bob, deck_version=bob_version)
    page = f"/events/{event.token}/"
    assert 'name="after_round"' in site_as(bob).get(page).content.decode()
    played(event, bob, rounds=3)
    too_late = site_as(bob).post(f"{page}withdraw/", {"after_round": "5"}, follow=True)
    assert "played 3 rounds" in too_late.content.decode() and current(bob).dropped is None
    nonsense = site_as(bob).post(f"{page}withdraw/", {"after_round": "two"}, follow=True)
    assert "whole number" in nonsense.content.decode() and current(bob).dropped is None
    done = site_as(bob).post(f"{page}withdraw/", {"after_round": "2"}, follow=True)
    assert "withdrawn from the event after round 2" in done.content.decode()
    assert "you withdrew after round 2" in site_as(bob).get(page).content.decode()
    manage = site_as(alice).get(f"{page}manage/").content.decode()
    assert "withdrew after round 2" in manage


def test_a_refused_round_stays_in_its_box_marked_in_error(event, bob, bob_version):
    registration_submit(event=event, player=bob, deck_version=bob_version)
    page = f"/events/{event.token}/"
    shown = site_as(bob).get(page).content.decode()
    assert 'After round <span class="muted">(optional)</span>' in shown  # seen, not a tooltip
    played(event, bob, rounds=3)
    refused = site_as(bob).post(f"{page}withdraw/", {"after_round": "5"})
    assert refused.status_code == 400 and current(bob).dropped is None
    html = refused.content.decode()
    start = html.index('id="withdraw-round"')
    box = html[start : html.index("</form>", start)]
    assert 'value="5"' in box and 'aria-invalid="true"' in box
    assert 'id="withdraw-round_errors"' in box and "played 3 rounds" in box
    # sent from a page older than the organiser's drop: no box now, the reason still shown
    registration_drop(registration=current(bob))
    dropped = site_as(bob).post(f"{page}withdraw/", {"after_round": "2"})
    assert dropped.status_code == 400 and "only they can change" in dropped.content.decode()


def test_a_player_who_left_is_not_offered_to_register_again(event, bob, bob_version, bob_api):
    registration_submit(event=event, player=bob, deck_version=bob_version)
    page = f"/events/{event.token}/"
    assert "Register a different list" in site_as(bob).get(page).content.decode()
    assert bob_api.post(url(event, "registrations/mine/withdraw/")).status_code == 200
    left = site_as(bob).get(page).content.decode()
    assert f'action="{page}register/"' not in left and "Register this list" not in left
    assert "You withdrew from this event" in left
    assert "only the organiser can let you back in" in left
    Registration.objects.filter(pk=current(bob).pk).update(drop_reason="organiser")
    dropped = site_as(bob).get(page).content.decode()
    assert "The organiser dropped you" in dropped and "Register this list" not in dropped


def test_the_roster_shows_the_round_a_player_left_after_and_offers_no_check_in(
    event, bob, bob_version, charlie, alice, bob_api
):
    registration_submit(event=event, player=bob, deck_version=bob_version)
    roster_invite(event=event, username="charlie")
    played(event, bob, rounds=3)
    withdrew = bob_api.post(url(event, "registrations/mine/withdraw/"), {"after_round": 2})
    assert withdrew.status_code == 200
    manage = site_as(alice).get(f"/events/{event.token}/manage/").content.decode()
    table = manage[manage.index('id="roster-table"') :]
    rows = {row.split("</td>")[0].split("<td>")[-1]: row for row in table.split("<tr>")[2:]}
    assert "withdrew after round 2" in rows["bob"] and "Check in" not in rows["bob"]
    assert "left the event" in rows["bob"]
    assert "Check in" in rows["charlie"]  # still expected: may be checked in
