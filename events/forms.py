"""The events pages' forms: an event's settings, and a registration (a deck version or a list)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.base_user import AbstractBaseUser

from cards.models import Game
from decks.models import DeckVersion
from rules.models import Format

from .models import Event


class EventForm(forms.ModelForm):
    format = forms.ModelChoiceField(
        queryset=Format.objects.select_related("game").order_by("game__slug", "slug"),
        required=False,
        empty_label="The game's default",
        help_text="Must belong to the event's game.",
    )

    class Meta:
        model = Event
        fields = ["name", "game", "format", "date", "registration_deadline"]
        widgets = {
            "date": forms.DateInput(attrs={"type": "date"}),
            "registration_deadline": forms.DateTimeInput(
                attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"
            ),
        }
        help_texts = {"registration_deadline": "In UTC. Lists lock at this moment."}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"].queryset = Game.objects.order_by("name")

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        fmt, game = data.get("format"), data.get("game")
        if fmt is not None and game is not None and fmt.game_id != game.pk:
            self.add_error("format", f"{fmt.name} is not a {game.name} format.")
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
        versions = DeckVersion.objects.filter(deck__owner=player, deck__game=event.game)
        self.fields["version"].queryset = versions.select_related("deck").order_by(
            "deck__name", "-number"
        )
        self.fields["version"].label_from_instance = lambda v: f"{v.deck.name} — version {v.number}"

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if bool(data.get("version")) == bool(data.get("text", "").strip()):
            raise forms.ValidationError("Choose one of your decks or paste a list (not both).")
        return data
