"""The test-games and "test this card" forms."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms

from jobs.services.admission import MAX_GAMES
from rulebook.registry import GAMES
from rulebook.simulation.seeds import MAX_SEED


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
NO_DECK = ""  # an empty seat at a table
TABLE_SIDES = ("c", "d", "e")  # the seats a game played at a table may fill beyond A and B


class TestGamesForm(forms.Form):
    """Two decks (stored, sample or pasted), for a game played at a table up to three more
    (decks C to E), the number of games and a seed."""

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

    def __init__(
        self,
        *args: Any,
        games: list[str],
        decks: list[Any],
        table_games: frozenset[str] = frozenset(),
        options: Mapping[str, tuple[frozenset[str], tuple[str, ...]]] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.table_games = table_games
        # The engines' job options (the Millennium Blades Store): name -> (games, values).
        self.options = options or {}
        for name, (option_games, values) in self.options.items():
            names = ", ".join(GAMES[game].name for game in sorted(option_games))
            self.fields[name] = forms.ChoiceField(
                label=name.capitalize(),
                choices=[("", f"The default ({values[0]})"), *((v, v) for v in values)],
                required=False,
                help_text=f"{names} only.",
            )
        self.fields["game"].choices = [(slug, GAMES[slug].name) for slug in games]
        tables = ", ".join(GAMES[game].name for game in sorted(table_games)) or "no game"
        for side in TABLE_SIDES:
            label = f"Deck {side.upper()}"
            self.fields[f"deck_{side}"] = forms.ChoiceField(
                label=label,
                choices=(),
                required=False,
                help_text=f"A table of up to five decks: {tables} only.",
            )
            self.fields[f"text_{side}"] = forms.CharField(
                label=f"{label}'s list (when pasted)",
                required=False,
                widget=forms.Textarea(attrs={"rows": 3, "class": "mono"}),  # mostly empty
            )
        sides = ("a", "b", *TABLE_SIDES)
        seats = [f"{field}_{side}" for side in sides for field in ("deck", "text")]
        self.order_fields(["game", *seats, *self.options, "games", "seed"])
        for name in ("deck_a", "deck_b"):
            self.fields[name].choices = [(PASTE, "Paste a list below"), *decks]
        for side in TABLE_SIDES:
            self.fields[f"deck_{side}"].choices = [
                (NO_DECK, "No deck"),
                (PASTE, "Paste a list below"),
                *decks,
            ]

    def sides(self) -> list[str]:
        """The seats the form fills, in order: A and B, then C to E where a deck is chosen."""
        data = self.cleaned_data
        return ["a", "b"] + [side for side in TABLE_SIDES if data.get(f"deck_{side}")]

    def chosen_options(self) -> dict[str, str]:
        """The options the form chose (none left at the default)."""
        return {name: self.cleaned_data[name] for name in self.options if self.cleaned_data[name]}

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        for side in ("a", "b", *TABLE_SIDES):
            if data.get(f"deck_{side}") == PASTE and not (data.get(f"text_{side}") or "").strip():
                self.add_error(f"text_{side}", "Paste the deck's list, or choose a deck above.")
        game = data.get("game")
        for name, (option_games, _) in self.options.items():
            if game and data.get(name) and game not in option_games:
                self.add_error(name, f"{GAMES[game].name} takes no {name}; leave the default.")
        if game and game not in self.table_games:
            for side in TABLE_SIDES:
                if data.get(f"deck_{side}"):
                    self.add_error(
                        f"deck_{side}",
                        f"{GAMES[game].name} is played by two decks; choose No deck here.",
                    )
        return data


class DoctorForm(forms.Form):
    """The deck doctor: the opponent, where candidate cards come from, the budget and a seed."""

    FROM_DECKS, FROM_LIST, FROM_FORMAT = "decks", "list", "format"

    opponent = forms.ChoiceField(label="Opponent (the field it must face)", choices=())
    second_opponent = forms.ChoiceField(
        label="A second opponent (optional)", choices=(), required=False
    )
    source = forms.ChoiceField(
        label="Cards to try in the deck",
        choices=[
            (FROM_LIST, "The cards listed below"),
            (FROM_DECKS, "My other decks' cards"),
            (FROM_FORMAT, "Every card of the game's standard format (its bans left out)"),
        ],
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
