"""Rounds played here (issue 39, item 3): Swiss pairings, a top cut, results and standings.

The maths (pairing, tiebreakers, the cut's bracket) is events.swiss, plain Python; this module
reads and writes the rounds under the event's lock (events.services.event_lock), as every
write to an event's registrations is made. Who plays: the checked-in players with a current,
legal list who have not left; a player dropped or withdrawn is never paired again.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone

from . import swiss
from .models import Event, Match, Registration, Round
from .selectors import Viewer, can_judge, registrations_current
from .services import event_lock

ROUND_MINUTES = 50  # the usual round clock (MTR 2.5: at least 40 minutes; most events 50)
CUTS = (8, 4)


class RoundRefused(Exception):
    """The round or result cannot be made; `field` names the request's bad part."""

    def __init__(self, field: str, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.field, self.message, self.status = field, message, status


def round_players(*, event: Event) -> QuerySet[Registration]:
    """Who may be paired: checked in, with a current legal list, not dropped or withdrawn, and
    not waiting for a seat."""
    return registrations_current(event=event).filter(
        legal=True,
        dropped__isnull=True,
        waitlisted__isnull=True,
        player__roster_entries__event=event,
        player__roster_entries__checked_in__isnull=False,
    )


def swiss_results(*, event: Event) -> list[swiss.Result]:
    """Every finished Swiss match of the event (a bye as a win)."""
    return [
        swiss.Result(
            m.player_id, m.opponent_id, m.player_wins or 0, m.opponent_wins or 0, m.draws or 0
        )
        for m in Match.objects.filter(
            round__event=event, round__kind=Round.SWISS, player_wins__isnull=False
        )
    ]


def swiss_standings(*, event: Event) -> list[swiss.Standing]:
    """Standings with tiebreakers of everyone who played a Swiss round here (dropped players
    keep theirs); empty before the first round."""
    results = swiss_results(event=event)
    players = {r.a for r in results} | {r.b for r in results if r.b is not None}
    return swiss.standings(players, results)


def event_standings(*, event: Event) -> list[dict[str, Any]]:
    """swiss_standings with each player's name and whether they are still in: the rows of the
    API, the site's page and the CSV."""
    rows = swiss_standings(event=event)
    names = {
        r.pk: r
        for r in Registration.objects.filter(pk__in=[s.player for s in rows]).select_related(
            "player"
        )
    }
    return [
        {
            "rank": s.rank,
            "registration": s.player,
            "player": names[s.player].player.get_username(),
            "dropped": names[s.player].dropped is not None,
            "match_points": s.match_points,
            "wins": s.wins,
            "losses": s.losses,
            "draws": s.draws,
            "omw": s.omw,
            "gw": s.gw,
            "ogw": s.ogw,
        }
        for s in rows
    ]


STANDINGS_COLUMNS = (
    "rank", "registration", "player", "dropped", "match_points", "wins", "losses", "draws",
    "omw", "gw", "ogw",
)  # fmt: skip


PAIRING_COLUMNS = (
    "round", "table", "player", "opponent", "player_wins", "opponent_wins", "draws", "state",
)  # fmt: skip


def pairing_rows(*, round: Round) -> list[dict[str, Any]]:
    """A round's tables as CSV rows (the API's `?format=csv` and the site's download)."""
    return [
        {
            "round": round.number,
            "table": match.table,
            "player": match.player.player.get_username(),
            "opponent": match.opponent.player.get_username() if match.opponent else "(bye)",
            "player_wins": match.player_wins,
            "opponent_wins": match.opponent_wins,
            "draws": match.draws,
            "state": match.state,
        }
        for match in round.matches.all()
    ]


def rounds_visible(*, event: Event, user: Viewer) -> QuerySet[Round]:
    """The rounds this user may read: every one for the organiser and judges; the published
    ones for a player of the event, or anyone once the event's lists are published."""
    rounds = event.rounds.prefetch_related("matches__player__player", "matches__opponent__player")
    if can_judge(event=event, user=user):
        return rounds
    plays = user.is_authenticated and event.registrations.filter(player=user).exists()
    if event.published or plays:
        return rounds.filter(published__isnull=False)
    return rounds.none()


@transaction.atomic
def round_start(
    *, event: Event, top_cut: int | None = None, publish: bool = False, minutes: int | None = None
) -> Round:
    """Pair the next round: Swiss (events.swiss.swiss_pair), the first round of a top cut of
    `top_cut` by seed, or the next round of a cut under way. RoundRefused while the last round
    has a result missing or is unpublished, for a cut of another size, or with nobody to pair."""
    event_lock(event.pk)
    last = event.rounds.order_by("-number").first()
    if last is not None:
        if last.published is None:
            raise RoundRefused("round", f"Round {last.number} is not published yet.", 409)
        missing = last.matches.filter(player_wins__isnull=True).count()
        if missing:
            raise RoundRefused(
                "results", f"Round {last.number} has {missing} result(s) missing.", 409
            )
    number = last.number + 1 if last else 1
    if last is not None and last.kind == Round.CUT:
        if top_cut is not None:
            raise RoundRefused("top_cut", "The top cut is under way.")
        winners = [_winner(m) for m in last.matches.all()]
        if len(winners) < 2:
            raise RoundRefused("round", "The top cut's final is played: the event is over.", 409)
        pairs: list[tuple[int, int | None]] = list(swiss.cut_next(winners))
        kind = Round.CUT
    elif top_cut is not None:
        if top_cut not in CUTS:
            raise RoundRefused("top_cut", f"A top cut is of {' or '.join(map(str, CUTS))}.")
        still = set(round_players(event=event).values_list("pk", flat=True))
        seeds = [s.player for s in swiss_standings(event=event) if s.player in still]
        if len(seeds) < top_cut:
            raise RoundRefused("top_cut", f"Only {len(seeds)} players are still in.")
        pairs = list(swiss.cut_pair(seeds[:top_cut]))
        kind = Round.CUT
    else:
        pairs = _swiss_pairs(event)
        kind = Round.SWISS
    played = Round.objects.create(event=event, number=number, kind=kind)
    _matches_create(played, pairs)
    if publish:
        round_publish(round=played, minutes=minutes)
    return played


def _swiss_pairs(event: Event) -> list[tuple[int, int | None]]:
    players = list(round_players(event=event).values_list("pk", flat=True))
    if len(players) < 2:
        raise RoundRefused("players", "Fewer than two checked-in players with a legal list.")
    random.SystemRandom().shuffle(players)  # round 1, and ties: no seat is earned by signing up
    table = {s.player: s for s in swiss_standings(event=event)}
    players.sort(key=lambda p: table[p].rank if p in table else len(table) + 1)
    points = {p: table[p].match_points if p in table else 0 for p in players}
    met: set[frozenset[int]] = set()
    had_bye: set[int] = set()
    for m in Match.objects.filter(round__event=event, round__kind=Round.SWISS):
        if m.opponent_id is None:
            had_bye.add(m.player_id)
        else:
            met.add(frozenset((m.player_id, m.opponent_id)))
    return swiss.swiss_pair(players, points, met, had_bye)


def _winner(match: Match) -> int:
    if match.opponent_id is None or match.player_wins > match.opponent_wins:  # type: ignore[operator]
        return match.player_id
    return match.opponent_id


def _matches_create(played: Round, pairs: list[tuple[int, int | None]]) -> None:
    matches = []
    for table, (a, b) in enumerate(pairs, start=1):
        match = Match(round=played, table=table, player_id=a, opponent_id=b)
        if b is None:  # a bye is a win, 2-0 (MTR C.3)
            match.player_wins, match.opponent_wins, match.draws = (*swiss.BYE_GAMES, 0)
        matches.append(match)
    Match.objects.bulk_create(matches)
    records_update(event=played.event, registrations=[p for pair in pairs for p in pair if p])


@transaction.atomic
def round_repair(*, round: Round, pairings: list[list[int]]) -> Round:
    """The organiser's own pairings for a round not yet published, table by table (one player
    alone: a bye). RoundRefused naming `pairings` for a player not in play (dropped, withdrawn,
    not checked in, illegal list), a player twice, or a table of more than two."""
    event_lock(round.event_id)
    if round.published is not None:
        raise RoundRefused("pairings", "The round is published; its pairings stand.", 409)
    allowed = set(round_players(event=round.event).values_list("pk", flat=True))
    seen: set[int] = set()
    for table, players in enumerate(pairings, start=1):
        if not 1 <= len(players) <= 2:
            raise RoundRefused("pairings", f"Table {table} must have one or two players.")
        for pk in players:
            if pk not in allowed:
                raise RoundRefused(
                    "pairings",
                    f"Registration {pk} (table {table}) is not in play: dropped, withdrawn, "
                    "not checked in or with an illegal list.",
                )
            if pk in seen:
                raise RoundRefused("pairings", f"Registration {pk} is paired twice.")
            seen.add(pk)
    before = [p for m in round.matches.all() for p in m.players]
    round.matches.all().delete()
    pairs = [(players[0], players[1] if len(players) == 2 else None) for players in pairings]
    _matches_create(round, pairs)
    records_update(event=round.event, registrations=before)
    return round


def round_publish(*, round: Round, minutes: int | None = None) -> Round:
    """Show the round to the players and start its clock."""
    round.published = timezone.now()
    round.ends = round.published + timedelta(minutes=minutes or ROUND_MINUTES)
    round.save(update_fields=["published", "ends"])
    return round


@dataclass(frozen=True)
class Reported:
    match: Match
    state: str


@transaction.atomic
def result_report(*, round: Round, user: User, table: int, wins: list[int], draws: int) -> Reported:
    """A result for a table: entered by the organiser or a judge it is final; reported by one
    of its players it waits for the other's, final when both agree and disputed (for a judge)
    when they differ. `wins` are per player, in the table's order. RoundRefused for a table
    one is not playing at, a bye, a round not published, or a cut match without a winner."""
    event_lock(round.event_id)
    if round.published is None:
        raise RoundRefused("round", "The round is not published yet.", 409)
    match = round.matches.select_for_update().filter(table=table).first()
    if match is None:
        raise RoundRefused("table", f"Round {round.number} has no table {table}.", 404)
    judge = can_judge(event=round.event, user=user)
    mine = next(
        (pk for pk in match.players if Registration.objects.filter(pk=pk, player=user).exists()),
        None,
    )
    if not judge and mine is None:
        raise RoundRefused("table", f"You are not playing at table {table}.", 403)
    if match.opponent_id is None:
        raise RoundRefused("table", f"Table {table} is a bye: it needs no result.")
    if len(wins) != 2:
        raise RoundRefused("wins", "Give the games won by each of the table's two players.")
    if round.kind == Round.CUT and wins[0] == wins[1]:
        raise RoundRefused("wins", "A top-cut match needs a winner.")
    if judge:
        match.player_wins, match.opponent_wins, match.draws = wins[0], wins[1], draws
        match.decided_by = user
    else:
        if match.finished:
            raise RoundRefused("table", f"Table {table}'s result is final; ask a judge.", 409)
        match.reports = {**match.reports, str(mine): [wins[0], wins[1], draws]}
        agreed = {tuple(r) for r in match.reports.values()}
        if len(match.reports) == 2 and len(agreed) == 1:
            match.player_wins, match.opponent_wins, match.draws = wins[0], wins[1], draws
    match.save()
    if match.finished:
        records_update(event=round.event, registrations=match.players)
    return Reported(match, match.state)


def records_update(*, event: Event, registrations: list[int]) -> None:
    """Write these players' Swiss records on their entries (wins, losses, draws), where the
    archetype win rates and rounds_played read them, as an imported standings file would."""
    records = {pk: [0, 0, 0] for pk in registrations}
    for r in swiss_results(event=event):
        for me, mine, theirs in ((r.a, r.a_wins, r.b_wins), (r.b, r.b_wins, r.a_wins)):
            if me in records:
                records[me][0 if mine > theirs else 1 if mine < theirs else 2] += 1
    for pk, (wins, losses, draws) in records.items():
        Registration.objects.filter(pk=pk).update(wins=wins, losses=losses, draws=draws)


def round_get(*, event: Event, user: Viewer, number: int) -> Round:
    """One round, if this user may read it (rounds_visible); Round.DoesNotExist otherwise."""
    return rounds_visible(event=event, user=user).get(number=number)


def my_matches(*, event: Event, user: Viewer) -> QuerySet[Match]:
    """The user's tables in the event's published rounds (what the player's page shows)."""
    if not user.is_authenticated:
        return Match.objects.none()
    return Match.objects.filter(
        Q(player__player=user) | Q(opponent__player=user),
        round__event=event,
        round__published__isnull=False,
    ).select_related("round", "player__player", "opponent__player")
