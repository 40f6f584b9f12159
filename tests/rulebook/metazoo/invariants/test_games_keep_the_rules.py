"""Issue 23: the engine's games, replayed by an independent judge (checker.py), break no rule:
3,000 games between random legal user-made Spellbooks (decks.py, which borrows nothing of the
engine's tables) under every pairing of the random and the heuristic policies, and the sample
Spellbooks under both.

The games are split into chunks, so `pytest -n` spreads them over the cores.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import NamedTuple

import pytest

from rulebook.core.cards import Deck
from rulebook.metazoo.engine import HeuristicPolicy, MetaZooDeck, RandomPolicy, play_game
from rulebook.samples import METAZOO as SAMPLES

from .checker import check_log
from .decks import random_spellbooks

CHUNKS, GAMES_PER_CHUNK = 15, 200  # 3,000 games of user-made Spellbooks
RANDOM, HEURISTIC = RandomPolicy(), HeuristicPolicy()
POLICIES = ((RANDOM, RANDOM), (HEURISTIC, RANDOM), (RANDOM, HEURISTIC), (HEURISTIC, HEURISTIC))


class Spellbook(NamedTuple):
    """A Spellbook ready to play, and its Pages' printed effects by name, read from the
    Spellbook's own data (not the engine's) for the judge."""

    deck: MetaZooDeck
    effects: dict[str, list]


def ready(decks: list[Deck]) -> list[Spellbook]:
    return [
        Spellbook(
            MetaZooDeck.from_deck(deck),
            {
                entry.card.name: list(entry.card.attributes.get("effects") or ())
                for entry in deck.entries("spellbook")
            },
        )
        for deck in decks
    ]


@cache
def user_spellbooks() -> list[Spellbook]:
    return ready(random_spellbooks(16, 2))


def judged(games) -> str:
    """The rules broken over these games, by rule, with an example of each."""
    broken: Counter[str] = Counter()
    examples: dict[str, str] = {}
    for book_a, book_b, seed, policies in games:
        log = play_game([book_a.deck, book_b.deck], seed, policies=policies, record_log=True).log
        for rule, message in check_log(list(log), {**book_a.effects, **book_b.effects}):
            broken[rule] += 1
            examples.setdefault(rule, f"seed {seed}: {message}")
    return "\n".join(f"{count} x {rule}: {examples[rule]}" for rule, count in broken.items())


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_games_between_random_user_made_spellbooks_keep_the_rules(chunk):
    decks = user_spellbooks()
    games = []
    for seed in range(chunk * GAMES_PER_CHUNK, (chunk + 1) * GAMES_PER_CHUNK):
        deck_a, deck_b = decks[seed % len(decks)], decks[(seed * 7 + 3) % len(decks)]
        games.append((deck_a, deck_b, seed, POLICIES[seed % len(POLICIES)]))
    assert judged(games) == ""


def test_terra_heavy_games_keep_the_rotation_going_round():
    """Terra Pages and Rotation (p. 13): with a dozen Terra a Spellbook, the random players
    Contract Terra into six full slots often, so the judge's obligation (each replaces the
    slot the rotation has reached, and the rotation moves on) is tested, not only stated."""
    decks = ready(random_spellbooks(4, 5, terra=(12, 14)))
    games = [(decks[seed % 4], decks[(seed + 1) % 4], seed, (RANDOM, RANDOM)) for seed in range(20)]
    assert judged(games) == ""
    slots = Counter(
        event["slot"]
        for book_a, book_b, seed, policies in games
        for event in play_game(
            [book_a.deck, book_b.deck], seed, policies=policies, record_log=True
        ).log
        if event["event"] == "terra" and event["replaced"] is not None
    )
    assert set(slots) == {1, 2, 3, 4, 5, 6}  # the rotation went all the way round


def test_games_between_the_sample_spellbooks_keep_the_rules_under_both_policies():
    decks = ready([SAMPLES.deck(name) for name in SAMPLES.names()])
    games = [
        (deck_a, deck_b, seed, policies)
        for deck_a in decks
        for deck_b in decks
        for policies in ((HEURISTIC, HEURISTIC), (RANDOM, RANDOM))
        for seed in range(8)
    ]
    assert judged(games) == ""


def test_the_random_spellbooks_use_every_part_of_the_vocabulary():
    """The judge sees every keyword, Trait and Status Effect played, so none goes unchecked."""
    events: Counter[str] = Counter()
    decks = user_spellbooks()
    for seed in range(300):
        log = play_game(
            [decks[seed % 16].deck, decks[(seed * 7 + 3) % 16].deck],
            seed,
            policies=POLICIES[seed % 4],
            record_log=True,
        ).log
        events.update(event["event"] for event in log)
        events.update(f"status:{e['status']}" for e in log if e["event"] == "inflict")
        events.update(f"trigger:{e['when']}" for e in log if e["event"] == "trigger")
    played = {
        "trap",
        "trap_moved",
        "trap_flipped",
        "terra",
        "power",
        "any_time",
        "nullified",
        "redirected",
        "placed_under",
        "equip",
        "attacks_barred",
        "shroud",
        "mulligan",
    }
    played |= {f"trigger:{when}" for when in ("enter", "destroyed", "start_of_turn", "end_of_turn")}
    played |= {
        f"status:{status}"
        for status in ("frozen", "burn", "paralyze", "poison", "scared", "sleep", "confusion")
    }
    assert played - set(events) == set()
