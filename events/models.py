"""Tournament events and the decklists players lock into them.

An Event is reached by its unguessable `token` (the link an organiser shares); ids are never
shown outside the admin. A Registration locks one DeckVersion (with its content hash) and the
legality report it had when it was registered. Registering again keeps the old row, marked
`replaced`, so an event's history of entries is never lost; at most one entry per player is
current. Rows are written only through events.services, which guards the deadline in the write.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse


def new_token() -> str:
    """An unguessable link token: 128 random bits, URL-safe."""
    return secrets.token_urlsafe(16)


class Event(models.Model):
    organiser = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="organised_events"
    )
    token = models.CharField(max_length=32, unique=True, default=new_token, editable=False)
    name = models.CharField(max_length=200)
    game = models.ForeignKey("cards.Game", on_delete=models.PROTECT, related_name="events")
    format = models.ForeignKey(
        "rules.Format",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="events",
        help_text="Empty means the game's default format.",
    )
    date = models.DateField(
        help_text="The day the format's banned and restricted lists are read on."
    )
    registration_deadline = models.DateTimeField()
    time_zone = models.CharField(
        max_length=64,
        default="UTC",
        help_text="The organiser's time zone (IANA name): deadlines are entered and shown in it.",
    )
    published = models.BooleanField(
        default=False, help_text="Whether everyone may see the registered decklists."
    )
    webhook_url = models.URLField(
        blank=True,
        help_text="Where the organiser's own tools hear of illegal lists, drops and reminders "
        "(a JSON POST).",
    )
    reminded = models.DateTimeField(
        null=True, blank=True, help_text="When players were told the deadline is a day away."
    )
    created = models.DateTimeField(auto_now_add=True)
    registrations_changed = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When a player last registered; written by the deadline guard (services).",
    )
    capacity = models.PositiveIntegerField(
        null=True,
        blank=True,
        help_text="The most players the event takes (empty: no cap); those who register once "
        "it is full wait in order on its waitlist.",
    )
    check_in_until = models.DateTimeField(
        null=True,
        blank=True,
        help_text="Players may check themselves in until then, once the organiser opens "
        "check-in (empty: closed).",
    )

    class Meta:
        ordering = ["-date", "-id"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("events:detail", kwargs={"token": self.token})


class Registration(models.Model):
    # What a reader may see of the entry, given by events.selectors.registrations_seen_by (a
    # page showing an entry not passed there fails rather than tells); never stored.
    list_seen: dict[str, Any]
    hash_seen: str | None
    report_seen: dict[str, Any]

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="registrations")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="registrations"
    )
    deck_version = models.ForeignKey(
        "decks.DeckVersion", on_delete=models.PROTECT, related_name="registrations"
    )
    content_hash = models.CharField(
        max_length=64,
        help_text="The locked list's hash: of its cards only (decks.snapshots.list_hash), so "
        "identical lists under different names have the same hash.",
    )
    registered = models.DateTimeField(auto_now_add=True)
    legal = models.BooleanField()
    report = models.JSONField(help_text="The legality report as it was when registered.")
    replaced = models.DateTimeField(
        null=True, blank=True, help_text="Set when the player registered again; history."
    )
    dropped = models.DateTimeField(
        null=True, blank=True, help_text="Set when the player left: dropped or withdrew."
    )
    drop_reason = models.CharField(
        max_length=10,
        blank=True,
        choices=[
            ("organiser", "dropped by the organiser"),
            ("withdrew", "withdrew"),
            ("illegal", "list refused"),
        ],
        help_text="Who ended the entry: the organiser's drop, the player's withdrawal, or the "
        "organiser refusing every illegal list at once (before play).",
    )
    dropped_after_round = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text="The last round the player played before leaving (0: before round 1); the "
        "matches they played still count in the standings.",
    )
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="The organiser who entered a paper list on the player's behalf.",
    )
    checked = models.DateTimeField(
        null=True, blank=True, help_text="When the organiser marked the list checked."
    )
    note = models.TextField(blank=True, help_text="The organiser's note to the player.")
    archetype = models.CharField(
        max_length=100, blank=True, help_text="The organiser's name for the kind of deck."
    )
    waitlisted = models.DateTimeField(
        null=True,
        blank=True,
        help_text="Set while the player waits for a seat (the event was full when they first "
        "registered), its time their place in line; cleared when a seat is theirs.",
    )
    wins = models.PositiveIntegerField(null=True, blank=True, help_text="From the standings.")
    losses = models.PositiveIntegerField(null=True, blank=True)
    draws = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["event", "registered", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "player"],
                condition=Q(replaced__isnull=True),
                name="registration_one_current_per_player",
            ),
        ]
        indexes = [models.Index(fields=["event", "replaced"], name="registration_event_current")]

    def __str__(self) -> str:
        return f"{self.player} at {self.event}"

    @property
    def is_current(self) -> bool:
        return self.replaced is None

    @property
    def deck_name(self) -> str:
        """The deck's name as it was locked (renaming the deck later changes nothing here)."""
        return self.deck_version.snapshot["name"]


class RosterEntry(models.Model):
    """A player expected at the event: invited by the organiser, joined by the invite link,
    or registered. Check-in on the day is recorded here (a player may check in before their
    list is entered on paper)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="roster")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="roster_entries"
    )
    invited = models.DateTimeField(auto_now_add=True)
    joined = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When the player themselves joined: by the invite link or by registering a "
        "list of their own. Only such players are emailed (events.notice_gate): an organiser "
        "who typed a username in has no say over that user's mailbox.",
    )
    checked_in = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["event", "player__username"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="roster_one_entry_per_player")
        ]

    def __str__(self) -> str:
        return f"{self.player} on {self.event}'s roster"


class EventJudge(models.Model):
    """A judge the organiser added to the event: reads every list of it (as the organiser does),
    records deck checks and reads the checks' notes, which players never see."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="judges")
    judge = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="judging"
    )
    added = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "judge__username"]
        constraints = [models.UniqueConstraint(fields=["event", "judge"], name="event_judge_once")]

    def __str__(self) -> str:
        return f"{self.judge} judging {self.event}"


class Penalty(models.TextChoices):
    """What a judge may give (issue 39, item 4), the customary ladder from least to most."""

    WARNING = "warning", "warning"
    GAME_LOSS = "game_loss", "game loss"
    MATCH_LOSS = "match_loss", "match loss"
    DISQUALIFICATION = "disqualification", "disqualification"


class Infraction(models.TextChoices):
    """What a penalty is for: a short standard list, the judge's notes saying the rest."""

    DECKLIST = "decklist", "deck or decklist problem"
    MARKED_CARDS = "marked_cards", "marked cards"
    TARDINESS = "tardiness", "tardiness"
    SLOW_PLAY = "slow_play", "slow play"
    PROCEDURAL = "procedural", "procedural error"
    UNSPORTING = "unsporting", "unsporting conduct"


class DeckCheck(models.Model):
    """A judge's check of a player's physical deck against the list locked for the event: it
    matched, or the counts as presented, with what differed from the locked list and what the
    deck as presented breaks (section sizes, copies), the penalty noted and the judges' notes.
    A log: a check is corrected only through events.deck_checks.deck_check_edit, which keeps
    what each edit changed (DeckCheckEdit), so what was first recorded is never lost."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="deck_checks")
    registration = models.ForeignKey(
        Registration, on_delete=models.CASCADE, related_name="deck_checks"
    )
    judge = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    checked = models.DateTimeField(auto_now_add=True)
    matches = models.BooleanField(help_text="The deck as presented is the locked list.")
    presented = models.JSONField(
        null=True, blank=True, help_text="The counts as presented, by section; null if it matched."
    )
    differences = models.JSONField(
        default=list,
        help_text="Each card whose count differs: section, key, name, locked, presented.",
    )
    problems = models.JSONField(
        default=list, help_text="The errors of the deck as presented (section sizes, copies)."
    )
    penalty = models.CharField(
        max_length=20, blank=True, choices=Penalty.choices, help_text="Empty: none."
    )
    infraction = models.CharField(
        max_length=20,
        blank=True,
        choices=Infraction.choices,
        help_text="What the penalty is for; set exactly when there is a penalty.",
    )
    notes = models.TextField(blank=True, help_text="For the organiser and judges only.")

    class Meta:
        ordering = ["event", "-checked", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(penalty="", infraction="") | (~Q(penalty="") & ~Q(infraction="")),
                name="deck_check_penalty_has_infraction",
            )
        ]

    def __str__(self) -> str:
        return f"Deck check of {self.registration}"

    @property
    def penalty_said(self) -> str:
        """The penalty as people read it, "game loss (slow play)"; "" for none."""
        return penalty_said(self.penalty, self.infraction)


def penalty_said(penalty: str, infraction: str) -> str:
    """A penalty and its infraction in words; a value no longer listed is shown as stored."""
    if not penalty:
        return ""
    kind = dict(Penalty.choices).get(penalty, penalty)
    if not infraction:  # typed before penalties came from a list (migration 0011)
        return kind
    return f"{kind} ({dict(Infraction.choices).get(infraction, infraction)})"


class JudgePenalty(models.Model):
    """A penalty a judge gave outside a deck check (issue 39, item 4): slow play seen at a
    table, a player late for their round. From the same lists as a check's penalty, always
    with its infraction; shown with the player's other penalties and in the event's report."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="penalties")
    registration = models.ForeignKey(
        Registration, on_delete=models.CASCADE, related_name="penalties"
    )
    judge = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    given = models.DateTimeField(auto_now_add=True)
    penalty = models.CharField(max_length=20, choices=Penalty.choices)
    infraction = models.CharField(max_length=20, choices=Infraction.choices)
    notes = models.TextField(blank=True, help_text="For the organiser and judges only.")

    class Meta:
        ordering = ["event", "given", "id"]
        constraints = [
            models.CheckConstraint(
                condition=~Q(penalty="") & ~Q(infraction=""), name="judge_penalty_is_listed"
            )
        ]

    def __str__(self) -> str:
        return f"{self.penalty_said} for {self.registration}"

    @property
    def penalty_said(self) -> str:
        return penalty_said(self.penalty, self.infraction)


class DeckCheckEdit(models.Model):
    """One correction of a deck check: who made it, when, and each field it changed with its
    value before and after. Read, like the check's notes, by the organiser and judges only."""

    # not "check": a model's check() is Django's system-check hook
    deck_check = models.ForeignKey(DeckCheck, on_delete=models.CASCADE, related_name="edits")
    editor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    edited = models.DateTimeField(auto_now_add=True)
    changes = models.JSONField(
        help_text='Each field the edit changed: {"penalty": {"before": ..., "after": ...}}.'
    )

    class Meta:
        ordering = ["deck_check", "edited", "id"]

    def __str__(self) -> str:
        return f"Edit of {self.deck_check}"


class Round(models.Model):
    """One round played here (issue 39, item 3): Swiss, or of the top cut. Made as a draft the
    organiser may repair by hand; published, it is shown to the players with its clock."""

    SWISS, CUT = "swiss", "cut"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    kind = models.CharField(
        max_length=5, choices=[(SWISS, "Swiss"), (CUT, "top cut")], default=SWISS
    )
    created = models.DateTimeField(auto_now_add=True)
    published = models.DateTimeField(null=True, blank=True)
    ends = models.DateTimeField(
        null=True, blank=True, help_text="When the round's clock runs out (set on publishing)."
    )

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="round_number_once")
        ]

    def __str__(self) -> str:
        return f"Round {self.number} of {self.event}"


class Match(models.Model):
    """A table of a round: two players, or one with a bye (`opponent` empty, a win). The result
    is final once both players reported the same one, or the organiser or a judge entered it;
    two reports that differ are a dispute for a judge."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="matches")
    table = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Registration, on_delete=models.PROTECT, related_name="+")
    opponent = models.ForeignKey(
        Registration, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    player_wins = models.PositiveSmallIntegerField(null=True, blank=True)
    opponent_wins = models.PositiveSmallIntegerField(null=True, blank=True)
    draws = models.PositiveSmallIntegerField(null=True, blank=True)
    reports = models.JSONField(
        default=dict,
        help_text='Each player\'s report: {"<registration id>": [player wins, opponent wins, '
        "draws]}, until both agree or a judge decides.",
    )
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="The organiser or judge who entered the result (empty: the players agreed).",
    )

    class Meta:
        ordering = ["round", "table"]
        constraints = [models.UniqueConstraint(fields=["round", "table"], name="match_table_once")]

    def __str__(self) -> str:
        return f"Table {self.table} of {self.round}"

    @property
    def players(self) -> list[int]:
        return [self.player_id] + ([self.opponent_id] if self.opponent_id else [])

    @property
    def finished(self) -> bool:
        return self.player_wins is not None

    @property
    def state(self) -> str:
        """`final`, `disputed` (the players' reports differ), `reported` (one so far), `open`."""
        if self.finished:
            return "final"
        if len(set(map(tuple, self.reports.values()))) > 1:
            return "disputed"
        return "reported" if self.reports else "open"


class VerifiedEmail(models.Model):
    """The address a user proved theirs by following a signed link (events.email_addresses).
    Notices go only to `user.email` when it is this address: changing one's email leaves it
    unverified until the new address's link is followed."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="verified_email"
    )
    email = models.EmailField()
    verified = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.email} (verified)"


class NoticeSent(models.Model):
    """One email notice sent to a player: what the limits of events.notice_gate count."""

    recipient = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="+")
    organiser = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    kind = models.CharField(
        max_length=255, help_text="What the hour's limit counts as the same news."
    )
    sent = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["recipient", "sent"], name="notice_recipient_sent")]

    def __str__(self) -> str:
        return f"{self.kind} to {self.recipient}"


class MailStop(models.Model):
    """A user asked (by the link in a notice) for no more mail from an event, or from every
    event of an organiser: exactly one of `event` and `organiser` is set."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="mail_stops"
    )
    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    organiser = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(event__isnull=True) ^ Q(organiser__isnull=True),
                name="mail_stop_event_xor_organiser",
            ),
            models.UniqueConstraint(fields=["user", "event"], name="mail_stop_once_per_event"),
            models.UniqueConstraint(
                fields=["user", "organiser"], name="mail_stop_once_per_organiser"
            ),
        ]

    def __str__(self) -> str:
        return f"No mail to {self.user} from {self.event or self.organiser}"
