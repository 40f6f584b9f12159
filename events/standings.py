"""After the anchors: standings imported back from the pairing tool, archetypes named by the
organiser (with clusters of similar lists suggested), and win rates by archetype (issue 17,
item 13).

A standings file is CSV with a header naming `id` (the roster CSV's player id) or `username`,
and `wins`, `losses` and optionally `draws`; most Swiss tools export that or can be told to.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from basics.csvfiles import cell_read, csv_rows
from basics.ids import integer_between

from .models import Event, Registration
from .selectors import registrations_current
from .services import event_lock

MAX_GAMES = 999  # far past any event's rounds; a count no column or pairing tool means
SIMILAR = 0.6  # lists sharing this much of their cards (weighted Jaccard) are one cluster


class StandingsUnreadable(Exception):
    """The standings file cannot be used; `problems` names each bad line and column."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


def standings_import(*, event: Event, text: str) -> int:
    """Record each player's wins, losses and draws on their current entry; how many players.
    All or nothing: one bad line refuses the file, naming every problem."""
    rows = csv_rows(text)
    columns = rows.fieldnames or []
    problems: list[str] = []
    key = "id" if "id" in columns else "username" if "username" in columns else None
    if key is None or not {"wins", "losses"} <= set(columns):
        raise StandingsUnreadable(["the header must name id or username, wins and losses"])
    current = {
        (str(r.player_id) if key == "id" else r.player.get_username().casefold()): r
        for r in registrations_current(event=event)
    }
    results: dict[int, tuple[int, int, int]] = {}
    first_line: dict[int, int] = {}
    for row in rows:
        line = rows.line_num
        who = cell_read(row.get(key) or "").strip()
        registration = current.get(who if key == "id" else who.casefold())
        if registration is None:
            problems.append(f"line {line}: {key} {who!r} has no entry in this event")
            continue
        if registration.pk in first_line:
            problems.append(
                f"line {line}: {key} {who!r} is also on line {first_line[registration.pk]}; "
                "name each player once"
            )
            continue
        first_line[registration.pk] = line
        scores = [_count(row, column, line, problems) for column in ("wins", "losses", "draws")]
        results[registration.pk] = (scores[0], scores[1], scores[2])
    if problems:
        raise StandingsUnreadable(problems)
    with transaction.atomic():
        event_lock(event.pk)
        for pk, (wins, losses, draws) in results.items():
            Registration.objects.filter(pk=pk).update(wins=wins, losses=losses, draws=draws)
    return len(results)


def _count(row: dict[str, str | None], column: str, line: int, problems: list[str]) -> int:
    """A wins, losses or draws cell as a count from 0 to MAX_GAMES (empty draws are 0); a
    problem naming the line and column otherwise."""
    value = cell_read(row.get(column) or "0").strip()
    count = integer_between(value, 0, MAX_GAMES)
    if count is None:
        problems.append(
            f"line {line}: {column} must be a whole number from 0 to {MAX_GAMES}, not {value!r}"
        )
    return count or 0


def archetype_name(*, event: Event, registration_ids: list[int], name: str) -> int:
    """Give these current entries the archetype `name` (empty clears it); how many."""
    with transaction.atomic():
        event_lock(event.pk)
        return (
            registrations_current(event=event)
            .filter(pk__in=registration_ids)
            .update(archetype=name.strip())
        )


@dataclass(frozen=True)
class Cluster:
    """Lists similar enough to be one kind of deck, and the cards most of them share."""

    registrations: list[Registration]
    shared: list[str]

    @property
    def registration_ids(self) -> list[int]:
        return [registration.pk for registration in self.registrations]


def archetype_clusters(*, event: Event) -> list[Cluster]:
    """Suggested clusters of similar lists (players still in): lists are linked when they share
    at least SIMILAR of their cards, counting copies (weighted Jaccard), and a cluster is a
    connected group of links; single lists are left out. Largest first."""
    lists = list(registrations_current(event=event).filter(dropped__isnull=True))
    cards = [_copies(registration) for registration in lists]
    parent = list(range(len(lists)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i in range(len(lists)):
        for j in range(i + 1, len(lists)):
            if _similarity(cards[i], cards[j]) >= SIMILAR:
                parent[root(i)] = root(j)
    groups: dict[int, list[int]] = {}
    for i in range(len(lists)):
        groups.setdefault(root(i), []).append(i)
    clusters = []
    for members in groups.values():
        if len(members) < 2:
            continue
        seen: Counter[str] = Counter()
        for i in members:
            seen.update(cards[i].keys())
        shared = [name for name, n in seen.most_common() if n == len(members)][:5]
        clusters.append(Cluster([lists[i] for i in members], shared))
    return sorted(clusters, key=lambda c: -len(c.registrations))


def archetype_results(*, event: Event) -> list[dict[str, Any]]:
    """Per archetype (every list that played): decks, share, wins, losses, draws and win rate
    (wins over games played, draws as half a win); unnamed lists are `Unnamed`.

    A player who left mid-event keeps the matches they played (issue 26, item 3): leaving them
    out dropped one side of each of their matches (162 wins against 163 losses in 165 games).
    A list that played is one still in, one dropped after a round, or one with results
    recorded; a list refused before play, or dropped with no round and no result, is not.
    """
    lists = [r for r in registrations_current(event=event) if _played(r)]
    table: dict[str, dict[str, Any]] = {}
    for registration in lists:
        row = table.setdefault(
            registration.archetype or "Unnamed",
            {
                "archetype": registration.archetype or "Unnamed",
                "decks": 0,
                "wins": 0,
                "losses": 0,
                "draws": 0,
            },
        )
        row["decks"] += 1
        for column in ("wins", "losses", "draws"):
            row[column] += getattr(registration, column) or 0
    for row in table.values():
        games = row["wins"] + row["losses"] + row["draws"]
        row["share"] = round(row["decks"] / len(lists), 3)
        row["win_rate"] = round((row["wins"] + row["draws"] / 2) / games, 3) if games else None
    return sorted(table.values(), key=lambda row: (-row["decks"], row["archetype"]))


def _played(registration: Registration) -> bool:
    return (
        registration.dropped is None
        or bool(registration.dropped_after_round)
        or registration.wins is not None
    )


def _copies(registration: Registration) -> Counter[str]:
    copies: Counter[str] = Counter()
    for entries in registration.deck_version.snapshot["sections"].values():
        for entry in entries:
            copies[entry["name"]] += entry["quantity"]
    return copies


def _similarity(a: Counter[str], b: Counter[str]) -> float:
    both = sum((a & b).values())
    either = sum((a | b).values())
    return both / either if either else 0.0
