"""A plain-text decklist as a form field."""

from __future__ import annotations

from typing import Any

from django import forms

from rulebook.core.decklist import parse_decklist
from rulebook.core.game import GameSpec
from rulebook.core.resolve import EntryRef


class DecklistField(forms.CharField):
    """A plain-text decklist of one game, read into entries; unreadable lines are named."""

    def __init__(self, game: GameSpec, **kwargs: Any) -> None:
        self.game = game
        kwargs.setdefault("widget", forms.Textarea(attrs={"rows": 10, "class": "mono"}))
        kwargs.setdefault("max_length", 50_000)
        super().__init__(**kwargs)

    def clean(self, value: Any) -> list[EntryRef]:
        text = super().clean(value)
        parsed = parse_decklist(text, self.game)
        if parsed.problems:
            raise forms.ValidationError(
                [f"Line {p.line} ({p.text!r}): {p.message}" for p in parsed.problems]
            )
        return parsed.entries


def sections_help(game: GameSpec) -> str:
    headers = ", ".join(f"“{section.name}:”" for section in game.sections)
    return f"One card a line (“2 Name”); section headers {headers}."
