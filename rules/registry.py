"""Every game and ruleset the service knows, by slug: a new game is a package plus a line here."""

from __future__ import annotations

from rules.core.game import GameSpec
from rules.keeper.cards import GAME as KEEPER
from rules.metazoo.cards import GAME as METAZOO
from rules.millennium_blades.cards import GAME as MILLENNIUM_BLADES
from rules.neopets.cards import GAME as NEOPETS

GAMES: dict[str, GameSpec] = {
    game.slug: game for game in (NEOPETS, KEEPER, METAZOO, MILLENNIUM_BLADES)
}


def game_spec(slug: str) -> GameSpec:
    """The game with this slug; KeyError names the slug when there is none."""
    return GAMES[slug]
