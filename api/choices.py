"""The API's choices that follow the game registry (rulebook.registry): the games, the games
with an engine, the issue codes.

They are read each time a serializer is made, never frozen at import, so a game registered
after start-up is accepted and enumerated like the shipped ones; the schema's enums that are
named after them (settings.SPECTACULAR_SETTINGS["ENUM_NAME_OVERRIDES"]) are read again whenever
the registry changes (api.apps).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from rest_framework import serializers

from api.codes import issue_codes
from rulebook.registry import ENGINES, GAMES


def game_choices() -> list[str]:
    """Every registered game's slug: the schema's GameEnum."""
    return sorted(GAMES)


def engine_game_choices() -> list[str]:
    """The games whose test games can be played. Every game has an engine now, so the schema
    names these GameEnum too (a game without one would give a second enum of its own)."""
    return sorted(ENGINES)


def issue_code_choices() -> list[tuple[str, str]]:
    """The issue codes as choices, each labelled with its meaning: the schema's IssueCodeEnum,
    described code by code."""
    return sorted(issue_codes().items())


class RegistryChoiceField(serializers.ChoiceField):
    """A ChoiceField whose choices are `choices()` as the serializer is made (DRF makes each
    serializer's fields anew from the arguments they were declared with)."""

    def __init__(self, choices: Callable[[], Iterable[Any]], **kwargs: Any) -> None:
        super().__init__(choices(), **kwargs)
