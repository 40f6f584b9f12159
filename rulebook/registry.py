"""Every game and ruleset the service knows, by slug: a new game is a package plus a line here."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from rulebook.core.game import GameSpec
from rulebook.core.ruleset import Ruleset
from rulebook.keeper.cards import GAME as KEEPER
from rulebook.keeper.construction import KeeperRuleset
from rulebook.metazoo.cards import GAME as METAZOO
from rulebook.metazoo.construction import MetaZooRuleset
from rulebook.millennium_blades.cards import GAME as MILLENNIUM_BLADES
from rulebook.millennium_blades.construction import MillenniumBladesRuleset
from rulebook.neopets.cards import GAME as NEOPETS
from rulebook.neopets.construction import NeopetsRuleset

GAMES: dict[str, GameSpec] = {
    game.slug: game for game in (NEOPETS, KEEPER, METAZOO, MILLENNIUM_BLADES)
}

# Ruleset classes by registry key; a Format row's `ruleset` names one. A game's standard rules are
# registered under the game's slug.
RULESETS: dict[str, type[Ruleset]] = {
    NEOPETS.slug: NeopetsRuleset,
    KEEPER.slug: KeeperRuleset,
    METAZOO.slug: MetaZooRuleset,
    MILLENNIUM_BLADES.slug: MillenniumBladesRuleset,
}


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


# Every game's issue codes: the enumeration the API's schema gives Issue.code.
ISSUE_CODES: dict[str, str] = {
    code: meaning for ruleset in RULESETS.values() for code, meaning in ruleset.codes.items()
}
