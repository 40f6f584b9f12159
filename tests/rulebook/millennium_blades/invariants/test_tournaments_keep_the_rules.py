"""Issue 24: the engine's tournaments, replayed by an independent judge (checker.py), break no
rule: 3,000 tournaments of two to five random decks (legal ones, and illegal ones the engine
plays after the rulebook's random fix) under random and heuristic players, and the sample decks.

The tournaments are split into chunks, so `pytest -n` spreads them over the cores.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

import pytest

from rulebook.millennium_blades.engine import (
    HeuristicPolicy,
    RandomPolicy,
    TournamentDeck,
    play_game,
)
from rulebook.samples import MILLENNIUM_BLADES as SAMPLES

from .checker import check_log
from .decks import card_pool, random_deck

CHUNKS, TOURNAMENTS_PER_CHUNK = 15, 200  # 3,000 tournaments of random decks
RANDOM, HEURISTIC = RandomPolicy(), HeuristicPolicy()


@cache
def random_decks() -> list:
    """40 random decks (a quarter of them illegal), each as given and as the engine prepares it."""
    rng = random.Random(24)
    pool = card_pool(rng)
    decks = [random_deck(rng, pool, legal=number % 4 != 3) for number in range(40)]
    return [(deck, TournamentDeck.from_deck(deck)) for deck in decks]


def judged(tables) -> tuple[str, Counter[str]]:
    """The rules broken over these tournaments, by rule with an example of each; and what
    happened in them (clashes, flips, fixes), so that a run that saw nothing fails."""
    broken: Counter[str] = Counter()
    seen: Counter[str] = Counter()
    examples: dict[str, str] = {}
    for decks, seed, policies in tables:
        outcome = play_game(
            [prepared for _, prepared in decks], seed, policies=policies, record_log=True
        )
        seen.update(event["event"] for event in outcome.log)
        seen["fixed"] += sum(bool(event.get("removed")) for event in outcome.log)
        for rule, message in check_log([given for given, _ in decks], outcome.log):
            broken[rule] += 1
            examples.setdefault(rule, f"seed {seed}: {message}")
    report = "\n".join(f"{count} x {rule}: {examples[rule]}" for rule, count in broken.items())
    return report, seen


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_tournaments_between_random_decks_keep_the_rules(chunk):
    decks = random_decks()
    tables = []
    for seed in range(chunk * TOURNAMENTS_PER_CHUNK, (chunk + 1) * TOURNAMENTS_PER_CHUNK):
        rng = random.Random(seed)
        seated = rng.randint(2, 5)
        policies = tuple(rng.choice((RANDOM, HEURISTIC)) for _ in range(seated))
        tables.append((rng.sample(decks, seated), seed, policies))
    broken, seen = judged(tables)
    assert broken == ""
    # the judge saw the rules it checks at work
    for event in ("clash", "flip", "reaction", "action", "stars", "fixed"):
        assert seen[event] > 0, event


def test_tournaments_between_the_sample_decks_keep_the_rules_under_both_policies():
    decks = [
        (SAMPLES.deck(name), TournamentDeck.from_deck(SAMPLES.deck(name)))
        for name in SAMPLES.names()
    ]
    tables = [
        (decks[:seated] if seed % 2 else decks[-seated:], seed, (policy,) * seated)
        for seated in range(2, 6)
        for policy in (HEURISTIC, RANDOM)
        for seed in range(25)
    ]
    broken, _ = judged(tables)
    assert broken == ""
