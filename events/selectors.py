"""Reads of events: who sees which event and registrations, reports, decklists and metagame.

Visibility (issue 9, item 4): anyone with an event's link sees the event; its organiser and its
judges (issue 26, item 7: can_judge) see every registration; a player sees their own; everyone
else, signed in or not, sees the lists only once the organiser publishes them (and never a
dropped player's). Deck checks, and the notes in them, are the organiser's and the judges'
alone: a player never reads them, not even of their own deck.

What of a list one may see (issue 15, privacy): the organiser and judges judge the lists and
read every card of them; anyone else reads a locked list as they would read the deck
(decks.privacy), so a player's private user-made card is "a private card" to everyone but its
author until shared. Every
read of a locked list for a person (pages, downloads, the API, the metagame) takes its lists
through registrations_seen_by or lists_mask.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import replace
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Exists, F, Max, OuterRef, Prefetch, Q, QuerySet
from django.db.models.functions import Coalesce
from django.utils import timezone

from decks.models import DeckVersion
from decks.selectors import NOTHING_HIDDEN, SnapshotMask, refs_for_text, snapshots_mask
from rulebook.core.decklist import write_decklist
from rulebook.core.report import issues_text
from rulebook.core.resolve import EntryRef

from .models import (
    DeckCheck,
    DeckCheckEdit,
    Event,
    EventJudge,
    JudgePenalty,
    Match,
    Registration,
)

# Whoever reads: a signed-in user or an anonymous visitor.
Viewer = User | AnonymousUser


def event_get(*, token: str) -> Event:
    """The event behind a link; Event.DoesNotExist otherwise."""
    return Event.objects.select_related("organiser", "game", "format").get(token=token)


def event_list(*, user: Viewer) -> QuerySet[Event]:
    """The events a user has a part in: those they organise, judge and registered for; each
    with `judging`, whether the user is one of its judges (their part, unless they organise)."""
    if not user.is_authenticated:
        return Event.objects.none()
    mine = Q(organiser=user) | Q(registrations__player=user) | Q(judges__judge=user)
    judging = Exists(EventJudge.objects.filter(event=OuterRef("pk"), judge=user))
    return (
        Event.objects.filter(mine)
        .distinct()
        .annotate(judging=judging)
        .select_related("organiser", "game", "format")
    )


def is_organiser(*, event: Event, user: Viewer) -> bool:
    return user.is_authenticated and event.organiser_id == user.pk


def can_judge(*, event: Event, user: Viewer) -> bool:
    """Whether this user judges the event's lists: its organiser, or a judge they added. The
    one rule of who reads every list whole, records deck checks and reads their notes."""
    if is_organiser(event=event, user=user):
        return True
    return user.is_authenticated and event.judges.filter(judge=user).exists()


def invited_not_joined(*, event: Event, user: Viewer) -> bool:
    """Whether the organiser put this user on the roster and they have not yet joined
    themselves (by the invite link or a list of their own): until they do, no email reaches
    them about the event (events.notice_gate)."""
    if not user.is_authenticated:
        return False
    return event.roster.filter(player=user, joined__isnull=True).exists()


def is_checked_in(*, event: Event, user: Viewer) -> bool:
    """Whether this user is checked in at the event (what their page says of it)."""
    if not user.is_authenticated:
        return False
    return event.roster.filter(player=user, checked_in__isnull=False).exists()


def event_judges(*, event: Event) -> QuerySet[EventJudge]:
    return event.judges.select_related("judge")


def deck_checks_seen_by(*, event: Event, user: Viewer) -> QuerySet[DeckCheck]:
    """The event's deck checks, newest first, with their edit history, for its organiser and
    judges; none for anyone else (a player never reads a check, its notes or its edits).
    Reading a check and correcting it are one right: who may record checks (can_judge)."""
    if not can_judge(event=event, user=user):
        return DeckCheck.objects.none()
    return event.deck_checks.select_related("registration__player", "judge").prefetch_related(
        Prefetch("edits", queryset=DeckCheckEdit.objects.select_related("editor"))
    )


def deck_check_seen_by(*, event: Event, user: Viewer, pk: int) -> DeckCheck:
    """One of the event's deck checks, if this user may read it (deck_checks_seen_by);
    DeckCheck.DoesNotExist otherwise, the same for a check that is not there."""
    return deck_checks_seen_by(event=event, user=user).get(pk=pk)


def judge_penalties_seen_by(*, event: Event, user: Viewer) -> QuerySet[JudgePenalty]:
    """The penalties given outside deck checks, oldest first, for whoever reads the checks
    (can_judge); none for anyone else, the player penalised included (they are told by email)."""
    if not can_judge(event=event, user=user):
        return JudgePenalty.objects.none()
    return event.penalties.select_related("registration__player", "judge")


def penalties_of(*, event: Event, user: Viewer, player_id: int) -> list[dict[str, Any]]:
    """A player's penalties at this event, oldest first, from deck checks and given outside
    them, for whoever reads its checks (can_judge): what a judge sees before giving another."""
    if not can_judge(event=event, user=user):
        return []
    return [given for given in _penalties_given(event) if given["player_id"] == player_id]


def _penalties_given(event: Event) -> list[dict[str, Any]]:
    """Every penalty of the event, oldest first: each deck check's (`check` its id) and each
    given outside a check (`check` None), with the player, when, what, by whom and the notes."""
    checks = event.deck_checks.exclude(penalty="").select_related("judge", "registration")
    others = event.penalties.select_related("judge", "registration")
    given = [_given(check, check.pk, check.checked) for check in checks]
    given += [_given(penalty, None, penalty.given) for penalty in others]
    return sorted(given, key=lambda row: row["given"])


def _given(penalty: DeckCheck | JudgePenalty, check: int | None, when: datetime) -> dict[str, Any]:
    return {
        "player_id": penalty.registration.player_id,
        "check": check,
        "given": when,
        "penalty": penalty.penalty,
        "infraction": penalty.infraction,
        "said": penalty.penalty_said,
        "judge": penalty.judge.get_username() if penalty.judge else None,
        "notes": penalty.notes,
    }


def rounds_played(*, event: Event) -> int | None:
    """How many rounds the event has played, as far as is known: once standings are in, the
    most matches any entry played; before the event's day (in its time zone), none; else None,
    not known (the rounds themselves are the pairing tool's)."""
    games: int | None = (
        event.registrations.filter(replaced__isnull=True, wins__isnull=False)
        .annotate(games=F("wins") + F("losses") + Coalesce("draws", 0))
        .aggregate(most=Max("games"))["most"]
    )
    if games is not None:
        return games
    if timezone.localdate(timezone=ZoneInfo(event.time_zone)) < event.date:
        return 0
    return None


def is_open(*, event: Event) -> bool:
    """Whether registration is still open (for display: the write itself decides; services)."""
    return event.registration_deadline > timezone.now()


def registrations_current(*, event: Event) -> QuerySet[Registration]:
    """Every player's current entry (dropped ones too), illegal first, then by player."""
    return (
        event.registrations.filter(replaced__isnull=True)
        .select_related("player", "deck_version__deck", "entered_by")
        .order_by("legal", "player__username")
    )


def registrations_visible(*, event: Event, user: Viewer) -> QuerySet[Registration]:
    """The current entries this user may see (see the module's docstring)."""
    current = registrations_current(event=event)
    if can_judge(event=event, user=user):
        return current
    own = Q(player=user) if user.is_authenticated else Q(pk__in=[])
    if event.published:
        return current.filter(own | Q(dropped__isnull=True))
    return current.filter(own)


def registration_history(*, event: Event, player: User) -> QuerySet[Registration]:
    """Every entry the player made for the event, newest first (replaced ones included)."""
    return (
        event.registrations.filter(player=player)
        .select_related("deck_version__deck")
        .order_by("-registered", "-id")
    )


def lists_mask(
    *, event: Event, registrations: Iterable[Registration], user: Viewer
) -> SnapshotMask:
    """What this user may not read of these locked lists: nothing if they organise or judge the
    event (they judge the lists), else the cards decks.privacy hides from them in any deck."""
    if can_judge(event=event, user=user):
        return NOTHING_HIDDEN
    snapshots = [registration.deck_version.snapshot for registration in registrations]
    return snapshots_mask(game=event.game, snapshots=snapshots, viewer=user)


def registrations_seen_by(
    *, event: Event, registrations: Iterable[Registration], user: Viewer
) -> list[Registration]:
    """The registrations, each given `list_seen` (its locked snapshot), `report_seen` (its
    stored report) and `hash_seen` (its list hash, None unless they read every card of it) as
    this user may read them (lists_mask): what pages, downloads and the API show of an entry."""
    registrations = list(registrations)
    mask = lists_mask(event=event, registrations=registrations, user=user)
    for registration in registrations:
        report = registration.report
        snapshot = registration.deck_version.snapshot
        registration.list_seen = mask.snapshot(snapshot)
        registration.hash_seen = mask.hash(snapshot, registration.content_hash)
        registration.report_seen = {
            **report,
            "errors": mask.issues(report["errors"]),
            "warnings": mask.issues(report["warnings"]),
        }
    return registrations


def version_entries(*, version: DeckVersion) -> list[EntryRef]:
    """A locked version's entries as the rules core judges them: by card key alone, printing
    kept. The name beside a key is what the card was called when the version was saved; its
    author may rename it since (the key stays), and the card the key names is the one judged,
    never a disagreement of names (card.mismatch) that no one typed."""
    return [
        replace(ref, name=None) if ref.key is not None else ref
        for ref in snapshot_refs(version.snapshot)
    ]


def snapshot_refs(snapshot: dict[str, Any]) -> list[EntryRef]:
    """A snapshot's entries as the rules core reads them: by card key, printing kept (a
    masked entry by its stand-in name alone)."""
    return [
        EntryRef(
            section=section,
            quantity=entry["quantity"],
            name=entry["name"],
            key=entry["key"],
            set=entry.get("set"),
            number=entry.get("number"),
        )
        for section, entries in snapshot["sections"].items()
        for entry in entries
    ]


def registration_decklist(*, registration: Registration, user: Viewer) -> str:
    """The locked list as a plain-text decklist (by name, printings kept), as this user, the
    reader of registrations_seen_by, may read it. A name is told apart by its key among the
    cards this user may use, never the player's: among theirs, a key on a card everyone reads
    would say the player holds a private card of the same name (issue 15, privacy)."""
    game = registration.event.game
    entries = refs_for_text(game=game, refs=snapshot_refs(registration.list_seen), viewer=user)
    return write_decklist(game.spec, entries)


def event_report(*, event: Event) -> dict[str, Any]:
    """The whole-event legality report: every current entry with a seat, illegal first, with
    counts of the players still in (legal, illegal, unchecked, errors by code) and of those
    dropped; apart from them, the `waitlist` (issue 39, item 5): the players waiting for a
    seat, in line, counted neither as registered nor among the lists still in."""
    penalties: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for given in _penalties_given(event):
        penalties[given["player_id"]].append(_penalty_row(given))
    tables = _tables_by_registration(event)
    line = _places_in_line(event)
    rows = [
        _report_row(
            registration,
            penalties[registration.player_id],
            tables[registration.pk],
            line.get(registration.pk),
        )
        for registration in registrations_current(event=event)
    ]
    waitlist = sorted((row for row in rows if row["waitlisted"]), key=lambda r: r["waitlisted"])
    rows = [row for row in rows if not row["waitlisted"]]
    playing = [row for row in rows if not row["dropped"]]
    by_code: Counter[str] = Counter()
    for row in playing:
        by_code.update({issue["code"] for issue in row["errors"]})
    return {
        "event": event.name,
        "game": event.game.slug,
        "format": event.format.slug if event.format else "standard",
        "date": event.date.isoformat(),
        "summary": {
            "registrations": len(rows),
            # the players still in: a dropped player's list is no longer the organiser's care
            "legal": sum(row["legal"] for row in playing),
            "illegal": sum(not row["legal"] for row in playing),
            "unchecked": sum(not row["checked"] for row in playing),
            "dropped": len(rows) - len(playing),
            "waitlisted": len(waitlist),
            "by_code": dict(sorted(by_code.items())),
        },
        "registrations": rows,
        "waitlist": waitlist,
    }


def _places_in_line(event: Event) -> dict[int, int]:
    """Each waiting player's place on the waitlist (1: the next seat is theirs), by entry; a
    player who left while waiting has none (they are among the dropped)."""
    waiting = Registration.objects.filter(
        event=event, replaced__isnull=True, dropped__isnull=True, waitlisted__isnull=False
    ).order_by("waitlisted", "id")  # the order events.services.waitlist_promote seats them in
    return {pk: place for place, pk in enumerate(waiting.values_list("pk", flat=True), start=1)}


REPORT_COLUMNS = (
    "id",
    "player",
    "deck",
    "version",
    "content_hash",
    "registered",
    "legal",
    "dropped",
    "drop_reason",
    "dropped_after_round",
    "waitlisted",
    "checked",
    "entered_by",
    "note",
    "archetype",
    "wins",
    "losses",
    "draws",
    "penalties",
    "rounds",
    "error_codes",
    "errors",
    "warnings",
)


def event_report_rows(*, report: dict[str, Any]) -> list[dict[str, Any]]:
    """The report flattened to one CSV row per registration (the columns of REPORT_COLUMNS):
    everything the organiser reviewed, the registration's id to find it again, `entered_by`
    naming who typed in a paper list (empty: the player registered), and the record; the
    waitlist last, apart, each row with its place in line (`waitlisted`, empty for a seat)."""
    return [
        {
            **{name: row[name] for name in REPORT_COLUMNS[:-5]},
            "waitlisted": row["waitlisted"] or "",
            "entered_by": row["entered_by"] or "",
            "penalties": "; ".join(
                f"{p['said']} by {p['judge'] or 'a former judge'}" for p in row["penalties"]
            ),
            "rounds": "; ".join(_table_said(table) for table in row["rounds"]),
            "error_codes": " ".join(issue["code"] for issue in row["errors"]),
            "errors": issues_text(row["errors"]),
            "warnings": issues_text(row["warnings"]),
        }
        for row in [*report["registrations"], *report["waitlist"]]
    ]


def _penalty_row(given: dict[str, Any]) -> dict[str, Any]:
    """A penalty as the report gives it (the judges' notes are not in it)."""
    return {
        "check": given["check"],
        "checked": given["given"].isoformat(),
        **{name: given[name] for name in ("penalty", "infraction", "said", "judge")},
    }


def _tables_by_registration(event: Event) -> dict[int, list[dict[str, Any]]]:
    """Each player's tables in the rounds played here, by round: whom they met and the result
    from their side (None until final), a bye as a table with no opponent."""
    tables: dict[int, list[dict[str, Any]]] = defaultdict(list)
    matches = Match.objects.filter(round__event=event).select_related(
        "round", "player__player", "opponent__player"
    )
    for m in matches.order_by("round__number", "table"):
        sides = [(m.player, m.opponent, m.player_wins, m.opponent_wins)]
        if m.opponent is not None:
            sides.append((m.opponent, m.player, m.opponent_wins, m.player_wins))
        for me, them, won, lost in sides:
            tables[me.pk].append(
                {
                    "round": m.round.number,
                    "kind": m.round.kind,
                    "table": m.table,
                    "opponent": them.player.get_username() if them else None,
                    "wins": won,
                    "losses": lost,
                    "draws": m.draws,
                    "state": m.state,
                }
            )
    return tables


def _table_said(table: dict[str, Any]) -> str:
    """One table in a CSV cell: "R2 T5 vs bob 2-1-0" (the player's games first), "R3 bye",
    "R4 T1 vs carol open" until its result is final."""
    head = f"R{table['round']}"
    if table["opponent"] is None:
        return f"{head} bye"
    if table["wins"] is None:
        result = table["state"]
    else:
        result = f"{table['wins']}-{table['losses']}-{table['draws'] or 0}"
    return f"{head} T{table['table']} vs {table['opponent']} {result}"


def _report_row(
    registration: Registration,
    penalties: list[dict[str, Any]],
    rounds: list[dict[str, Any]],
    place_in_line: int | None,
) -> dict[str, Any]:
    version = registration.deck_version
    return {
        "id": registration.pk,
        "player": registration.player.username,
        "deck": registration.deck_name,
        "version": version.number,
        "content_hash": registration.content_hash,
        "registered": registration.registered.isoformat(),
        "legal": registration.legal,
        "dropped": registration.dropped is not None,
        "withdrew": registration.drop_reason == "withdrew",
        "drop_reason": registration.drop_reason or None,
        "dropped_after_round": registration.dropped_after_round,
        "waitlisted": place_in_line,
        "checked": registration.checked is not None,
        "note": registration.note,
        "entered_by": registration.entered_by.username if registration.entered_by else None,
        "archetype": registration.archetype,
        "wins": registration.wins,
        "losses": registration.losses,
        "draws": registration.draws,
        "penalties": penalties,
        "rounds": rounds,
        "errors": registration.report["errors"],
        "warnings": registration.report["warnings"],
        "counts": registration.report["counts"],
    }


def event_metagame(*, event: Event, user: Viewer) -> dict[str, Any]:
    """Most-played cards per section over the entries still in the event (a seat held, not
    left; the waitlist's lists are not played): copies, decks playing the card and their share
    of all decks. Cards this user may not read count together as "a private card"
    (lists_mask), so no total names them."""
    playing = registrations_current(event=event).filter(
        dropped__isnull=True, waitlisted__isnull=True
    )
    registrations = registrations_seen_by(event=event, registrations=playing, user=user)
    copies: dict[str, Counter[str]] = defaultdict(Counter)
    decks: dict[str, Counter[str]] = defaultdict(Counter)
    for registration in registrations:
        for section, entries in registration.list_seen["sections"].items():
            names: Counter[str] = Counter()
            for entry in entries:
                names[entry["name"]] += entry["quantity"]
            copies[section].update(names)
            decks[section].update(names.keys())
    total = len(registrations)
    sections = {
        section: [
            {
                "name": name,
                "copies": copies[section][name],
                "decks": count,
                "share": round(count / total, 3),
            }
            for name, count in sorted(decks[section].items(), key=lambda item: (-item[1], item[0]))
        ]
        for section in event.game.spec.section_slugs
    }
    return {"decks": total, "sections": sections}


def event_roster(*, event: Event) -> list[dict[str, Any]]:
    """Everyone expected or registered, by name: invited or not, checked in or not, and their
    entry's state (`none` not registered yet, `registered`, `waitlisted` (registered, waiting
    for a seat), `dropped`, `withdrew`) and the
    round after which a player who left did so, if said."""
    entries = {e.player_id: e for e in event.roster.select_related("player")}
    current = {r.player_id: r for r in registrations_current(event=event)}
    players = {e.player_id: e.player for e in entries.values()}
    players.update({r.player_id: r.player for r in current.values()})
    rows = []
    for player_id, player in players.items():
        entry, registration = entries.get(player_id), current.get(player_id)
        if registration is None:
            state = "none"
        elif registration.dropped is None:
            state = "registered" if registration.waitlisted is None else "waitlisted"
        else:
            # a refused list (drop_reason illegal) is dropped too; the report says which
            state = "withdrew" if registration.drop_reason == "withdrew" else "dropped"
        rows.append(
            {
                "player_id": player_id,
                "player": player.get_username(),
                "display_name": player.get_full_name() or player.get_username(),
                "invited": entry is not None,
                "checked_in": entry is not None and entry.checked_in is not None,
                "state": state,
                "registration": registration.pk if registration else None,
                "legal": registration.legal if registration else None,
                "dropped_after_round": registration.dropped_after_round if registration else None,
            }
        )
    return sorted(rows, key=lambda row: row["player"].casefold())


PAIRING_COLUMNS = ("id", "username", "display_name", "checked_in", "legal", "deck")


def event_pairing_rows(*, event: Event) -> list[dict[str, Any]]:
    """The roster as a pairing tool imports it: one row per player with a list who is still in
    the event (not dropped, not withdrawn), `id` the player's stable id for matching standings
    back. Invited players who never sent a list are left out (issue 26, item 4): a pairing
    tool would pair them, and they cannot play; the roster page and JSON still list them."""
    current = {r.player_id: r for r in registrations_current(event=event)}
    return [
        {
            "id": row["player_id"],
            "username": row["player"],
            "display_name": row["display_name"],
            "checked_in": row["checked_in"],
            "legal": row["legal"],
            "deck": current[row["player_id"]].deck_name,
        }
        for row in event_roster(event=event)
        if row["state"] == "registered"
    ]
