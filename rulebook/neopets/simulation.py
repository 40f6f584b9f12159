"""The Neopets engine as the simulation framework plays it (ENGINE, registered in the game's
plugin): its decks prepared once per chunk, its games played to an Outcome
(rulebook.core.outcome)."""

from __future__ import annotations

from rulebook.core.engine import MATCHES_AND_CARD_TESTS, Engine
from rulebook.neopets.engine import EngineDeck, HeuristicPolicy, RandomPolicy, play_game
from rulebook.neopets.telling import TELLING

prepare = EngineDeck.from_deck
play = play_game

# The players a person may play against: the default player, and one choosing at random.
BOTS = {"default": HeuristicPolicy, "random": RandomPolicy}

# How the default players (HeuristicPolicy, both seats) play: what a test game measures.
POLICY = (
    "Both seats play HeuristicPolicy: keep a hand with a Codestone (else mulligan once), attach "
    "Codestones, play the most valuable affordable card, reroll failed dice, pick Neopets by "
    "matchup, negate the opponent's valuable cards and use dice-changing Food when it counts."
)

ENGINE = Engine(
    prepare, play, play.seats, MATCHES_AND_CARD_TESTS, policy=POLICY, bots=BOTS, telling=TELLING
)
