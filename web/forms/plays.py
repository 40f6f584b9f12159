"""The form that sits a person down against the bot."""

from __future__ import annotations

from typing import Any

from django import forms

from rulebook.registry import GAMES
from rulebook.simulation.seeds import MAX_SEED

BOTS = (("default", "The default player"), ("random", "The random player"))


class PlayForm(forms.Form):
    """The game, your deck, the bot's deck and player, and, at a table (Millennium Blades),
    how many sit at it: a bot in every seat but yours, each with the bot's deck."""

    game = forms.ChoiceField(choices=())
    deck = forms.ChoiceField(label="Your deck", choices=())
    opponent = forms.ChoiceField(label="The bot's deck", choices=())
    bot = forms.ChoiceField(label="The bot", choices=BOTS, initial="default")
    players = forms.TypedChoiceField(
        label="Players at the table",
        coerce=int,
        choices=[(n, f"{n} players") for n in range(2, 6)],
        initial=2,
        help_text="Millennium Blades only: a bot in every other seat.",
    )
    seed = forms.IntegerField(
        min_value=0, max_value=MAX_SEED, required=False, help_text="Empty: a random seed."
    )

    def __init__(
        self,
        *args: Any,
        games: list[str],
        decks: list[Any],
        table_games: frozenset[str],
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.table_games = table_games
        self.fields["game"].choices = [(slug, GAMES[slug].name) for slug in games]
        self.fields["deck"].choices = decks
        self.fields["opponent"].choices = decks

    def seats(self) -> int:
        """How many sit down: two, or the table's count for a game played at a table."""
        data = self.cleaned_data
        return data["players"] if data["game"] in self.table_games else 2
