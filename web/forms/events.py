"""The events pages' forms: an event's settings, and a registration (a deck version or a list)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.base_user import AbstractBaseUser

from basics.ids import integer_between
from cards.models import Game
from decks.models import DeckVersion
from decks.resolution import InvalidEntries
from decks.selectors import deck_versions_own
from decks.services import DecklistUnreadable
from events.deck_checks import penalty_checked
from events.models import Event, Infraction, Penalty
from events.notifications import WEBHOOK_NEWS
from events.schedule import deadline_problem, time_zone_names, utc_to_wall_clock, wall_clock_to_utc
from events.services import RegistrationRefused
from events.standings import MAX_GAMES
from rules.models import Format


class EventForm(forms.ModelForm):
    format = forms.ModelChoiceField(
        queryset=Format.objects.select_related("game").order_by("game__slug", "slug"),
        required=False,
        empty_label="The game's default",
        help_text="Must belong to the event's game.",
    )

    time_zone = forms.ChoiceField(
        choices=[(name, name) for name in time_zone_names()],
        initial="UTC",
        required=False,
        help_text="Yours: the deadline is entered in it; each player sees it in their own.",
    )

    webhook_url = forms.URLField(
        required=False,
        assume_scheme="https",
        label="Webhook URL (optional)",
        help_text=f"Your own tools receive {WEBHOOK_NEWS}",
    )

    class Meta:
        model = Event
        fields = [
            "name",
            "game",
            "format",
            "date",
            "time_zone",
            "registration_deadline",
            "capacity",
            "webhook_url",
        ]
        widgets = {
            "date": forms.DateInput(attrs={"type": "date"}),
            "registration_deadline": forms.DateTimeInput(
                attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"
            ),
        }
        help_texts = {
            "registration_deadline": "In the time zone above, on or before the event's date. "
            "Lists lock at this moment."
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"].queryset = Game.objects.registered().order_by("name")
        if self.instance.pk is not None:
            self.initial["registration_deadline"] = utc_to_wall_clock(
                self.instance.registration_deadline, self.instance.time_zone
            )
            if self.instance.registrations.exists():
                self.fields["game"].disabled = True
                self.fields["game"].help_text = "Players have registered: the game is fixed."

    def clean_time_zone(self) -> str:
        return self.cleaned_data["time_zone"] or "UTC"

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        fmt, game = data.get("format"), data.get("game")
        if fmt is not None and game is not None and fmt.game_id != game.pk:
            self.add_error("format", f"{fmt.name} is not a {game.name} format.")
        deadline, day, zone = (
            data.get("registration_deadline"),
            data.get("date"),
            data.get("time_zone"),
        )
        if deadline is not None and day is not None and zone is not None:
            deadline = data["registration_deadline"] = wall_clock_to_utc(deadline, zone)
            before = self.instance.registration_deadline if self.instance.pk else None
            unchanged = before is not None and deadline == before.replace(second=0, microsecond=0)
            if unchanged:  # the field shows minutes: keep the stored moment to the microsecond
                deadline = data["registration_deadline"] = before
            problem = deadline_problem(
                deadline=deadline, event_date=day, time_zone=zone, changed=not unchanged
            )
            if problem:
                self.add_error("registration_deadline", f"The deadline {problem}.")
        return data


class RegistrationForm(forms.Form):
    """Either one of the player's deck versions or a pasted decklist."""

    version = forms.ModelChoiceField(
        queryset=DeckVersion.objects.none(),
        required=False,
        empty_label="— paste a list instead —",
        label="One of your decks",
    )
    text = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 10, "class": "mono"}),
        label="Or paste a decklist",
        help_text="One card a line (2 Hot Dog), with section headers such as Main Deck:. "
        "It becomes a private deck of yours.",
    )
    name = forms.CharField(required=False, max_length=200, label="Name for the pasted deck")

    def __init__(self, *args: Any, player: AbstractBaseUser, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["version"].queryset = deck_versions_own(user=player, game=event.game)
        self.fields["version"].label_from_instance = lambda v: f"{v.deck.name} — version {v.number}"

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if bool(data.get("version")) == bool(data.get("text", "").strip()):
            raise forms.ValidationError("Choose one of your decks or paste a list (not both).")
        return data


def add_decklist_problems(form: forms.Form, exc: DecklistUnreadable | InvalidEntries) -> None:
    """Each unreadable line or unknown card of a pasted list, as an error of the `text` field."""
    if isinstance(exc, DecklistUnreadable):
        for problem in exc.problems:
            form.add_error(
                "text", f"Line {problem.line} ({problem.text.strip()!r}) {problem.message}"
            )
    else:
        for problem in exc.problems:
            form.add_error("text", f"Line {problem.ref.line}: {problem.message}")


class PaperListForm(forms.Form):
    player = forms.CharField(max_length=150, label="Player's username")
    text = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 12, "class": "mono"}),
        label="The list as written on paper",
    )
    name = forms.CharField(max_length=200, required=False, label="Deck name")


def after_round_typed(typed: str) -> int | None:
    """The round a drop or withdrawal came after, as typed beside its button (empty: not
    said); ValueError, a message to show, for anything but a whole number from 0 to 999."""
    if not typed.strip():
        return None
    after_round = integer_between(typed.strip(), 0, MAX_GAMES)
    if after_round is None:
        raise ValueError(f"The round must be a whole number from 0 to {MAX_GAMES}.")
    return after_round


class DecklistTextField(forms.CharField):
    """A decklist typed in a textarea. Browsers send a textarea's lines ending in CRLF, so line
    endings are read as one, and a list sent back as it was prefilled has not changed."""

    def to_python(self, value: Any) -> str:
        return "\n".join(super().to_python(value).splitlines())

    def has_changed(self, initial: Any, data: Any) -> bool:
        return self.to_python(initial) != self.to_python(data)


class PenaltyWords(forms.Form):
    """A penalty from the list with what it is for, and the judges' notes: what a deck check
    and a penalty given outside one both say (events.deck_checks.penalty_checked)."""

    penalty = forms.ChoiceField(
        required=False, choices=[("", "none"), *Penalty.choices], label="Penalty"
    )
    infraction = forms.ChoiceField(
        required=False,
        choices=[("", "—"), *Infraction.choices],
        label="For",
        help_text="What the penalty is for; say the rest in the notes.",
    )
    notes = forms.CharField(
        required=False,
        max_length=4000,
        widget=forms.Textarea(attrs={"rows": 2}),
        label="Notes (judges only; players never see them)",
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not data.get("penalty"):  # "none" with the old infraction still chosen: none at all
            data["infraction"] = ""
        try:
            penalty_checked(data.get("penalty", ""), data.get("infraction", ""))
        except RegistrationRefused as exc:
            self.add_error(exc.field, exc.message)
        return data


class DeckCheckEditForm(PenaltyWords):
    """What a judge finds at a check, or corrects after: it matched, or the deck as presented;
    the penalty from the list with what it is for, and the judges' notes."""

    # not "matches": a form control of that name shadows the form element's own matches()
    # method in the browser, and htmx, calling it, stopped working on the page
    deck_matches = forms.BooleanField(required=False, label="The deck matches the locked list")
    text = DecklistTextField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 10, "class": "mono"}),
        label="Or the deck as presented",
        help_text="The count of each card, one a line, with section headers (Main Deck:).",
    )
    field_order = ["deck_matches", "text", "penalty", "infraction", "notes"]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        # The list counts as typed only if it differs from what the form was given: on the
        # correction form it comes prefilled with the deck as presented, and ticking "matches"
        # while leaving it as it was says the deck matched after all.
        matches, typed = data.get("deck_matches"), "text" in self.changed_data and data.get("text")
        if (matches and typed) or not (matches or data.get("text")):
            raise forms.ValidationError("Tick that it matches or type the deck (not both).")
        return data


class ForPlayer(forms.Form):
    """A form about one of the event's players (their current entry), chosen from a list."""

    registration = forms.ChoiceField(label="Player")

    def __init__(self, *args: Any, registrations: list[Any], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["registration"].choices = [
            (r.pk, f"{r.player.get_username()} — {r.deck_name}") for r in registrations
        ]


class DeckCheckForm(ForPlayer, DeckCheckEditForm):
    """A judge's check of one player's deck: it matched, or the deck as presented."""

    field_order = ["registration", *DeckCheckEditForm.field_order]


class PenaltyForm(ForPlayer, PenaltyWords):
    """A penalty a judge gives outside a deck check (issue 39, item 4): slow play, tardiness."""

    field_order = ["registration", "penalty", "infraction", "notes"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["penalty"].required = True
        self.fields["penalty"].choices = Penalty.choices
        # labels of their own: the deck check's form is on the same page
        self.fields["penalty"].label = "Penalty given"
        self.fields["infraction"].label = "Given for"
        self.fields["notes"].label = "Its notes (judges only)"
