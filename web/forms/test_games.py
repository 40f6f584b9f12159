"""The test-games and "test this card" forms."""

from __future__ import annotations

from typing import Any

from django import forms

from rulebook.registry import GAMES
from rulebook.simulation.seeds import MAX_SEED
from rules.services.simulations import MAX_GAMES


class CardTestForm(forms.Form):
    """ "Test this card": the deck it goes into, the card it replaces, the reference deck."""

    deck = forms.ChoiceField(label="Deck to put the card in", choices=())
    replaces = forms.CharField(
        label="Card it replaces",
        max_length=200,
        initial="Ember Sprite",
        help_text="Every copy of this card in the deck is replaced by yours.",
    )
    reference = forms.ChoiceField(label="Opponent (the reference deck)", choices=())
    games = forms.IntegerField(min_value=1, max_value=MAX_GAMES, initial=200)
    seed = forms.IntegerField(
        min_value=0, max_value=MAX_SEED, required=False, help_text="Empty: a random seed."
    )

    def __init__(self, *args: Any, decks: list[Any], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["deck"].choices = decks
        self.fields["reference"].choices = decks


PASTE = "paste"


class TestGamesForm(forms.Form):
    """Two decks (stored, sample or pasted), the number of games and a seed."""

    game = forms.ChoiceField(choices=())
    deck_a = forms.ChoiceField(label="Deck A", choices=())
    text_a = forms.CharField(
        label="Deck A's list (when pasted)",
        required=False,
        widget=forms.Textarea(attrs={"rows": 6, "class": "mono"}),
    )
    deck_b = forms.ChoiceField(label="Deck B", choices=())
    text_b = forms.CharField(
        label="Deck B's list (when pasted)",
        required=False,
        widget=forms.Textarea(attrs={"rows": 6, "class": "mono"}),
    )
    games = forms.IntegerField(min_value=1, max_value=MAX_GAMES, initial=200)
    seed = forms.IntegerField(
        min_value=0, max_value=MAX_SEED, required=False, help_text="Empty: a random seed."
    )

    def __init__(self, *args: Any, games: list[str], decks: list[Any], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [(slug, GAMES[slug].name) for slug in games]
        for name in ("deck_a", "deck_b"):
            self.fields[name].choices = [(PASTE, "Paste a list below"), *decks]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        for side in ("a", "b"):
            if data.get(f"deck_{side}") == PASTE and not (data.get(f"text_{side}") or "").strip():
                self.add_error(f"text_{side}", "Paste the deck's list, or choose a deck above.")
        return data


class DoctorForm(forms.Form):
    """The deck doctor: the opponent, where candidate cards come from, the budget and a seed."""

    FROM_DECKS, FROM_LIST = "decks", "list"

    opponent = forms.ChoiceField(label="Opponent (the field it must face)", choices=())
    second_opponent = forms.ChoiceField(
        label="A second opponent (optional)", choices=(), required=False
    )
    source = forms.ChoiceField(
        label="Cards to try in the deck",
        choices=[(FROM_LIST, "The cards listed below"), (FROM_DECKS, "My other decks' cards")],
        initial=FROM_LIST,
        widget=forms.RadioSelect,
    )
    cards = forms.CharField(
        label="Cards (one a line)",
        required=False,
        widget=forms.Textarea(attrs={"rows": 5}),
        help_text="Each is tried in place of each card of the same type, where the deck stays "
        "legal.",
    )
    budget = forms.IntegerField(
        label="Games to play", min_value=10, max_value=MAX_GAMES, initial=4000
    )
    seed = forms.IntegerField(
        min_value=0, max_value=MAX_SEED, required=False, help_text="Empty: a random seed."
    )

    def __init__(self, *args: Any, decks: list[Any], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["opponent"].choices = decks
        self.fields["second_opponent"].choices = [("", "None"), *decks]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("source") == self.FROM_LIST and not (data.get("cards") or "").strip():
            self.add_error("cards", "List a card or more, or try your other decks' cards.")
        return data
