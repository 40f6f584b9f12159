"""The Millennium Blades tournament engine's golden games: tables of every size it seats (2 to
5) of the sample decks, random legal decks and a random illegal one (played after the random
fix), under random players and the heuristic, and two table jobs."""

from __future__ import annotations

import random
from typing import Any

from rulebook.core.cards import Deck
from rulebook.core.outcome import Outcome
from rulebook.millennium_blades import engine
from rulebook.samples import MILLENNIUM_BLADES as SAMPLES
from tests.rulebook.millennium_blades.invariants.decks import card_pool, random_deck

from .playthroughs import GoldenGame

RANDOM_DECKS = 3


def decks() -> dict[str, Deck]:
    """The sample decks, random legal decks of random cards and one illegal deck."""
    built = {name: SAMPLES.deck(name) for name in SAMPLES.names()}
    rng = random.Random(2026)
    pool = card_pool(rng)
    for number in range(RANDOM_DECKS):
        built[f"random-{number}"] = random_deck(rng, pool)
    built["random-illegal"] = random_deck(rng, pool, legal=False)
    return built


def tables(names: list[str]) -> list[list[str]]:
    """Every table of 2 to 5 consecutive decks, round the sorted names."""
    return [
        [names[(start + seat) % len(names)] for seat in range(seated)]
        for seated in range(2, 6)
        for start in range(len(names))
    ]


def table_jobs(names: list[str]) -> list[dict[str, Any]]:
    return [
        {"kind": "table", "decks": names[:4], "seed": 11},
        {"kind": "table", "decks": names[-3:], "seed": 12},
    ]


def record(outcome: Outcome) -> dict[str, Any]:
    return {
        "placements": outcome.placements,
        "first": outcome.first,
        "figures": dict(outcome.figures),
        "seats": outcome.seats,
        "unsupported": outcome.unsupported,
        "simplifications": outcome.simplifications,
        "capped": outcome.capped,
    }


GOLDEN = GoldenGame(
    slug="millennium-blades",
    build_decks=decks,
    # "default" (played at every table): random players, reseeded from each game's seed. The
    # heuristic players decide alike whatever the seed, so two of their tournaments without a
    # clash differ only in who went first: on every table they would pin few distinct games.
    players={
        "default": lambda: (engine.RandomPolicy(),) * 5,
        "heuristic": lambda: None,
    },
    play=engine.play_game,
    record_fields=record,
    seatings=tables,
    jobs=table_jobs,
)
