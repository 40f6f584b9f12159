"""Every game the service knows, by slug: each is its package plus one registration.

A shipped game is a line of BUILT_IN; a game that lives elsewhere (a package of its own, a
test's toy game) calls `register` with its GamePlugin (rulebook.plugin) and `unregister` to
leave. Every table below follows from the plugins and is kept in step, in place, whenever one
is registered or leaves (so a module that imported a table sees the change); `on_change` tells
others that keep something derived from them (the API's schema enums).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import TypeVar

from rulebook.core.engine import Engine
from rulebook.core.game import GameSpec
from rulebook.core.ruleset import Ruleset
from rulebook.keeper.plugin import PLUGIN as KEEPER
from rulebook.metazoo.plugin import PLUGIN as METAZOO
from rulebook.millennium_blades.plugin import PLUGIN as MILLENNIUM_BLADES
from rulebook.neopets.plugin import PLUGIN as NEOPETS
from rulebook.opening_hands import HandRule
from rulebook.plugin import GamePlugin

BUILT_IN: tuple[GamePlugin, ...] = (NEOPETS, KEEPER, METAZOO, MILLENNIUM_BLADES)

PLUGINS: dict[str, GamePlugin] = {}
GAMES: dict[str, GameSpec] = {}
# Ruleset classes by registry key; a Format row's `ruleset` names one. A game's standard rules are
# registered under the game's slug.
RULESETS: dict[str, type[Ruleset]] = {}
# The games whose test games can be played, with their engines.
ENGINES: dict[str, Engine] = {}
# How each game that has an opening hand deals it.
HAND_RULES: dict[str, HandRule] = {}
# Every game's issue codes: the enumeration the API's schema gives Issue.code.
ISSUE_CODES: dict[str, str] = {}

_listeners: list[Callable[[], None]] = []


K = TypeVar("K")
V = TypeVar("V")


def register(plugin: GamePlugin) -> None:
    """Make a game known; ValueError if its slug or one of its ruleset keys is taken."""
    if plugin.slug in PLUGINS:
        raise ValueError(f"a game {plugin.slug!r} is registered already")
    taken = sorted(set(plugin.all_rulesets()) & set(RULESETS))
    if taken:
        raise ValueError(f"ruleset keys {', '.join(taken)} are registered already")
    PLUGINS[plugin.slug] = plugin
    _rebuild()


def unregister(slug: str) -> GamePlugin:
    """Forget a registered game; KeyError names the slug when there is none."""
    plugin = PLUGINS.pop(slug)
    _rebuild()
    return plugin


def on_change(listener: Callable[[], None]) -> None:
    """Call `listener` after each registration or unregistration."""
    _listeners.append(listener)


def _rebuild() -> None:
    plugins = PLUGINS.values()
    _refill(GAMES, {p.slug: p.spec for p in plugins})
    _refill(RULESETS, {key: r for p in plugins for key, r in p.all_rulesets().items()})
    _refill(ENGINES, {p.slug: p.engine for p in plugins if p.engine is not None})
    _refill(HAND_RULES, {p.slug: p.hand_rule for p in plugins if p.hand_rule is not None})
    _refill(ISSUE_CODES, {code: text for r in RULESETS.values() for code, text in r.codes.items()})
    ruleset_for.cache_clear()
    for listener in _listeners:
        listener()


def _refill(table: dict[K, V], entries: Mapping[K, V]) -> None:
    table.clear()
    table.update(entries)


def game_spec(slug: str) -> GameSpec:
    """The game with this slug; KeyError names the slug when there is none."""
    return GAMES[slug]


@cache
def ruleset_for(slug: str) -> Ruleset:
    """The (stateless, shared) ruleset registered under this key; KeyError when there is none."""
    return RULESETS[slug]()


def issue_codes(game_slug: str) -> Mapping[str, str]:
    """The issue codes a report of this game can carry, each with its meaning."""
    return RULESETS[game_slug].codes


for _plugin in BUILT_IN:
    register(_plugin)
