"""The PostgreSQL stat indexes of migration 0003 cover every numeric attribute of every game."""

from __future__ import annotations

import importlib

from rulebook.registry import GAMES

search_tuning = importlib.import_module("cards.migrations.0003_search_tuning")


def test_every_numeric_attribute_has_a_stat_index():
    """A game adding a numeric attribute adds a migration indexing it (see 0003's docstring)."""
    numeric = {
        name for spec in GAMES.values() for name, field in spec.attributes.items() if field.numeric
    }
    assert numeric <= set(search_tuning.NUMERIC_ATTRIBUTES)
