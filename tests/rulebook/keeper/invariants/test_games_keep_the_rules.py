"""Issue 16, item 12: the engine's games, replayed by an independent judge (checker.py), break
no rule: 2,000 games between random legal user-made decks built from every component the engine
plays, and the sample decks under both policies.

The games are split into chunks, so `pytest -n` spreads them over the cores.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

import pytest

from rulebook.keeper.engine import HeuristicPolicy, KeeperDeck, RandomPolicy, play_game
from rulebook.samples import KEEPER as SAMPLES

from .checker import check_log
from .decks import card_pool, random_decks

CHUNKS, GAMES_PER_CHUNK = 20, 100  # 2,000 games of user-made decks
RANDOM, HEURISTIC = RandomPolicy(), HeuristicPolicy()
POLICIES = ((RANDOM, RANDOM), (HEURISTIC, RANDOM), (RANDOM, HEURISTIC), (HEURISTIC, HEURISTIC))


@cache
def user_decks() -> list[KeeperDeck]:
    return random_decks(16, 60, card_pool(16, 300))


def judged(games) -> str:
    """The rules broken over these games, by rule, with an example of each."""
    broken: Counter[str] = Counter()
    examples: dict[str, str] = {}
    for deck_a, deck_b, seed, policies in games:
        log = play_game([deck_a, deck_b], seed, policies=policies, record_log=True).log
        for rule, message in check_log(list(log)):
            broken[rule] += 1
            examples.setdefault(rule, f"seed {seed}: {message}")
    return "\n".join(f"{count} x {rule}: {examples[rule]}" for rule, count in broken.items())


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_games_between_random_user_made_decks_keep_the_rules(chunk):
    decks = user_decks()
    games = []
    for seed in range(chunk * GAMES_PER_CHUNK, (chunk + 1) * GAMES_PER_CHUNK):
        deck_a, deck_b = decks[seed % len(decks)], decks[(seed * 7 + 3) % len(decks)]
        games.append((deck_a, deck_b, seed, POLICIES[seed % len(POLICIES)]))
    assert judged(games) == ""


def test_games_between_the_sample_decks_keep_the_rules_under_both_policies():
    decks = [KeeperDeck.from_deck(SAMPLES.deck(name)) for name in SAMPLES.names()]
    games = [
        (deck_a, deck_b, seed, policies)
        for deck_a in decks
        for deck_b in decks
        for policies in ((HEURISTIC, HEURISTIC), (RANDOM, RANDOM))
        for seed in range(25)
    ]
    assert judged(games) == ""
