"""The dice game's one registration: everything the service needs to know of it."""

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rulebook.core.charts import DeckChart, counted
from rulebook.core.engine import MATCHES_AND_CARD_TESTS, Engine
from rulebook.opening_hands import HandRule
from rulebook.plugin import GamePlugin

from .cards import GAME
from .construction import DiceRuleset
from .engine import DiceDeck, play_game

HERE = Path(__file__).resolve().parent


def deck_charts(lines: Sequence[Any]) -> list[DeckChart]:
    """The deck by the numbers its cards show."""
    values = counted(lines, "deck", lambda line: line.card.attributes.get("value"))
    return [DeckChart("Deck by value", [(str(n), values[n]) for n in range(1, 7)])]


PLUGIN = GamePlugin(
    spec=GAME,
    ruleset=DiceRuleset,
    engine=Engine(
        DiceDeck.from_deck,
        play_game,
        play_game.seats,
        MATCHES_AND_CARD_TESTS,
        policy="Both seats keep a card over 3 and roll for any other.",
    ),
    sample_cards=HERE / "sample_cards.json",
    sample_decks=HERE / "sample_decks",
    hand_rule=HandRule("deck", 3, "Dice: the opening hand", max_mulligans=0),
    deck_charts=deck_charts,
)
