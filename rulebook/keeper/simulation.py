"""The Keeper engine as the simulation framework plays it (ENGINE, registered in the game's
plugin): its decks prepared once per chunk, its games played to an Outcome
(rulebook.core.outcome)."""

from __future__ import annotations

from rulebook.core.engine import MATCHES_AND_CARD_TESTS, Engine
from rulebook.keeper.engine import HeuristicPolicy, KeeperDeck, RandomPolicy, play_game
from rulebook.keeper.telling import TELLING

prepare = KeeperDeck.from_deck
play = play_game

# The players a person may play against: the default player, and one choosing at random.
BOTS = {"default": HeuristicPolicy, "random": RandomPolicy}

# How the default players (HeuristicPolicy, both seats) play: what a test game measures.
POLICY = (
    "Both seats play HeuristicPolicy: resources two a turn until 4, then one until 8; summons "
    "its most valuable affordable creature, casts spells only at a target worth hitting, sets "
    "its dearest spell as a trap; attacks the player when its dice are expected to get through, "
    "else a creature its dice are expected to destroy; defends with every creature, sturdiest "
    "first."
)

ENGINE = Engine(
    prepare, play, play.seats, MATCHES_AND_CARD_TESTS, policy=POLICY, bots=BOTS, telling=TELLING
)
