"""Beyond the anchors (issue 17, item 13): standings imported back from the pairing tool,
archetypes named by the organiser with clusters of similar lists suggested, and win rates by
archetype on the metagame page."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from events.models import Registration
from events.services import registration_submit
from events.standings import (
    StandingsUnreadable,
    archetype_clusters,
    archetype_name,
    archetype_results,
    standings_import,
)
from tests.rulebook.core.factories import legal_entries

from .conftest import make_version


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def three(event, bob, charlie, alice, bob_version, charlie_version):
    """Bob's and Charlie's lists are near copies (Charlie's lacks one card); Alice plays too."""
    mine = make_version(alice, legal_entries(), "Alice's")
    return [
        registration_submit(event=event, player=p, deck_version=v)
        for p, v in ((bob, bob_version), (charlie, charlie_version), (alice, mine))
    ]


def test_similar_lists_are_suggested_as_one_cluster(event, three):
    [cluster] = archetype_clusters(event=event)
    assert {r.player.username for r in cluster.registrations} == {"alice", "bob", "charlie"}
    assert cluster.shared  # the cards every list of it plays


def test_a_different_list_is_not_in_the_cluster(event, bob, bob_version, charlie):
    registration_submit(event=event, player=bob, deck_version=bob_version)
    few = [e for e in legal_entries() if e.section != "main"]
    other = make_version(charlie, few, "Barely a deck")
    registration_submit(event=event, player=charlie, deck_version=other)
    assert archetype_clusters(event=event) == []


def test_standings_import_and_win_rates_by_archetype(alice, event, three, bob, charlie):
    client = client_for(alice)
    ids = [r.pk for r in three[:2]]
    client.post(
        f"/events/{event.token}/archetypes/name/", {"registration": ids, "archetype": "Kau Rush"}
    )
    standings = (
        f"id,username,wins,losses,draws\r\n{bob.pk},bob,3,1,0\r\n{charlie.pk},charlie,1,2,1\r\n"
    )
    response = client.post(f"/events/{event.token}/standings/", {"text": standings}, follow=True)
    assert "Standings of 2 players imported" in response.content.decode()
    rows = {row["archetype"]: row for row in archetype_results(event=event)}
    assert (rows["Kau Rush"]["decks"], rows["Kau Rush"]["wins"]) == (2, 4)
    assert rows["Kau Rush"]["win_rate"] == round((4 + 0.5) / 8, 3)
    assert rows["Unnamed"]["win_rate"] is None  # Alice has no result yet
    page = client.get(f"/events/{event.token}/metagame/").content.decode()
    assert "Kau Rush" in page and "56%" in page


def test_standings_naming_someone_not_in_the_event_import_nothing(event, three):
    with pytest.raises(StandingsUnreadable) as refused:
        standings_import(event=event, text="username,wins,losses\r\nbob,2,1\r\nnobody,1,x\r\n")
    assert any("'nobody' has no entry" in p for p in refused.value.problems)
    assert not Registration.objects.filter(wins__isnull=False).exists()


def test_standings_by_username_from_a_spreadsheet_with_a_bom(event, three):
    assert standings_import(event=event, text="\ufeffusername,wins,losses\r\nBob,2,1\r\n") == 1


def test_only_the_organiser_sees_archetypes_and_imports(bob, event, three):
    assert client_for(bob).get(f"/events/{event.token}/archetypes/").status_code == 403
    assert (
        client_for(bob).post(f"/events/{event.token}/standings/", {"text": ""}).status_code == 403
    )


@pytest.mark.parametrize(
    ("cell", "shown"), [("²", "'²'"), ("999999999999", "'999999999999'"), ("-1", "'-1'")]
)
def test_a_count_that_is_no_count_is_a_400_naming_the_line_not_a_500(
    alice, event, three, cell, shown
):
    """Issue 26, item 1: a superscript digit passed isdigit() and a 12-digit count overflowed
    the column; both are refused with the line and column, on the API and the site."""
    api = APIClient()
    api.force_authenticate(alice)
    text = f"username,wins,losses\r\nalice,1,0\r\nbob,{cell},1\r\n"
    answer = api.post(f"/api/v1/events/{event.token}/standings/", {"text": text}, format="json")
    assert answer.status_code == 400
    assert answer.json()["fields"]["text"] == [
        f"line 3: wins must be a whole number from 0 to 999, not {shown}"
    ]
    page = client_for(alice).post(f"/events/{event.token}/standings/", {"text": text}, follow=True)
    assert page.status_code == 200
    assert "line 3: wins must be a whole number" in page.content.decode()
    assert not Registration.objects.filter(wins__isnull=False).exists()


def test_a_player_named_twice_is_refused_naming_both_lines(event, three, bob):
    with pytest.raises(StandingsUnreadable) as refused:
        standings_import(event=event, text=f"id,wins,losses\r\n{bob.pk},2,1\r\n{bob.pk},0,3\r\n")
    assert refused.value.problems == [
        f"line 3: id '{bob.pk}' is also on line 2; name each player once"
    ]
    assert not Registration.objects.filter(wins__isnull=False).exists()


def test_a_superscript_registration_id_is_ignored_on_the_archetypes_form(alice, event, three):
    """The sibling of item 1: the form's registration ids were read with isdigit() and int()."""
    answer = client_for(alice).post(
        f"/events/{event.token}/archetypes/name/",
        {"registration": ["²", "9" * 30, str(three[0].pk)], "archetype": "Kau"},
    )
    assert answer.status_code == 302
    assert [r.archetype for r in Registration.objects.order_by("pk")] == ["Kau", "", ""]


def test_a_player_who_drops_after_a_round_keeps_the_matches_they_played(
    alice, alice_api, event, three, bob, charlie
):
    """Issue 26, item 3: archetype win rates left out every match of a player who left
    mid-event, so one side of each went missing. Bob drops after round 3; his record counts."""
    ids = [r.pk for r in three]
    archetype_name(event=event, registration_ids=ids, name="Kau Rush")
    standings_import(event=event, text="username,wins,losses\r\nbob,1,2\r\ncharlie,2,1\r\n")
    answer = alice_api.post(
        f"/api/v1/events/{event.token}/registrations/{three[0].pk}/drop/",
        {"after_round": 3},
        format="json",
    ).json()
    assert (answer["drop_reason"], answer["dropped_after_round"]) == ("organiser", 3)
    [row] = archetype_results(event=event)
    assert (row["decks"], row["wins"], row["losses"]) == (3, 3, 3)  # wins and losses agree


def test_a_refused_list_is_told_apart_from_a_player_who_left(
    alice, alice_api, event, bob, bob_version, charlie, charlie_version
):
    """Issue 26, item 3: dropping every illegal list (before play) and a player leaving after
    round 3 were one "dropped" flag; the report says which."""
    left = registration_submit(event=event, player=bob, deck_version=bob_version)
    refused = registration_submit(event=event, player=charlie, deck_version=charlie_version)
    alice_api.post(f"/api/v1/events/{event.token}/registrations/drop-illegal/")
    site = client_for(alice)
    round_3 = {"after_round": "3"}
    dropping = site.post(f"/events/{event.token}/drop/{left.pk}/", round_3, follow=True)
    page = dropping.content.decode()
    assert "bob dropped after round 3" in page and "list refused" in page
    report = alice_api.get(f"/api/v1/events/{event.token}/report/").json()
    rows = {r["player"]: r for r in report["registrations"]}
    assert (rows["charlie"]["drop_reason"], rows["charlie"]["dropped_after_round"]) == (
        "illegal",
        0,
    )
    assert (rows["bob"]["drop_reason"], rows["bob"]["dropped_after_round"]) == ("organiser", 3)
    # Bob played three rounds and counts; Charlie's refused list never played
    assert [(r["archetype"], r["decks"]) for r in archetype_results(event=event)] == [
        ("Unnamed", 1)
    ]
    bad = client_for(alice).post(
        f"/events/{event.token}/drop/{refused.pk}/", {"after_round": "³"}, follow=True
    )
    assert "The round must be a whole number" in bad.content.decode()
