"""An event of 64 players start to finish in a real browser (issue 39: "done when"): the
organiser creates it with a cap of 64, opens check-in, pairs and publishes five Swiss rounds,
enters results, drops a player after round 2 (63 left: a bye each round from then on) and plays
a top cut of 8 to its final, all through the pages. Three players register, check themselves
in and report a result through the pages; the other 61 (and one more, who waits past the cap)
are entered through the service layer, as are most tables' results, to keep the test short.

What is asserted is what the people there would see on the pages: nobody meets an opponent
twice, the bye goes to the lowest-ranked player still in who has not had one and is worth a
win (3 points), the dropped player and the one waiting are never paired, the standings show
the tiebreakers, and the cut is seeded 1 v 8, 4 v 5, 2 v 7, 3 v 6 from them."""

from __future__ import annotations

from datetime import timedelta
from itertools import pairwise

from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import expect

from cards.models import Game
from decks.selectors import deck_version_latest
from decks.services import deck_import
from events import rounds
from events.models import Event, Registration, Round
from events.roster import roster_check_in
from events.services import registration_judge, registration_lock_in
from tests.browser.test_events import LEGAL, log_in, log_out, register_pasted

# Each table's result, first-listed player's games first, by table number (mod 4): wins both
# ways, so that the standings spread and their tiebreakers differ.
SCHEME = ["1-2", "2-1", "2-0", "0-2"]
GAMES = {"2-1": [2, 1], "2-0": [2, 0], "0-2": [0, 2], "1-2": [1, 2]}
ON_THE_PAGE = ["ana", "ben", "cy"]  # the players who use the site themselves
PAIRINGS = """rows => rows.map(r => [...r.cells].slice(0, 3).map(c => c.innerText.trim()))"""
ROWS = """rows => rows.map(r => [...r.cells].map(c => c.innerText.trim()))"""


def result_of(table: int) -> str:
    return SCHEME[table % 4]


def user(name: str, password: bool = False):
    users = get_user_model().objects
    if password:
        return users.create_user(name, password=f"{name}-password-1")
    return users.create_user(name)  # never signs in: no password to hash


def entered_through_the_service(event: Event, alice, count: int) -> list[Registration]:
    """`count` more players with the same legal paper list, entered by the organiser."""
    game = Game.objects.get(slug="neopets")
    deck = deck_import(owner=alice, game=game, name="House deck", text=LEGAL)
    version = deck_version_latest(deck=deck, viewer=alice)
    report = registration_judge(event=event, deck_version=version)
    return [
        registration_lock_in(
            event=event,
            player=user(f"p{n:02}"),
            deck_version=version,
            report=report,
            entered_by=alice,
        )
        for n in range(count)
    ]


def pairings(page, number: int) -> list[tuple[str, str]]:
    """Round `number`'s tables as the page shows them: (player, opponent or "bye")."""
    rows = page.locator(f"#round-{number} table.pairings tbody tr").evaluate_all(PAIRINGS)
    assert [int(table) for table, _, _ in rows] == list(range(1, len(rows) + 1))
    return [(player, opponent) for _, player, opponent in rows]


def standings(page) -> list[dict]:
    """The standings table, best first: name, whether dropped, points, record and tiebreakers
    (read once the page after the last click shows it: evaluate_all does not wait)."""
    expect(page.locator("#standings tbody tr").first).to_be_visible()
    rows = page.locator("#standings tbody tr").evaluate_all(ROWS)
    return [
        {
            "rank": int(rank),
            "name": name.removesuffix(" (dropped)"),
            "dropped": name.endswith("(dropped)"),
            "points": int(points),
            "record": record,
            "tiebreakers": (omw, gw, ogw),
        }
        for rank, name, points, record, omw, gw, ogw in rows
    ]


def entered_by_service(event: Event, number: int, by, skip: set[int]) -> None:
    """The organiser enters every other table's result of the round (SCHEME)."""
    played = Round.objects.get(event=event, number=number)
    for match in played.matches.filter(opponent__isnull=False, player_wins__isnull=True):
        if match.table not in skip:
            rounds.result_report(
                round=played, user=by, table=match.table, wins=GAMES[result_of(match.table)],
                draws=0,
            )  # fmt: skip


def enter_on_the_page(page, number: int, table: int, result: str, said: str) -> None:
    """The organiser (or a player at their own table) picks a result and sends it."""
    page.locator(f"#result-{number}-{table}").select_option(result)
    # the page answers the post: wait for it (the message may read as the previous round's)
    with page.expect_navigation():
        page.locator(f"#result-{number}-{table} + button").click()
    expect(page.locator(".messages")).to_contain_text(f"Table {table}'s result {said}")


def report_as_a_player(page, event: Event, name: str, number: int) -> tuple[int, str]:
    """`name` signs in, finds their table from the event page and reports its result; their
    table and opponent. The organiser signs back in after."""
    log_out(page)
    log_in(page, name)
    page.goto(event.get_absolute_url())
    expect(page.locator("#my-table")).to_contain_text(f"Round {number}: table")
    page.get_by_role("link", name="Pairings and standings").click()
    mine = page.locator(f"#round-{number} tr.mine")
    table = int(mine.locator("td").first.inner_text())
    player, opponent = (mine.locator("td").nth(i).inner_text() for i in (1, 2))
    enter_on_the_page(
        page, number, table, result_of(table), "is waiting for your opponent's report"
    )
    log_out(page)
    log_in(page, "alice")
    return table, opponent if player == name else player


def test_an_event_of_64_players_from_registration_to_the_top_cuts_final(page, sample_cards, shot):
    alice = user("alice", password=True)
    for name in ON_THE_PAGE:
        user(name, password=True)

    # The organiser creates the event, for 64 players, and opens check-in
    log_in(page, "alice")
    page.goto("/events/new/")
    page.get_by_label("Name", exact=True).fill("Battledome Championship")
    page.get_by_label("Game").select_option(label=Game.objects.get(slug="neopets").name)
    page.get_by_label("Date").fill("2026-12-05")
    deadline = timezone.now() + timedelta(hours=2)
    page.get_by_label("Registration deadline").fill(deadline.strftime("%Y-%m-%dT%H:%M"))
    page.get_by_label("Capacity").fill("64")
    page.get_by_role("button", name="Create event").click()
    event = Event.objects.get()
    assert event.capacity == 64
    page.get_by_role("button", name="Open check-in").click()
    expect(page.locator("#check-in-window")).to_contain_text("check themselves in until")
    log_out(page)

    # Three players register on the event's page and check themselves in
    for name in ON_THE_PAGE:
        log_in(page, name)
        register_pasted(page, event.get_absolute_url(), LEGAL)
        expect(page.locator("#my-registration")).to_contain_text("Legal")
        page.get_by_role("button", name="Check in").click()
        expect(page.locator("#checked-in")).to_contain_text("You are checked in")
        log_out(page)

    # 61 more fill the event; a 65th waits past the cap
    entries = entered_through_the_service(event, alice, 62)
    waiting = entries.pop()
    assert waiting.waitlisted is not None
    for entry in [*entries[1:], waiting]:  # the first of them is checked in on the dashboard
        roster_check_in(event=event, player=entry.player, present=True)
    log_in(page, "alice")
    page.goto(f"/events/{event.token}/manage/")
    expect(page.locator("#counts")).to_contain_text("64 registered")
    expect(page.locator("#waitlist")).to_contain_text(waiting.player.username)
    row = page.locator("#roster-table tbody tr").filter(
        has=page.get_by_role("cell", name=entries[0].player.username, exact=True)
    )
    row.get_by_role("button", name="Check in").click()
    expect(row.get_by_role("button", name="✓ Here (undo)")).to_be_visible()

    # Five Swiss rounds
    page.get_by_role("link", name="Rounds and standings").click()
    expect(page.locator("body")).to_contain_text("64 checked-in players with a legal list")
    dropped = entries[10]
    met: set[frozenset[str]] = set()
    had_bye: set[str] = set()
    table_before: list[dict] = []
    for number in range(1, 6):
        if number == 3:  # a player leaves after round 2, on the dashboard: 63 play on
            page.goto(f"/events/{event.token}/manage/")
            row = page.locator(f"#registration-{dropped.pk}")
            row.get_by_label("after round").fill("2")
            row.get_by_role("button", name="Drop").click()
            expect(page.locator(f"#registration-{dropped.pk}")).to_contain_text(
                "dropped after round 2"
            )
            page.get_by_role("link", name="Rounds and standings").click()
            expect(page.locator("body")).to_contain_text("63 checked-in players")
        page.get_by_role("button", name="Pair the next round").click()
        expect(page.locator(f"#round-{number}")).to_contain_text("Draft")
        page.get_by_role("button", name=f"Publish round {number}").click()
        expect(page.locator(f"#round-{number}")).to_contain_text("Time is up at")
        tables = pairings(page, number)
        names = [n for pair in tables for n in pair if n != "bye"]
        assert len(names) == len(set(names)) == (64 if number < 3 else 63)
        assert waiting.player.username not in names  # past the cap: never seated
        for pair in tables:
            if pair[1] != "bye":
                assert frozenset(pair) not in met, f"round {number} rematches {pair}"
                met.add(frozenset(pair))
        byes = [player for player, opponent in tables if opponent == "bye"]
        if number < 3:
            assert byes == []
        else:
            assert dropped.player.username not in names
            still_in = [row["name"] for row in table_before if not row["dropped"]]
            lowest = [name for name in still_in if name not in had_bye][-1]
            assert byes == [lowest], (number, byes, still_in[-3:])
            had_bye.add(lowest)

        # results: a player reports theirs (and their opponent confirms, or disputes it and
        # the organiser settles it on the page), the organiser enters one on the page, the
        # rest by the service
        played = Round.objects.get(event=event, number=number)
        done: set[int] = set()
        if number <= 2:
            name = ON_THE_PAGE[number - 1]
            table, opponent = report_as_a_player(page, event, name, number)
            page.goto(f"/events/{event.token}/rounds/")
            other = get_user_model().objects.get(username=opponent)
            agreed = GAMES[result_of(table)]
            if number == 1:  # the opponent confirms: final with no judge
                sent = rounds.result_report(
                    round=played, user=other, table=table, wins=agreed, draws=0
                )
                assert sent.state == "final"
            else:  # the opponent says otherwise: disputed until the organiser settles it
                rounds.result_report(
                    round=played, user=other, table=table, wins=agreed[::-1], draws=0
                )
                page.reload()
                expect(page.locator(f"#round-{number} tbody tr").nth(table - 1)).to_contain_text(
                    "disputed"
                )
                enter_on_the_page(page, number, table, result_of(table), "is final")
            done.add(table)
        first_open = min(t for t, (_, o) in enumerate(tables, 1) if o != "bye" and t not in done)
        enter_on_the_page(page, number, first_open, result_of(first_open), "is final")
        done.add(first_open)
        entered_by_service(event, number, alice, done)
        page.reload()
        expect(page.locator(f"#round-{number} tbody tr.final")).to_have_count(len(tables))
        row_texts = page.locator(f"#round-{number} tbody tr").all_inner_texts()
        table_after = standings(page)
        by_name = {row["name"]: row for row in table_after}
        for name in byes:  # the bye is a win: three points more than before it
            before = next(row for row in table_before if row["name"] == name)
            assert by_name[name]["points"] == before["points"] + 3
            assert "win" in row_texts[-1] and name in row_texts[-1]
        table_before = table_after

    # The standings after five rounds, with their tiebreakers
    final = table_before
    assert [row["rank"] for row in final] == list(range(1, 65))
    expect(page.locator("#standings thead")).to_contain_text("OMW")
    expect(page.locator("#standings thead")).to_contain_text("OGW")
    assert all(all(t.endswith("%") for t in row["tiebreakers"]) for row in final)
    assert len({row["tiebreakers"] for row in final}) > 10  # they tell players apart
    points = [row["points"] for row in final]
    assert points == sorted(points, reverse=True)
    assert [row["dropped"] for row in final].count(True) == 1
    assert next(row for row in final if row["dropped"])["name"] == dropped.player.username
    ties = [a for a, b in pairwise(final) if a["points"] == b["points"]]
    assert ties, "some players tie on points and are told apart by the tiebreakers"
    shot("event-64-swiss")

    # The top cut of 8, seeded from the standings: 1 v 8, 4 v 5, 2 v 7, 3 v 6, to its final
    seeds = [row["name"] for row in final if not row["dropped"]][:8]
    page.get_by_label("Top cut").select_option("8")
    page.get_by_role("button", name="Start the top cut").click()
    page.get_by_role("button", name="Publish round 6").click()
    expect(page.locator("#round-6")).to_contain_text("top cut")
    assert pairings(page, 6) == [
        (seeds[0], seeds[7]),
        (seeds[3], seeds[4]),
        (seeds[1], seeds[6]),
        (seeds[2], seeds[5]),
    ]
    for number, tables in ((6, 4), (7, 2), (8, 1)):
        if number > 6:
            page.get_by_role("button", name="Pair the next round").click()
            page.get_by_role("button", name=f"Publish round {number}").click()
        for table in range(1, tables + 1):  # the better seed wins each match
            enter_on_the_page(page, number, table, "2-0", "is final")
    assert pairings(page, 7) == [(seeds[0], seeds[3]), (seeds[1], seeds[2])]
    assert pairings(page, 8) == [(seeds[0], seeds[1])]
    page.get_by_role("button", name="Pair the next round").click()
    expect(page.locator(".messages")).to_contain_text("the event is over")
    assert standings(page) == final  # the cut leaves the Swiss standings as they were
    shot("event-64-top-cut")
