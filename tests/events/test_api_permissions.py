"""Who sees and changes what (issue 9, item 4), healthchecks-style: Alice organises, Bob and
Charlie play. Only the organiser sees unpublished lists; a player never sees or changes
another's registration; anonymous users see published lists only."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from events.services import event_update, registration_drop, registration_submit
from tests.conftest import _user


@pytest.fixture
def registered(event, bob, bob_version, charlie, charlie_version):
    return {
        "bob": registration_submit(event=event, player=bob, deck_version=bob_version),
        "charlie": registration_submit(event=event, player=charlie, deck_version=charlie_version),
    }


def players(client, event) -> list[str]:
    response = client.get(f"/api/v1/events/{event.token}/registrations/")
    assert response.status_code == 200
    return sorted(r["player"] for r in response.json()["results"])


def test_the_organiser_sees_every_unpublished_list(alice_api, event, registered):
    assert players(alice_api, event) == ["bob", "charlie"]


def test_a_player_sees_only_their_own_unpublished_list(bob_api, charlie_api, event, registered):
    assert players(bob_api, event) == ["bob"]
    assert players(charlie_api, event) == ["charlie"]


def test_anonymous_users_see_no_unpublished_list(api, event, registered):
    assert players(api, event) == []


def test_published_lists_are_seen_by_everyone(api, charlie_api, event, registered):
    event_update(event=event, published=True, publish_while_open=True)
    assert players(api, event) == ["bob", "charlie"]
    assert players(charlie_api, event) == ["bob", "charlie"]


def test_a_dropped_players_list_is_not_published(api, alice_api, event, registered):
    registration_drop(registration=registered["charlie"])
    event_update(event=event, published=True, publish_while_open=True)
    assert players(api, event) == ["bob"]


def test_charlie_cannot_drop_bob(charlie_api, event, registered):
    drop = f"/api/v1/events/{event.token}/registrations/{registered['bob'].pk}/drop/"
    assert charlie_api.post(drop).status_code == 403
    registered["bob"].refresh_from_db()
    assert registered["bob"].dropped is None


def test_charlie_cannot_change_or_read_the_report_of_alices_event(charlie_api, event, registered):
    base = f"/api/v1/events/{event.token}/"
    assert charlie_api.patch(base, {"published": True}, format="json").status_code == 403
    assert charlie_api.get(base + "report/").status_code == 403
    assert charlie_api.get(base + "metagame/").status_code == 403


def test_charlie_registering_replaces_only_his_own_entry(
    charlie_api, event, registered, charlie_version
):
    body = {"deck": charlie_version.deck_id}
    assert charlie_api.post(f"/api/v1/events/{event.token}/registrations/", body).status_code == 201
    registered["bob"].refresh_from_db()
    assert registered["bob"].replaced is None


def test_mine_shows_only_the_players_own_history(charlie_api, event, registered):
    mine = charlie_api.get(f"/api/v1/events/{event.token}/registrations/mine/").json()
    assert {r["player"] for r in mine["history"]} == {"charlie"}


def test_anonymous_users_cannot_register(api, event, bob_version):
    body = {"deck": bob_version.deck_id}
    assert api.post(f"/api/v1/events/{event.token}/registrations/", body).status_code in (401, 403)


def test_the_event_list_shows_only_events_you_take_part_in(
    api, alice_api, bob_api, charlie_api, event, registered, db
):
    client = APIClient()
    client.force_authenticate(_user("dave"))
    assert client.get("/api/v1/events/").json()["results"] == []
    assert len(bob_api.get("/api/v1/events/").json()["results"]) == 1
    assert len(alice_api.get("/api/v1/events/").json()["results"]) == 1
    assert api.get("/api/v1/events/").json()["results"] == []


def test_the_registration_list_takes_a_fixed_number_of_queries(
    alice_api, event, registered, django_assert_max_num_queries
):
    with django_assert_max_num_queries(4):
        players(alice_api, event)
