"""Each engine's golden games: which decks (sample and random legal ones) and which players."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from rulebook.cardfile import MemoryPool
from rulebook.core.cards import CardInfo, Deck
from rulebook.core.outcome import Outcome
from rulebook.core.resolve import EntryRef
from rulebook.keeper import engine as keeper_engine
from rulebook.keeper.cards import GAME as KEEPER
from rulebook.metazoo import engine as metazoo_engine
from rulebook.neopets import engine as neopets_engine
from rulebook.neopets.cards import GAME as NEOPETS
from rulebook.samples import KEEPER as KEEPER_SAMPLES
from rulebook.samples import METAZOO as METAZOO_SAMPLES
from rulebook.samples import NEOPETS as NEOPETS_SAMPLES
from rulebook.validate import resolve_and_check, standard_format
from tests.rulebook.keeper.invariants.decks import forced_parts, random_card
from tests.rulebook.metazoo.invariants.decks import random_spellbooks
from tests.rulebook.neopets.engine.builders import COPIES, sample_cards_by_role, sample_pool

from . import millennium_blades
from .playthroughs import GoldenGame

RANDOM_DECKS = 3


def _checked(game, refs: list[EntryRef], pool: MemoryPool) -> Deck:
    deck, report = resolve_and_check(game, refs, pool, standard_format(game))
    assert report.legal, [issue.message for issue in report.errors]
    return deck


def neopets_decks() -> dict[str, Deck]:
    """The sample decks and random legal decks of the sample cards (CR 8.1: 50-card Main Deck,
    3 to 5 Neopets of distinct species, up to 10 in the Rainbow Pool; 7.3.2 copy limits)."""
    pool = sample_pool()
    neopets, rainbow, stones, others = sample_cards_by_role()
    decks = {name: NEOPETS_SAMPLES.deck(name) for name in NEOPETS_SAMPLES.names()}
    rng = random.Random(2026)
    for number in range(RANDOM_DECKS):
        species: dict[str, CardInfo] = {}
        for card in rng.sample(neopets, len(neopets)):
            species.setdefault(card.attr("species"), card)
        chosen = list(species.values())[: rng.randint(3, 5)]
        in_pool = rng.sample(rainbow, rng.randint(0, min(10, len(rainbow))))
        names_in_pool = {card.name for card in in_pool}
        main: Counter[str] = Counter()
        for card in rng.choices(others, k=rng.randint(10, 30)):
            limit = COPIES.get(card.type, 2) - (card.name in names_in_pool)
            if main[card.name] < limit:
                main[card.name] += 1
        for card in rng.choices(stones, k=50 - sum(main.values())):
            main[card.name] += 1
        refs = [EntryRef("neopets", 1, name=card.name) for card in chosen]
        refs += [EntryRef("rainbow_pool", 1, name=card.name) for card in in_pool]
        refs += [EntryRef("main", count, name=name) for name, count in sorted(main.items())]
        decks[f"random-{number}"] = _checked(NEOPETS, refs, pool)
    return decks


def keeper_decks() -> dict[str, Deck]:
    """The sample decks and random legal decks of user-made cards, written as the builder
    writes them (the invariant checker's card maker), the first cards carrying each played
    component."""
    decks = {name: KEEPER_SAMPLES.deck(name) for name in KEEPER_SAMPLES.names()}
    rng = random.Random(2026)
    forced = forced_parts()
    cards = [
        random_card(rng, f"Golden {index}", forced[index * 7 % len(forced)]) for index in range(24)
    ]
    pool = MemoryPool(cards, KEEPER)
    for number in range(RANDOM_DECKS):
        chosen = rng.sample(cards, rng.randint(6, 12))
        counts = Counter(card.name for card in rng.choices(chosen, k=40))
        refs = [EntryRef("deck", count, name=name) for name, count in sorted(counts.items())]
        decks[f"random-{number}"] = _checked(KEEPER, refs, pool)
    return decks


def neopets_record(outcome: Outcome) -> dict[str, Any]:
    """The fields of the Neopets engine's GameRecord, as recorded, from its outcome."""
    figures, seats = outcome.figures, outcome.seats
    return {
        "winner": outcome.winner,
        "first": outcome.first,
        "rounds": figures["rounds"],
        "turns": figures["turns"],
        "round_winners": figures["round_winners"],
        "battles": figures["battles"],
        "damage": figures["damage"],
        "plays": tuple(seat["plays"] for seat in seats),
        "opening_codestone": tuple(seat["opening"]["codestone"] for seat in seats),
        "mulligan": tuple(seat["opening"]["mulligan"] for seat in seats),
        "unsupported": outcome.unsupported,
        "simplifications": outcome.simplifications,
        "capped": outcome.capped,
    }


def keeper_record(outcome: Outcome) -> dict[str, Any]:
    """The fields of the Keeper engine's GameRecord, as recorded, from its outcome."""
    figures, seats = outcome.figures, outcome.seats
    return {
        "winner": outcome.winner,
        "first": outcome.first,
        "rounds": figures["rounds"],
        "turns": figures["turns"],
        "battles": figures["battles"],
        "damage": figures["damage"],
        **{
            name: tuple(seat[name] for seat in seats)
            for name in ("plays", "card_damage", "drawn", "opening")
        },
        "unsupported": outcome.unsupported,
        "simplifications": outcome.simplifications,
        "capped": outcome.capped,
    }


def metazoo_decks() -> dict[str, Deck]:
    """The sample Spellbooks and random legal Spellbooks of user-made Pages (the invariant
    checker's Page maker)."""
    decks = {name: METAZOO_SAMPLES.deck(name) for name in METAZOO_SAMPLES.names()}
    for number, deck in enumerate(random_spellbooks(RANDOM_DECKS, 2026)):
        decks[f"random-{number}"] = deck
    return decks


def metazoo_record(outcome: Outcome) -> dict[str, Any]:
    """A MetaZoo game's record: its outcome's fields."""
    return {
        "winner": outcome.winner,
        "first": outcome.first,
        "figures": dict(outcome.figures),
        "seats": [dict(seat) for seat in outcome.seats],
        "unsupported": outcome.unsupported,
        "simplifications": outcome.simplifications,
        "capped": outcome.capped,
    }


GOLDENS = (
    GoldenGame(
        slug="neopets",
        build_decks=neopets_decks,
        players={
            "default": lambda: None,
            "random-vs-default": lambda: (
                neopets_engine.RandomPolicy(5),
                neopets_engine.HeuristicPolicy(),
            ),
        },
        play=neopets_engine.play_game,
        record_fields=neopets_record,
    ),
    GoldenGame(
        slug="keeper",
        build_decks=keeper_decks,
        players={
            "default": lambda: None,
            "random-vs-default": lambda: (
                keeper_engine.RandomPolicy(),
                keeper_engine.HeuristicPolicy(),
            ),
        },
        play=keeper_engine.play_game,
        record_fields=keeper_record,
    ),
    GoldenGame(
        slug="metazoo",
        build_decks=metazoo_decks,
        players={
            "default": lambda: None,
            "random-vs-default": lambda: (
                metazoo_engine.RandomPolicy(5),
                metazoo_engine.HeuristicPolicy(),
            ),
        },
        play=metazoo_engine.play_game,
        record_fields=metazoo_record,
    ),
)
GOLDENS += (millennium_blades.GOLDEN,)  # tables of 2 to 5 (tests/golden/millennium_blades.py)
