"""The MetaZoo engine as the simulation framework plays it (ENGINE, registered in the game's
plugin): its Spellbooks prepared once per chunk, its games played to an Outcome
(rulebook.core.outcome)."""

from __future__ import annotations

from rulebook.core.engine import MATCHES_AND_CARD_TESTS, Engine
from rulebook.metazoo.engine import HeuristicPolicy, MetaZooDeck, RandomPolicy, play_game
from rulebook.metazoo.telling import TELLING

prepare = MetaZooDeck.from_deck
play = play_game

# The players a person may play against: the default player, and one choosing at random.
BOTS = {"default": HeuristicPolicy, "random": RandomPolicy}

# How the default players (HeuristicPolicy, both seats) play: what a test game measures.
POLICY = (
    "Both seats play HeuristicPolicy: keep a Chapter with Aura and other Pages (else Mulligan), "
    "Contract the Aura, Terra, Beasties and Artifacts the Chapter needs, Spells and Potions only "
    "with a target worth it, set Traps, use Powers, then attack with every Awakened Beastie; "
    "it defends when a blow would Destroy or cost a tenth of its LP, and responds in priority "
    "windows only with the listed responses."
)

ENGINE = Engine(
    prepare, play, play.seats, MATCHES_AND_CARD_TESTS, policy=POLICY, bots=BOTS, telling=TELLING
)
