"""Decks prepared together share each card compiled once (rulebook.core.cards.CompiledCards):
a deck doctor's worker prepares a deck and each of its swaps, 155 decks differing by a card or
two. Sharing must change nothing of how a deck plays."""

from __future__ import annotations

import pytest

from rulebook.core import frozen
from rulebook.core.cards import CompiledCards
from rulebook.samples import SAMPLES
from rulebook.simulation import ENGINES
from rulebook.simulation.doctor import apply_swap, candidate_swaps


def test_a_card_frozen_alike_in_several_decks_is_thawed_as_one_object():
    deck = SAMPLES["neopets"].deck("strong")
    first = frozen.deck_freeze(deck)
    changed = frozen.deck_freeze(deck)
    line = changed["sections"]["main"][0]
    changed["sections"]["main"][0] = {**line, "text": line["text"] + " (edited since)"}
    a, b, c = frozen.decks_thaw("neopets", [first, frozen.deck_freeze(deck), changed])
    assert a == frozen.deck_thaw("neopets", first)
    assert [e.card for e in a.entries("main")] == [e.card for e in c.entries("main")]
    assert all(x.card is y.card for x, y in zip(a.entries("main"), b.entries("main"), strict=True))
    # The same key with other data is another card, never the first one's object.
    assert c.entries("main")[0].card is not a.entries("main")[0].card
    assert c.entries("main")[0].card.text.endswith("(edited since)")
    assert c.entries("main")[1].card is a.entries("main")[1].card


@pytest.mark.parametrize("game", sorted(ENGINES))
def test_a_deck_and_its_swaps_prepared_together_play_every_game_as_prepared_alone(game):
    samples = SAMPLES[game]
    name, opponent = samples.names()[:2]
    deck = samples.deck(name)
    swaps = candidate_swaps(deck, samples.pool.cards, legal=lambda _: True)[:3]
    assert swaps, f"{game}: the sample pool gives no swap to try"
    decks = frozen.decks_thaw(
        game, [frozen.deck_freeze(d) for d in (deck, *(apply_swap(deck, *s) for s in swaps))]
    )
    engine = ENGINES[game]
    compiled = CompiledCards[object]()
    together = [engine.prepare(d, compiled) for d in decks]
    alone = [engine.prepare(d) for d in decks]
    field = engine.prepare(samples.deck(opponent))
    # Each card compiled once for the four decks, not once a deck.
    cards = {id(entry.card) for d in decks for entry in d.all_entries()}
    assert len(compiled) == len(cards) < sum(1 for d in decks for _ in d.all_entries())
    for seed in range(12):
        for mine, theirs in zip(together, alone, strict=True):
            with_shared = engine.play((mine, field), seed, record_log=True)
            on_its_own = engine.play((theirs, field), seed, record_log=True)
            assert with_shared.placements == on_its_own.placements
            assert with_shared.log == on_its_own.log
