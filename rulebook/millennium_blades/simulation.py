"""The Millennium Blades tournament engine as the simulation framework plays it (ENGINE, registered
in the game's plugin): its decks prepared once per chunk, its tournaments played to an Outcome
(rulebook.core.outcome), two to five seats."""

from __future__ import annotations

from rulebook.core.engine import Engine, JobKind
from rulebook.millennium_blades.construction import ACCESSORIES, DECK_BOX_SECTION, SINGLES
from rulebook.millennium_blades.engine import (
    HeuristicPolicy,
    RandomPolicy,
    TournamentDeck,
    play_game,
)
from rulebook.millennium_blades.store import DEFAULT_STORE, STORES
from rulebook.millennium_blades.telling import TELLING

prepare = TournamentDeck.from_deck
play = play_game

# The players a person may play against: the default player, and one choosing at random.
BOTS = {"default": HeuristicPolicy, "random": RandomPolicy}

# How the default players (HeuristicPolicy, every seat) play: what a test game measures.
POLICY = (
    "Every seat plays HeuristicPolicy: play the Single worth most RP now, use an Action as soon "
    "as it does something, drain and flip the leader, and use a Reaction when it helps."
)

# An illegal deck is played after the rulebook's random fix ("randomly remove cards until it
# meets the card limit"), each game seeded from its own seed: the breaches that fix mends. A
# card that cannot be found, or one a format bans, still refuses the deck.
FIXES = frozenset(
    {
        f"{SINGLES}.size",
        f"{DECK_BOX_SECTION}.size",
        f"{ACCESSORIES}.size",
        "copies.limit",
        "card.section",
    }
)

# A job may name the Store its clashes reveal from (rulebook/millennium_blades/store.py).
OPTIONS = {"store": (DEFAULT_STORE, *sorted(set(STORES) - {DEFAULT_STORE}))}

ENGINE = Engine(
    prepare,
    play,
    play.seats,
    frozenset({JobKind.TABLE}),
    FIXES,
    OPTIONS,
    POLICY,
    BOTS,
    telling=TELLING,
)
