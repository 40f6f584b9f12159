"""Beyond the anchors (issue 17, item 13): standings imported back from the pairing tool,
archetypes named by the organiser with clusters of similar lists suggested, and win rates by
archetype on the metagame page."""

from __future__ import annotations

import pytest
from django.test import Client

from events.models import Registration
from events.services import registration_submit
from events.standings import (
    StandingsUnreadable,
    archetype_clusters,
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
