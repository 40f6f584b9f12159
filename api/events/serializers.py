"""The shapes of /api/v1/events/: events by their link token, registrations with their report."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.utils import timezone
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from api.decks.serializers import SnapshotEntryOutput, game_format
from api.validation.serializers import IssueSerializer
from cards.models import Game
from events.models import Event, Infraction, Penalty, Registration
from events.notifications import WEBHOOK_NEWS
from events.schedule import deadline_problem, time_zone_names, wall_clock_to_utc
from events.selectors import is_open
from events.standings import MAX_GAMES


class WallClockDateTimeField(serializers.DateTimeField):
    """A date and time kept as sent: with a UTC offset, that moment; without one, a wall-clock
    time (naive) for EventInput to read in the event's time zone, as the site's form does.
    DRF would read it in the server's zone (UTC), so an Auckland deadline stayed open 13 hours
    longer than its organiser meant (issue 26, item 2)."""

    def enforce_timezone(self, value: datetime) -> datetime:
        return value


class EventInput(serializers.Serializer):
    name = serializers.CharField(max_length=200)
    game = serializers.SlugRelatedField(slug_field="slug", queryset=Game.objects.all())
    format = serializers.SlugField(
        allow_null=True, default=None, help_text="Default: the game's default format."
    )
    date = serializers.DateField(help_text="The day the banned and restricted lists are read on.")
    registration_deadline = WallClockDateTimeField(
        help_text="On or before the event's date (in its time zone), and in the future. "
        "Without a UTC offset (2026-12-04T18:00) it is read in the event's `time_zone`, as the "
        "website reads it; with one (Z, +13:00) it is that moment."
    )
    # A string checked against the IANA names, not an enum of ~600 of them in the schema (zone
    # names such as GMT+0 and GMT-0 even collide as generated clients' enum member names).
    time_zone = serializers.CharField(
        default="UTC",
        max_length=64,
        help_text="The organiser's IANA time zone (e.g. Europe/London): pages show the deadline "
        "in it.",
    )

    def validate_time_zone(self, value: str) -> str:
        if value not in time_zone_names():
            raise serializers.ValidationError(f"{value!r} is not an IANA time zone name.")
        return value

    published = serializers.BooleanField(default=False, help_text="Show every decklist.")
    capacity = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=1,
        max_value=100_000,
        help_text="The most players it takes (null: no cap); more wait on a waitlist, each "
        "given a seat in order as one comes free before round 1.",
    )
    webhook_url = serializers.URLField(
        required=False,
        allow_blank=True,
        help_text=f"Receives {WEBHOOK_NEWS}",
    )
    publish_while_open = serializers.BooleanField(
        default=False,
        write_only=True,
        help_text="Confirms publishing while registration is open: players who can still "
        "register see every list. Without it, that publish answers 409 registration_open.",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        event = self.context.get("event")
        game = attrs.get("game", event.game if event else None)
        game_changes = event is not None and attrs.get("game", event.game) != event.game
        if game_changes and event.registrations.exists():
            raise serializers.ValidationError({"game": ["cannot change once players registered"]})
        if game_changes:
            attrs.setdefault("format", None)  # the old game's format cannot stay
        if attrs.get("format") is not None:
            attrs["format"] = game_format(game, attrs["format"])
        self._check_deadline(attrs, event)
        return attrs

    def _check_deadline(self, attrs: dict[str, Any], event: Event | None) -> None:
        zone = attrs.get("time_zone", event.time_zone if event else "UTC")
        deadline = attrs.get("registration_deadline", event and event.registration_deadline)
        if timezone.is_naive(deadline):
            deadline = attrs["registration_deadline"] = wall_clock_to_utc(deadline, zone)
        problem = deadline_problem(
            deadline=deadline,
            event_date=attrs.get("date", event and event.date),
            time_zone=zone,
            changed=event is None or deadline != event.registration_deadline,
        )
        if problem:
            raise serializers.ValidationError({"registration_deadline": [problem]})


def drop_reason_field() -> serializers.ChoiceField:
    return serializers.ChoiceField(
        choices=Registration._meta.get_field("drop_reason").choices,
        allow_null=True,
        help_text="Why the entry ended: organiser (dropped), withdrew (the player), illegal "
        "(refused with every illegal list, before play); null while the player is in.",
    )


def after_round_field(**kwargs: Any) -> serializers.IntegerField:
    kwargs.setdefault(
        "help_text",
        "The last round the player played before leaving (0: none); their matches still count "
        "in the standings.",
    )
    return serializers.IntegerField(min_value=0, max_value=MAX_GAMES, **kwargs)


class ReportPenaltyOutput(serializers.Serializer):
    check = serializers.IntegerField(
        allow_null=True,
        help_text="The deck check that gave it; null: given outside a check (penalties/).",
    )
    checked = serializers.DateTimeField(help_text="When it was given.")
    penalty = serializers.ChoiceField(choices=Penalty.choices)
    infraction = serializers.ChoiceField(choices=Infraction.choices)
    said = serializers.CharField(help_text='In words: "game loss (slow play)".')
    judge = serializers.CharField(allow_null=True, help_text="Null: a judge since deleted.")


class ReportTableOutput(serializers.Serializer):
    round = serializers.IntegerField()
    kind = serializers.CharField(help_text="swiss or cut.")
    table = serializers.IntegerField()
    opponent = serializers.CharField(allow_null=True, help_text="Null: a bye.")
    wins = serializers.IntegerField(allow_null=True, help_text="This player's games; null: open.")
    losses = serializers.IntegerField(allow_null=True)
    draws = serializers.IntegerField(allow_null=True)
    state = serializers.CharField(help_text="open, reported, disputed or final.")


class ReportRowOutput(serializers.Serializer):
    """One current registration in the organiser's report."""

    id = serializers.IntegerField()
    player = serializers.CharField()
    deck = serializers.CharField(help_text="The deck's name.")
    version = serializers.IntegerField()
    content_hash = serializers.CharField()
    registered = serializers.DateTimeField()
    legal = serializers.BooleanField()
    dropped = serializers.BooleanField()
    withdrew = serializers.BooleanField(help_text="Dropped by the player's own choice.")
    drop_reason = drop_reason_field()
    dropped_after_round = after_round_field(allow_null=True)
    waitlisted = serializers.IntegerField(
        allow_null=True,
        help_text="The place on the waitlist (1: the next seat); null: the player has a seat.",
    )
    checked = serializers.BooleanField(help_text="The organiser has checked the list.")
    note = serializers.CharField(help_text="The organiser's note its player reads.")
    entered_by = serializers.CharField(
        allow_null=True, help_text="The organiser who typed in a paper list; null otherwise."
    )
    archetype = serializers.CharField(help_text="The organiser's name for the kind of deck.")
    wins = serializers.IntegerField(allow_null=True, help_text="From the standings.")
    losses = serializers.IntegerField(allow_null=True)
    draws = serializers.IntegerField(allow_null=True)
    penalties = ReportPenaltyOutput(
        many=True, help_text="Given at deck checks and outside them, oldest first."
    )
    rounds = ReportTableOutput(many=True, help_text="The rounds played here, in order.")
    errors = IssueSerializer(many=True)
    warnings = IssueSerializer(many=True)
    counts = serializers.DictField(child=serializers.IntegerField())


class ReportSummaryOutput(serializers.Serializer):
    registrations = serializers.IntegerField(help_text="Players with a seat (not waiting).")
    legal = serializers.IntegerField()
    illegal = serializers.IntegerField()
    unchecked = serializers.IntegerField(help_text="Players still in whose list is unchecked.")
    dropped = serializers.IntegerField()
    waitlisted = serializers.IntegerField(help_text="Players waiting for a seat.")
    by_code = serializers.DictField(
        child=serializers.IntegerField(), help_text="Registrations with each error code."
    )


class EventReportOutput(serializers.Serializer):
    event = serializers.CharField(help_text="The event's name.")
    game = serializers.CharField()
    format = serializers.CharField()
    date = serializers.DateField()
    summary = ReportSummaryOutput()
    registrations = ReportRowOutput(
        many=True, help_text="The players with a seat: illegal first, then by player."
    )
    waitlist = ReportRowOutput(
        many=True, help_text="The players waiting for a seat, in line: not registered yet."
    )


class DropIllegalOutput(serializers.Serializer):
    dropped = serializers.IntegerField(help_text="Players dropped now.")


class MetagameCardOutput(serializers.Serializer):
    name = serializers.CharField()
    copies = serializers.IntegerField()
    decks = serializers.IntegerField()
    share = serializers.FloatField(help_text="Of decks, from 0 to 1.")


class MetagameOutput(serializers.Serializer):
    decks = serializers.IntegerField()
    sections = serializers.DictField(child=MetagameCardOutput(many=True))


class EventOutput(serializers.ModelSerializer):
    id = serializers.CharField(source="token", help_text="The event's unguessable link token.")
    organiser = serializers.CharField(source="organiser.username")
    game = serializers.CharField(source="game.slug")
    format = serializers.SerializerMethodField()
    open = serializers.SerializerMethodField(help_text="Whether registration is still open.")

    class Meta:
        model = Event
        fields = [
            "id",
            "name",
            "organiser",
            "game",
            "format",
            "date",
            "time_zone",
            "registration_deadline",
            "open",
            "published",
            "capacity",
            "check_in_until",
        ]

    def get_format(self, event: Event) -> str:
        return event.format.slug if event.format else "standard"

    def get_open(self, event: Event) -> bool:
        return is_open(event=event)


class RegistrationInput(serializers.Serializer):
    exactly_one_of = ("deck", "text")  # api.schema writes it as a oneOf; validate() refuses

    deck = serializers.IntegerField(required=False, help_text="One of your decks, by id.")
    version = serializers.IntegerField(
        required=False, min_value=1, help_text="Its version number; default the latest."
    )
    text = serializers.CharField(
        required=False, help_text="Or a pasted decklist, which becomes a deck of yours."
    )
    name = serializers.CharField(
        required=False, max_length=200, help_text="The pasted deck's name."
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if ("deck" in attrs) == ("text" in attrs):
            raise serializers.ValidationError(
                {"deck": ["give exactly one of deck (a deck id) or text (a decklist)"]}
            )
        return attrs


class RegistrationOutput(serializers.ModelSerializer):
    """A registration as the reader may read it: give it through
    events.selectors.registrations_seen_by, which masks cards they may not read."""

    player = serializers.CharField(source="player.username")
    deck = serializers.IntegerField(source="deck_version.deck_id")
    deck_name = serializers.CharField(help_text="The deck's name as it was locked.")
    version = serializers.IntegerField(source="deck_version.number")
    content_hash = serializers.CharField(
        source="hash_seen",
        allow_null=True,
        help_text="The locked list's hash (of its cards only: identical lists share it); null "
        "if it holds a card you may not read (a private card), since the hash covers each "
        "card's key, which a user-made card's name gives, and would let anyone test guesses.",
    )
    errors = IssueSerializer(source="report_seen.errors", many=True)
    warnings = IssueSerializer(source="report_seen.warnings", many=True)
    counts = serializers.DictField(source="report.counts", child=serializers.IntegerField())
    sections = serializers.DictField(
        source="list_seen.sections",
        child=SnapshotEntryOutput(many=True),
        help_text="The locked list, by section (a deck version's entries).",
    )
    current = serializers.BooleanField(source="is_current")
    dropped = serializers.DateTimeField(allow_null=True)
    withdrew = serializers.SerializerMethodField(help_text="Dropped by the player's own choice.")
    drop_reason = serializers.SerializerMethodField()
    dropped_after_round = after_round_field(allow_null=True, read_only=True)
    checked = serializers.DateTimeField(allow_null=True, help_text="Marked checked, when.")
    entered_by = serializers.CharField(
        source="entered_by.username",
        allow_null=True,
        default=None,
        help_text="The organiser who typed in a paper list; null when the player registered.",
    )

    class Meta:
        model = Registration
        fields = [
            "id",
            "player",
            "deck",
            "deck_name",
            "version",
            "content_hash",
            "registered",
            "current",
            "waitlisted",
            "dropped",
            "withdrew",
            "drop_reason",
            "dropped_after_round",
            "checked",
            "entered_by",
            "archetype",
            "wins",
            "losses",
            "draws",
            "legal",
            "errors",
            "warnings",
            "counts",
            "sections",
        ]

    def get_withdrew(self, registration: Registration) -> bool:
        return registration.drop_reason == "withdrew"

    @extend_schema_field(drop_reason_field())
    def get_drop_reason(self, registration: Registration) -> str | None:
        return registration.drop_reason or None


class DropInput(serializers.Serializer):
    after_round = after_round_field(required=False)


class WithdrawInput(serializers.Serializer):
    after_round = after_round_field(
        required=False,
        help_text="The last round you played before leaving (0: none), if you say: no more "
        "than the event has played; your matches still count in the standings.",
    )


class RegistrationReviewOutput(RegistrationOutput):
    """An entry as its organiser sees it: with the note its player reads."""

    class Meta(RegistrationOutput.Meta):
        fields = [*RegistrationOutput.Meta.fields, "note"]


class RegistrationReviewInput(serializers.Serializer):
    checked = serializers.BooleanField(required=False, help_text="Mark the list checked or not.")
    note = serializers.CharField(
        required=False, allow_blank=True, max_length=2000, help_text="The note its player reads."
    )
    archetype = serializers.CharField(
        required=False, allow_blank=True, max_length=100, help_text="The kind of deck."
    )


class PaperListInput(serializers.Serializer):
    player = serializers.CharField(help_text="The player's username.")
    text = serializers.CharField(help_text="The list as handed in on paper.")
    name = serializers.CharField(required=False, max_length=200, help_text="The deck's name.")


class RosterInviteInput(serializers.Serializer):
    username = serializers.CharField(help_text="The player to put on the roster.")


class CheckInWindowInput(serializers.Serializer):
    minutes = serializers.IntegerField(
        min_value=0,
        max_value=24 * 60,
        default=30,
        help_text="How long players may check themselves in, from now (0 closes check-in).",
    )


class CheckInWindowOutput(serializers.Serializer):
    check_in_until = serializers.DateTimeField(
        allow_null=True, help_text="Players check themselves in until then; null: closed."
    )


class CheckInInput(serializers.Serializer):
    present = serializers.BooleanField(help_text="true checks the player in; false undoes it.")


class RosterRowOutput(serializers.Serializer):
    player_id = serializers.IntegerField(help_text="The player's stable id (pairing tools).")
    player = serializers.CharField()
    display_name = serializers.CharField()
    invited = serializers.BooleanField(help_text="On the roster (invited, joined or registered).")
    checked_in = serializers.BooleanField()
    state = serializers.ChoiceField(
        choices=["none", "registered", "waitlisted", "dropped", "withdrew"],
        help_text="none: not registered yet; waitlisted: registered, waiting for a seat.",
    )
    registration = serializers.IntegerField(allow_null=True)
    legal = serializers.BooleanField(allow_null=True)


ROSTER_ORDERS = ["player", "state", "checked_in"]


class RosterQuery(serializers.Serializer):
    """The roster's filters and order, read from the query as strictly as a body's fields."""

    state = serializers.ChoiceField(
        choices=RosterRowOutput().fields["state"].choices, required=False
    )
    checked_in = serializers.BooleanField(required=False)
    ordering = serializers.ChoiceField(
        choices=[*ROSTER_ORDERS, *(f"-{name}" for name in ROSTER_ORDERS)],
        required=False,
        help_text="Order by player (the default), state or checked_in; - descending.",
    )

    def chosen(self, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The rows these parameters keep, in their order (ties by player)."""
        data = self.validated_data
        if "state" in data:
            rows = [row for row in rows if row["state"] == data["state"]]
        if "checked_in" in data:
            rows = [row for row in rows if row["checked_in"] == data["checked_in"]]
        order = data.get("ordering", "player")
        name = order.removeprefix("-")
        return sorted(rows, key=lambda row: row[name], reverse=order.startswith("-"))


class StandingsInput(serializers.Serializer):
    text = serializers.CharField(
        help_text="CSV naming id or username, wins, losses and optionally draws."
    )


class StandingsOutput(serializers.Serializer):
    imported = serializers.IntegerField(help_text="Players whose results were recorded.")


class ArchetypeResultOutput(serializers.Serializer):
    archetype = serializers.CharField()
    decks = serializers.IntegerField()
    share = serializers.FloatField()
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    draws = serializers.IntegerField()
    win_rate = serializers.FloatField(allow_null=True, help_text="Draws count half.")


class ClusterOutput(serializers.Serializer):
    registrations = serializers.ListField(
        child=serializers.IntegerField(), source="registration_ids"
    )
    shared = serializers.ListField(
        child=serializers.CharField(), help_text="Cards every list of it plays."
    )


class ArchetypesOutput(serializers.Serializer):
    results = ArchetypeResultOutput(many=True)
    clusters = ClusterOutput(many=True, help_text="Suggested groups of similar lists.")
    players = serializers.SerializerMethodField(
        help_text="Each player's standing from the Swiss rounds played here, best first, with "
        "the tiebreakers (empty until a round is played here)."
    )

    @extend_schema_field(serializers.ListField(child=serializers.DictField()))
    def get_players(self, answer: dict[str, Any]) -> list[dict[str, Any]]:
        return PlayerStandingOutput(answer["players"], many=True).data


class MyRegistrationOutput(serializers.Serializer):
    current = RegistrationOutput(allow_null=True)
    note = serializers.CharField(help_text="The organiser's note on your current entry.")
    history = RegistrationOutput(many=True, help_text="Every entry, newest first.")


class VerdictChangeOutput(serializers.Serializer):
    id = serializers.IntegerField(source="registration.pk", help_text="The registration.")
    player = serializers.CharField(source="registration.player.username")
    deck_name = serializers.CharField(source="registration.deck_name")
    was_legal = serializers.BooleanField()
    legal = serializers.BooleanField(source="registration.legal")
    new_errors = IssueSerializer(many=True, help_text="Errors the list has now and had not.")
    resolved_errors = IssueSerializer(many=True, help_text="Errors it had and has no longer.")


class RecheckOutput(serializers.Serializer):
    checked = serializers.IntegerField(help_text="Current entries judged again.")
    changed = VerdictChangeOutput(many=True, help_text="Those whose errors changed.")


class EventUpdateOutput(EventOutput):
    """An event after a PATCH, with the re-check its new date or format caused."""

    recheck = serializers.SerializerMethodField(
        help_text="When `date` or `format` changed: every current list judged again, as "
        "`registrations/recheck/` answers; null when the change judges no list differently."
    )

    class Meta(EventOutput.Meta):
        fields = [*EventOutput.Meta.fields, "recheck"]

    @extend_schema_field(RecheckOutput(allow_null=True))
    def get_recheck(self, event: Event) -> dict[str, Any] | None:
        updated = self.context["updated"]
        if updated.rechecked is None:
            return None
        return RecheckOutput({"checked": updated.rechecked, "changed": updated.changes}).data


class JudgeInput(serializers.Serializer):
    username = serializers.CharField(help_text="The user to make a judge of the event.")


class JudgeOutput(serializers.Serializer):
    id = serializers.IntegerField(source="judge_id", help_text="The judge's user id.")
    username = serializers.CharField(source="judge.username")
    added = serializers.DateTimeField()


class DeckCheckWords(serializers.Serializer):
    """What a judge writes on a check, recorded or corrected: the penalty and the notes."""

    penalty = serializers.ChoiceField(
        choices=Penalty.choices,
        required=False,
        allow_blank=True,
        help_text="The penalty given ('' for none); the player is told it, never the notes.",
    )
    infraction = serializers.ChoiceField(
        choices=Infraction.choices,
        required=False,
        allow_blank=True,
        help_text="What the penalty is for: needed with a penalty, '' without one.",
    )
    notes = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=4000,
        help_text="For the organiser and judges: players never see them.",
    )


class PenaltyInput(DeckCheckWords):
    """A penalty given outside a deck check: slow play at a table, a player late."""

    player = serializers.CharField(help_text="The player's username: their current entry.")
    penalty = serializers.ChoiceField(
        choices=Penalty.choices, help_text="The penalty given; the player is told it."
    )


class PenaltyOutput(serializers.Serializer):
    id = serializers.IntegerField()
    registration = serializers.IntegerField(source="registration_id")
    player = serializers.CharField(source="registration.player.username")
    judge = serializers.CharField(source="judge.username", allow_null=True, default=None)
    given = serializers.DateTimeField()
    penalty = serializers.ChoiceField(choices=Penalty.choices)
    infraction = serializers.ChoiceField(choices=Infraction.choices)
    said = serializers.CharField(source="penalty_said", help_text='"game loss (slow play)".')
    notes = serializers.CharField(help_text="The judges' notes; players never see them.")


class DeckCheckInput(DeckCheckWords):
    exactly_one_of = ("matches", "text")  # api.schema writes it; validate() refuses

    player = serializers.CharField(help_text="The player's username: their current entry.")
    matches = serializers.BooleanField(
        required=False, help_text="true: the deck as presented is the locked list."
    )
    text = serializers.CharField(
        required=False,
        help_text="Or the deck as presented, as a decklist (the count of each card).",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if ("text" in attrs) == bool(attrs.get("matches")):
            raise serializers.ValidationError(
                {"matches": ["give matches: true, or text (the deck as presented), not both"]}
            )
        return attrs


class DeckCheckEditInput(DeckCheckWords):
    """A correction of a check: send only what changes. The counts are given again whole, as
    on recording (`matches: true` or `text`), and the differences are worked out anew."""

    matches = serializers.BooleanField(
        required=False, help_text="true: the deck as presented was the locked list after all."
    )
    text = serializers.CharField(
        required=False, help_text="Or the deck as presented, as a decklist, in place of the old."
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if attrs.get("matches") is False and "text" not in attrs:
            raise serializers.ValidationError(
                {"matches": ["to say it did not match, give text (the deck as presented)"]}
            )
        if attrs.get("matches") and "text" in attrs:
            raise serializers.ValidationError(
                {"matches": ["give matches: true, or text (the deck as presented), not both"]}
            )
        return attrs


class DeckCheckChangeOutput(serializers.Serializer):
    field = serializers.CharField(
        help_text="matches, presented, differences, problems, penalty, infraction or notes."
    )
    before = serializers.JSONField(allow_null=True, help_text="Its value before the edit.")
    after = serializers.JSONField(allow_null=True, help_text="Its value after the edit.")


class DeckCheckEditOutput(serializers.Serializer):
    editor = serializers.CharField(source="editor.username", allow_null=True, default=None)
    edited = serializers.DateTimeField()
    changes = serializers.SerializerMethodField()

    @extend_schema_field(DeckCheckChangeOutput(many=True))
    def get_changes(self, edit: Any) -> list[dict[str, Any]]:
        return [{"field": name, **values} for name, values in edit.changes.items()]


class DifferenceOutput(serializers.Serializer):
    section = serializers.CharField()
    key = serializers.CharField()
    name = serializers.CharField()
    locked = serializers.IntegerField(help_text="Copies in the locked list.")
    presented = serializers.IntegerField(help_text="Copies in the deck as presented.")


class DeckCheckOutput(serializers.Serializer):
    id = serializers.IntegerField()
    registration = serializers.IntegerField(source="registration_id")
    player = serializers.CharField(source="registration.player.username")
    judge = serializers.CharField(source="judge.username", allow_null=True, default=None)
    checked = serializers.DateTimeField()
    matches = serializers.BooleanField(help_text="The deck as presented is the locked list.")
    presented = serializers.DictField(
        child=SnapshotEntryOutput(many=True),
        allow_null=True,
        help_text="The counts as presented, by section; null when it was said to match.",
    )
    differences = DifferenceOutput(many=True, help_text="Each card whose count differs.")
    problems = IssueSerializer(
        many=True, help_text="The errors of the deck as presented: section sizes, copies."
    )
    penalty = serializers.ChoiceField(
        choices=Penalty.choices, allow_blank=True, help_text="'': none."
    )
    infraction = serializers.ChoiceField(
        choices=Infraction.choices, allow_blank=True, help_text="'': none."
    )
    notes = serializers.CharField(help_text="The judges' notes; players never see them.")
    edits = DeckCheckEditOutput(
        many=True, help_text="Each correction, oldest first: who, when, what it changed."
    )


class RoundInput(serializers.Serializer):
    top_cut = serializers.ChoiceField(
        choices=[8, 4], required=False, help_text="Start a top cut of this many, by seed."
    )
    publish = serializers.BooleanField(
        default=False, help_text="Publish at once (else a draft to repair by hand first)."
    )
    minutes = serializers.IntegerField(
        min_value=1, max_value=600, required=False, help_text="The round clock (default 50)."
    )


class RoundUpdateInput(serializers.Serializer):
    pairings = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField(), min_length=1, max_length=2),
        required=False,
        help_text="The organiser's pairings, table by table: registration ids (one: a bye).",
    )
    publish = serializers.BooleanField(default=False)
    minutes = serializers.IntegerField(min_value=1, max_value=600, required=False)


class PairingOutput(serializers.Serializer):
    table = serializers.IntegerField()
    players = serializers.ListField(
        child=serializers.IntegerField(), help_text="Registration ids; one for a bye."
    )
    names = serializers.SerializerMethodField(help_text="The players' usernames, in order.")
    bye = serializers.SerializerMethodField()
    wins = serializers.SerializerMethodField(help_text="Games won, per player; null until final.")
    draws = serializers.IntegerField(allow_null=True)
    state = serializers.CharField(help_text="open, reported, disputed or final.")

    def get_names(self, match) -> list[str]:
        sides = [match.player] + ([match.opponent] if match.opponent_id else [])
        return [side.player.get_username() for side in sides]

    def get_bye(self, match) -> bool:
        return match.opponent_id is None

    def get_wins(self, match) -> list[int] | None:
        if not match.finished:
            return None
        return [match.player_wins] + ([match.opponent_wins] if match.opponent_id else [])


class RoundOutput(serializers.Serializer):
    number = serializers.IntegerField()
    kind = serializers.CharField(help_text="swiss or cut.")
    published = serializers.DateTimeField(allow_null=True)
    ends = serializers.DateTimeField(allow_null=True, help_text="When the round clock runs out.")
    pairings = PairingOutput(many=True, source="matches.all")


class ResultInput(serializers.Serializer):
    table = serializers.IntegerField(min_value=1)
    wins = serializers.ListField(
        child=serializers.IntegerField(min_value=0, max_value=9),
        min_length=2,
        max_length=2,
        help_text="Games won by each player, in the pairing's `players` order.",
    )
    draws = serializers.IntegerField(min_value=0, max_value=9, default=0)


class PlayerStandingOutput(serializers.Serializer):
    rank = serializers.IntegerField()
    registration = serializers.IntegerField()
    player = serializers.CharField()
    dropped = serializers.BooleanField()
    match_points = serializers.IntegerField()
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    draws = serializers.IntegerField()
    omw = serializers.FloatField(help_text="Opponents' match-win %, each at least 1/3.")
    gw = serializers.FloatField(help_text="Game-win %, at least 1/3.")
    ogw = serializers.FloatField(help_text="Opponents' game-win %, each at least 1/3.")
