"""Swiss rounds played here over the API (issue 39, item 3): a 64-player event through five
Swiss rounds with a drop and a bye and a top cut of 8, players reporting their own results,
and the refusals (each a 4xx JSON naming the field)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from events.models import Event, Registration
from events.roster import roster_check_in
from events.services import registration_judge, registration_lock_in
from tests.events.conftest import make_version
from tests.rulebook.core.factories import legal_entries


def url(event: Event, tail: str) -> str:
    return f"/api/v1/events/{event.token}/{tail}"


def as_user(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def field(event: Event, alice, count: int) -> list[Registration]:
    """`count` players, each checked in with a legal paper list the organiser entered."""
    owner = get_user_model().objects.create_user("owner")
    version = make_version(owner, legal_entries())
    report = registration_judge(event=event, deck_version=version)
    entries = []
    for n in range(count):
        player = get_user_model().objects.create_user(f"p{n:02}")
        entries.append(
            registration_lock_in(
                event=event, player=player, deck_version=version, report=report, entered_by=alice
            )
        )
        roster_check_in(event=event, player=player, present=True)
    return entries


def play(api: APIClient, event: Event, number: int, pairings: list[dict]) -> None:
    """The organiser enters every table's result: the first-listed player wins 2-1."""
    for pairing in pairings:
        if len(pairing["players"]) == 2:
            answer = api.post(
                url(event, f"rounds/{number}/results/"),
                {"table": pairing["table"], "wins": [2, 1], "draws": 0},
                format="json",
            )
            assert answer.status_code == 200, answer.json()


def test_a_64_player_event_runs_five_swiss_rounds_and_a_top_cut(
    event, alice, alice_api, neopets_cards
):
    entries = field(event, alice, 64)
    dropped = entries[5]
    seen: set[frozenset[int]] = set()
    for number in range(1, 6):
        if number == 3:  # a player drops after round 2: 63 remain, so someone has a bye
            answer = alice_api.post(
                url(event, f"registrations/{dropped.pk}/drop/"), {"after_round": 2}, format="json"
            )
            assert answer.status_code == 200
        answer = alice_api.post(url(event, "rounds/"), {"publish": True}, format="json")
        assert answer.status_code == 201, answer.json()
        body = answer.json()
        assert body["number"] == number
        players = [p for pairing in body["pairings"] for p in pairing["players"]]
        assert len(players) == len(set(players)) == (64 if number < 3 else 63)
        if number >= 3:
            assert dropped.pk not in players
            [bye] = [p for p in body["pairings"] if len(p["players"]) == 1]
            assert bye["bye"] and bye["state"] == "final" and bye["wins"] == [2]
        for pairing in body["pairings"]:
            if len(pairing["players"]) == 2:
                pair = frozenset(pairing["players"])
                assert pair not in seen  # no rematch in five rounds of 64
                seen.add(pair)
        play(alice_api, event, number, body["pairings"])

    standings = alice_api.get(url(event, "standings/")).json()["players"]
    assert [row["rank"] for row in standings] == list(range(1, 65))
    top = standings[0]
    assert top["match_points"] == 15 and top["wins"] == 5
    assert all(0.3333 <= row[k] <= 1 for row in standings for k in ("omw", "gw", "ogw"))
    assert next(row for row in standings if row["registration"] == dropped.pk)["dropped"]
    points = [row["match_points"] for row in standings]
    assert points == sorted(points, reverse=True)
    # the entries carry the record too, as an imported standings file would
    assert Registration.objects.get(pk=top["registration"]).wins == 5

    cut = alice_api.post(url(event, "rounds/"), {"top_cut": 8, "publish": True}, format="json")
    assert cut.status_code == 201, cut.json()
    seeds = [row["registration"] for row in standings if not row["dropped"]][:8]
    first = cut.json()["pairings"]
    assert [p["players"] for p in first] == [
        [seeds[0], seeds[7]],
        [seeds[3], seeds[4]],
        [seeds[1], seeds[6]],
        [seeds[2], seeds[5]],
    ]
    play(alice_api, event, 6, first)
    semis = alice_api.post(url(event, "rounds/"), {"publish": True}, format="json").json()
    assert [p["players"] for p in semis["pairings"]] == [[seeds[0], seeds[3]], [seeds[1], seeds[2]]]
    play(alice_api, event, 7, semis["pairings"])
    final = alice_api.post(url(event, "rounds/"), {"publish": True}, format="json").json()
    assert final["pairings"][0]["players"] == [seeds[0], seeds[1]]
    play(alice_api, event, 8, final["pairings"])
    over = alice_api.post(url(event, "rounds/"), {}, format="json")
    assert over.status_code == 409 and "round" in over.json()["fields"]
    # the cut does not change the Swiss standings
    assert alice_api.get(url(event, "standings/")).json()["players"] == standings
    csv = alice_api.get(url(event, "standings/"), {"format": "csv"}).content.decode("utf-8-sig")
    assert csv.splitlines()[0].startswith("rank,registration,player,dropped,match_points")
    assert len(csv.splitlines()) == 65
    table = alice_api.get(url(event, "rounds/1/"), {"format": "csv"})
    assert table.status_code == 200
    assert (
        table.content.decode("utf-8-sig").splitlines()[0].startswith("round,table,player,opponent")
    )


def test_players_report_their_own_result_and_a_dispute_waits_for_a_judge(
    event, alice, alice_api, neopets_cards
):
    a, b = field(event, alice, 2)
    alice_api.post(url(event, "rounds/"), {"publish": True}, format="json")
    first = as_user(a.player)
    second = as_user(b.player)
    answer = first.post(
        url(event, "rounds/1/results/"), {"table": 1, "wins": [2, 0]}, format="json"
    )
    assert answer.status_code == 200 and answer.json()["state"] == "reported"
    answer = second.post(
        url(event, "rounds/1/results/"), {"table": 1, "wins": [0, 2]}, format="json"
    )
    assert answer.json()["state"] == "disputed" and answer.json()["wins"] is None
    # a second round waits for the missing result
    refused = alice_api.post(url(event, "rounds/"), {}, format="json")
    assert refused.status_code == 409 and "results" in refused.json()["fields"]
    settled = alice_api.post(
        url(event, "rounds/1/results/"), {"table": 1, "wins": [2, 0]}, format="json"
    )
    assert settled.json()["state"] == "final" and settled.json()["wins"] == [2, 0]
    # players who agree make the result final without a judge
    alice_api.post(url(event, "rounds/"), {"publish": True}, format="json")
    for client in (first, second):
        last = client.post(
            url(event, "rounds/2/results/"), {"table": 1, "wins": [1, 1], "draws": 1}, format="json"
        )
    assert last.json()["state"] == "final"


def test_a_result_for_a_match_one_is_not_in_is_refused(event, alice, alice_api, neopets_cards):
    entries = field(event, alice, 4)
    body = alice_api.post(url(event, "rounds/"), {"publish": True}, format="json").json()
    [theirs] = [p for p in body["pairings"] if entries[0].pk not in p["players"]]
    answer = as_user(entries[0].player).post(
        url(event, "rounds/1/results/"), {"table": theirs["table"], "wins": [2, 0]}, format="json"
    )
    assert answer.status_code == 403
    assert "table" in answer.json()["fields"]


def test_a_pairing_with_a_dropped_player_is_refused(event, alice, alice_api, neopets_cards):
    entries = field(event, alice, 4)
    alice_api.post(url(event, f"registrations/{entries[3].pk}/drop/"), {}, format="json")
    body = alice_api.post(url(event, "rounds/"), {}, format="json").json()
    assert body["published"] is None
    pks = [e.pk for e in entries]
    answer = alice_api.patch(
        url(event, "rounds/1/"), {"pairings": [[pks[0], pks[3]], [pks[1], pks[2]]]}, format="json"
    )
    assert answer.status_code == 400 and "pairings" in answer.json()["fields"]
    # a repair by hand of players in play stands, then the round is published with its clock
    answer = alice_api.patch(
        url(event, "rounds/1/"),
        {"pairings": [[pks[2], pks[0]], [pks[1]]], "publish": True, "minutes": 30},
        format="json",
    )
    assert answer.status_code == 200, answer.json()
    body = answer.json()
    assert [p["players"] for p in body["pairings"]] == [[pks[2], pks[0]], [pks[1]]]
    assert body["ends"] is not None
    again = alice_api.patch(
        url(event, "rounds/1/"), {"pairings": [[pks[0], pks[1]]]}, format="json"
    )
    assert again.status_code == 409 and "pairings" in again.json()["fields"]


def test_an_event_with_rounds_played_is_deleted_whole(event, alice, alice_api, neopets_cards):
    field(event, alice, 3)
    alice_api.post(url(event, "rounds/"), {"publish": True}, format="json")
    assert alice_api.delete(f"/api/v1/events/{event.token}/").status_code == 204
    assert not Event.objects.filter(pk=event.pk).exists()


def test_only_the_organiser_starts_a_round(event, alice, neopets_cards):
    entries = field(event, alice, 2)
    answer = as_user(entries[0].player).post(url(event, "rounds/"), {}, format="json")
    assert answer.status_code == 403
    assert not event.rounds.exists()


def test_players_see_published_rounds_only_and_strangers_none(
    event, alice, alice_api, bob, neopets_cards
):
    entries = field(event, alice, 2)
    alice_api.post(url(event, "rounds/"), {}, format="json")
    player = as_user(entries[0].player)
    assert player.get(url(event, "rounds/1/")).status_code == 404
    alice_api.patch(url(event, "rounds/1/"), {"publish": True}, format="json")
    assert player.get(url(event, "rounds/1/")).json()["number"] == 1
    assert as_user(bob).get(url(event, "rounds/1/")).status_code == 404


def test_the_report_csv_gives_each_players_rounds_here(event, alice, alice_api, neopets_cards):
    """report.csv carries the rounds played here: each player's tables in order, whom they
    met and the games from their side, a bye as such, a table still open as open."""
    import csv
    import io

    from django.test import Client

    field(event, alice, 3)
    first = alice_api.post(url(event, "rounds/"), {"publish": True}, format="json").json()
    [table] = [p for p in first["pairings"] if len(p["players"]) == 2]
    [bye] = [p for p in first["pairings"] if len(p["players"]) == 1]
    play(alice_api, event, 1, first["pairings"])
    alice_api.post(url(event, "rounds/"), {"publish": True}, format="json")
    site = Client()
    site.force_login(alice)
    rows = {
        int(row["id"]): row
        for row in csv.DictReader(
            io.StringIO(site.get(f"/events/{event.token}/report.csv").content.decode("utf-8-sig"))
        )
    }
    winner, loser = table["players"]
    names = {pk: Registration.objects.get(pk=pk).player.username for pk in rows}
    assert rows[winner]["rounds"].startswith(f"R1 T{table['table']} vs {names[loser]} 2-1-0; R2 ")
    assert rows[loser]["rounds"].startswith(f"R1 T{table['table']} vs {names[winner]} 1-2-0; R2 ")
    assert rows[bye["players"][0]]["rounds"].startswith("R1 bye; R2 ")
    assert all(
        row["rounds"].endswith(" open") or "bye" in row["rounds"].split("; ")[1]
        for row in rows.values()
    )


def test_a_pairing_with_a_player_who_withdrew_or_waits_is_refused_and_a_round_skips_them(
    event, alice, alice_api, neopets_cards
):
    """Issue 39's refusals: nobody who left (by their own withdrawal as by a drop) or who waits
    for a seat is paired, by the service or by the organiser's hand."""
    from django.utils import timezone

    from events.roster import registration_withdraw

    entries = field(event, alice, 5)
    registration_withdraw(event=event, player=entries[0].player, after_round=0)
    Registration.objects.filter(pk=entries[1].pk).update(waitlisted=timezone.now())
    body = alice_api.post(url(event, "rounds/"), {}, format="json").json()
    paired = {p for pairing in body["pairings"] for p in pairing["players"]}
    assert paired == {e.pk for e in entries[2:]}
    for out in entries[:2]:
        others = [e.pk for e in entries[2:]]
        answer = alice_api.patch(
            url(event, "rounds/1/"),
            {"pairings": [[out.pk, others[0]], [others[1], others[2]]]},
            format="json",
        )
        assert answer.status_code == 400 and "pairings" in answer.json()["fields"]


def test_a_result_from_someone_outside_the_event_finds_no_round(
    event, alice, alice_api, bob, neopets_cards
):
    """A stranger to the event cannot even read its rounds: a result from them is the 404 of a
    round that is not there, and the table stays open."""
    field(event, alice, 2)
    alice_api.post(url(event, "rounds/"), {"publish": True}, format="json")
    answer = as_user(bob).post(
        url(event, "rounds/1/results/"), {"table": 1, "wins": [2, 0]}, format="json"
    )
    assert answer.status_code == 404
    assert alice_api.get(url(event, "rounds/1/")).json()["pairings"][0]["state"] == "open"
