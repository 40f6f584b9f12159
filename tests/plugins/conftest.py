"""The toy dice game, registered for a test and gone after it (tests/plugins/dice/)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rulebook import registry
from rulebook.plugin import GamePlugin

from .dice.plugin import PLUGIN as DICE


@pytest.fixture
def dice() -> Iterator[GamePlugin]:
    """The dice game, registered: its one registration, as a game of its own package makes it."""
    registry.register(DICE)
    try:
        yield DICE
    finally:
        registry.unregister(DICE.slug)


@pytest.fixture
def dice_stored(dice: GamePlugin, db) -> GamePlugin:
    """The dice game registered, its Game row and standard format made as `migrate` makes them
    for every registered game, and its sample cards loaded."""
    from cards.services.games import games_sync
    from cards.services.importer import cards_import_files
    from rules.services.formats import formats_ensure_standard

    games_sync()
    formats_ensure_standard()
    cards_import_files(paths=[dice.sample_cards])
    return dice
