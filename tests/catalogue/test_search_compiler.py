"""How stat comparisons compile: each game resolves the alias; games are named only if needed."""

from __future__ import annotations

from dataclasses import replace

from cards.search import compiler
from rulebook.core.schema import Field
from rulebook.registry import GAMES


def test_it_compares_the_attribute_each_game_resolves_without_naming_games():
    """Only Neopets cards carry `attack` and only Keeper cards `offense` (each card is checked
    against its game's schema), so no game condition is needed."""
    compiled = str(compiler.comparison_q("atk", ">", 3))
    assert "('stat_attack__gt', 3)" in compiled
    assert "('stat_offense__gt', 3)" in compiled
    assert "game__slug" not in compiled


def test_it_names_the_games_when_another_game_has_the_attribute_under_another_stat(
    monkeypatch,
):
    """A game whose `atk` means `power` but which also has an `attack` attribute must not match
    `atk>3` through `attack`."""
    other = replace(
        GAMES["keeper"],
        slug="other",
        attributes={"attack": Field("int", numeric=True), "power": Field("int", numeric=True)},
        stat_aliases={"atk": "power"},
    )
    monkeypatch.setattr(compiler, "GAMES", {**GAMES, "other": other})
    compiled = str(compiler.comparison_q("atk", ">", 3))
    assert "('game__slug__in', ['neopets'])" in compiled
    # `power` is this made-up game's own attribute, with no column: read from `attributes`
    assert "('attributes__has_key', 'power')" in compiled
